import { createFakeFetch } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { createTestStore } from '../../test/renderApp';
import { buildProjectSummary } from '../../test/projectSummaries';
import { keepProjectsForOffline, projectsForOffline } from './offlineProjects';
import { readSourceChanged } from './syncSlice';

const ids = {
  owned: '11111111-1111-4111-8111-111111111111',
  member: '22222222-2222-4222-8222-222222222222',
  stranger: '33333333-3333-4333-8333-333333333333',
  completed: '44444444-4444-4444-8444-444444444444',
};

describe('projectsForOffline', () => {
  it('takes the active projects of the user’s teams, newest change first, up to the limit', () => {
    const projects = [
      buildProjectSummary({ id: 'a', ownerId: 'me', lastModified: '2026-11-01T00:00:00.000Z' }),
      buildProjectSummary({ id: 'b', ownerId: 'other', memberIds: ['me'], lastModified: '2026-11-03T00:00:00.000Z' }),
      buildProjectSummary({ id: 'c', ownerId: 'other', deputyOwnerId: 'me', lastModified: '2026-11-02T00:00:00.000Z' }),
      buildProjectSummary({ id: 'd', ownerId: 'other' }),
      buildProjectSummary({ id: 'e', ownerId: 'me', status: 'completed' }),
    ];
    expect(projectsForOffline(projects, 'me').map((project) => project.id)).toEqual(['b', 'c', 'a']);
    expect(projectsForOffline(projects, 'me', 2).map((project) => project.id)).toEqual(['b', 'c']);
  });
});

describe('keepProjectsForOffline', () => {
  it('keeps the documents of the user’s projects and reads again only what changed on the server', async () => {
    const user = buildUser('Monteur');
    const revisions: Record<string, number> = { [ids.owned]: 3, [ids.member]: 5 };
    const list = () => [
      buildProjectSummary({ id: ids.owned, ownerId: user.id, revision: revisions[ids.owned] }),
      buildProjectSummary({ id: ids.member, memberIds: [user.id], revision: revisions[ids.member] }),
      buildProjectSummary({ id: ids.stranger }),
      buildProjectSummary({ id: ids.completed, ownerId: user.id, status: 'completed' }),
    ];
    const fake = createFakeFetch({
      [`GET /api/projects/${ids.owned}`]: () => ({ body: { id: ids.owned, revision: revisions[ids.owned] } }),
      [`GET /api/projects/${ids.member}`]: () => ({ body: { id: ids.member, revision: revisions[ids.member] } }),
    });
    const { store, extra } = createTestStore({ fake, user });

    expect(await store.dispatch(keepProjectsForOffline(list()))).toBe(2);
    const local = await extra.sync.loaded();
    expect(await local.getRead(`/projects/${ids.member}`)).toEqual({ id: ids.member, revision: 5 });
    expect(await local.getRead(`/projects/${ids.stranger}`)).toBeUndefined();

    revisions[ids.member] = 6;
    expect(await store.dispatch(keepProjectsForOffline(list()))).toBe(1);
    expect(fake.calls(`GET /api/projects/${ids.owned}`)).toHaveLength(1);
    expect(await local.getRead(`/projects/${ids.member}`)).toEqual({ id: ids.member, revision: 6 });
  });

  it('skips a project it may not read, and reads nothing when the list came from the device', async () => {
    const user = buildUser('Monteur');
    const fake = createFakeFetch({
      [`GET /api/projects/${ids.owned}`]: { status: 403, body: { message: 'Keine Berechtigung.' } },
      [`GET /api/projects/${ids.member}`]: { body: { id: ids.member, revision: 1 } },
    });
    const { store } = createTestStore({ fake, user });
    const list = [
      buildProjectSummary({ id: ids.owned, ownerId: user.id, lastModified: '2026-11-02T00:00:00.000Z' }),
      buildProjectSummary({ id: ids.member, memberIds: [user.id], lastModified: '2026-11-01T00:00:00.000Z' }),
    ];
    expect(await store.dispatch(keepProjectsForOffline(list))).toBe(1);
    store.dispatch(readSourceChanged('local'));
    expect(await store.dispatch(keepProjectsForOffline(list))).toBe(0);
    expect(fake.calls(`GET /api/projects/${ids.member}`)).toHaveLength(1);
  });
});
