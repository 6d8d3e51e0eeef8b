import { openProject, loadProject } from '../entities/project/projectThunks';
import { buildUser } from '../test/fixtures';
import type { FakeAnswer } from '../test/fakeFetch';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { API_PATH, buildProject, owner, PROJECT_ID, projectServer } from '../test/project';
import { createTestStore } from '../test/renderApp';
import { earlyReads } from './earlyReads';
import { firstReads, landingRoute } from './landingStart';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the start of a signed-in visitor: the landing route', () => {
  it('finds the page and its parameters in the address; an unknown route lands on the dashboard', () => {
    expect(landingRoute(`#/project/${PROJECT_ID}`)).toEqual({ page: 'project', params: { id: PROJECT_ID } });
    expect(landingRoute('#/users?from=menu')).toEqual({ page: 'users', params: {} });
    expect(landingRoute('#/messages/u-1')).toEqual({ page: 'messages', params: { userId: 'u-1' } });
    expect(landingRoute('')).toEqual({ page: 'dashboard', params: {} });
    expect(landingRoute('#/nirgendwo')).toEqual({ page: 'dashboard', params: {} });
  });
});

describe('the one table of first reads (issue 19)', () => {
  it("starts the board's read for the project in the address, which the board page takes once", async () => {
    const context = createTestStore({ fake: projectServer(buildProject()), user: owner });
    const gets = () => context.fake.calls(`GET ${API_PATH}`).length;
    void context.store.dispatch(firstReads.project!(landingRoute(`#/project/${PROJECT_ID}`).params));
    await flush();
    expect(gets()).toBe(1);
    context.store.dispatch(openProject(PROJECT_ID, false));
    await context.store.dispatch(loadProject());
    expect(gets()).toBe(1);
    expect(context.store.getState().project.status).toBe('loaded');
    // Every later load reads again.
    await context.store.dispatch(loadProject());
    expect(gets()).toBe(2);
  });

  it('sends, for an Admin, every GET public/landing.js sends ahead (app/earlyReads.ts), so that the app takes them', async () => {
    const fake = createFakeFetch({});
    const context = createTestStore({ fake, user: buildUser('Admin', { id: 'u-admin', username: 'admin' }) });
    void context.store.dispatch(firstReads.dashboard!({}));
    void context.store.dispatch(firstReads.users!({}));
    void context.store.dispatch(firstReads.project!({ id: PROJECT_ID }));
    await flush();
    await flush();
    const sent = fake.requests.filter((request) => request.method === 'GET').map((request) => request.url);
    const ahead = Object.values(earlyReads).flatMap((paths) =>
      (paths ?? []).map((path) => `/api${path.replace(':id', PROJECT_ID)}`),
    );
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.filter((url) => !sent.includes(url))).toEqual([]);
  });

  it("starts the dashboard's and the user management's reads through the data cache", async () => {
    const fake = createFakeFetch({
      'GET /api/projects': { body: [] },
      'GET /api/users': { body: [] },
      'GET /api/external-users': { body: [] },
    });
    const context = createTestStore({ fake, user: buildUser('Admin', { id: 'u-admin', username: 'admin' }) });
    void context.store.dispatch(firstReads.dashboard!({}));
    void context.store.dispatch(firstReads.users!({}));
    await flush();
    await flush();
    expect(fake.calls('GET /api/projects')).toHaveLength(1);
    expect(fake.calls('GET /api/users')).toHaveLength(1);
    expect(fake.calls('GET /api/external-users')).toHaveLength(1);
  });

  it("resolves once the page's reads have settled, answered or failed (the other pages' chunks wait for it)", async () => {
    let answerUsers: (answer: FakeAnswer) => void = () => undefined;
    const fake = createFakeFetch({
      'GET /api/users': () => new Promise<FakeAnswer>((resolve) => (answerUsers = resolve)),
      'GET /api/external-users': networkFailure(),
    });
    const context = createTestStore({ fake, user: buildUser('Admin', { id: 'u-admin', username: 'admin' }) });
    let settled = false;
    void context.store.dispatch(firstReads.users!({})).then(() => (settled = true));
    await flush();
    await flush();
    expect(fake.calls('GET /api/users')).toHaveLength(1);
    expect(settled).toBe(false);

    answerUsers({ body: [] });
    for (let tries = 0; tries < 20 && !settled; tries += 1) await flush();
    expect(settled).toBe(true);
  });

  it("resolves once the board's read has failed, without rejecting", async () => {
    const fake = createFakeFetch({ [`GET ${API_PATH}`]: networkFailure() });
    const context = createTestStore({ fake, user: owner });
    await expect(context.store.dispatch(firstReads.project!({ id: PROJECT_ID }))).resolves.toBeUndefined();
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);
  });

  it('reads nothing ahead for a user who may not see it', async () => {
    const fake = createFakeFetch({ 'GET /api/users': { body: [] } });
    const context = createTestStore({ fake, user: buildUser('Monteur', { id: 'u-max', username: 'max' }) });
    void context.store.dispatch(firstReads.users!({}));
    await flush();
    expect(fake.calls('GET /api/users')).toHaveLength(0);
  });
});
