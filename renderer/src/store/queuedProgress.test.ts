import type { ProjectSummaryDto } from '@werkboard/common';
import { projectsApi } from '../api/endpoints/projects';
import { buildUser } from '../test/fixtures';
import { createFakeFetch } from '../test/fakeFetch';
import { createTestStore } from '../test/renderApp';

/**
 * The dashboard's project list offline follows the device's queue: a save queued after the
 * list was read (a move a moment after the page opened) shows in the list's progress without
 * another visit (issue 19; the phone e2e caught the older 20 % under load).
 */

const ID = '0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';

const summary: ProjectSummaryDto = {
  ...{ id: ID, revision: 3, name: 'Sanitär Neubau Nord', description: '', icon: 'briefcase', projectNumber: '' },
  ...{ customerType: 'Allgemein', status: 'active', ownerId: null, ownerUsername: null, deputyOwnerId: null },
  ...{ memberIds: [], groupId: null, tagIds: [], thumbnailImageId: null, cardCount: 4, doneCount: 1 },
  ...{ lastModified: '2026-11-20T08:00:00.000Z', createdAt: '2026-11-01T08:00:00.000Z' },
};

const cards = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c${index}` }));
/** The device's copy of the board: `perColumn` cards in each column, the last one done. */
const board = (...perColumn: number[]) => ({
  id: ID,
  revision: 3,
  columns: perColumn.map((count) => ({ cards: cards(count) })),
});

let online = true;
beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterAll(() => {
  online = true;
});

function setup() {
  const fake = createFakeFetch({
    'GET /api/projects': () => (online ? { body: [summary] } : Promise.reject(new TypeError('Failed to fetch'))),
  });
  const context = createTestStore({ fake, user: buildUser('Monteur') });
  const list = context.store.dispatch(projectsApi.endpoints.projects.initiate());
  const shown = () => projectsApi.endpoints.projects.select()(context.store.getState()).data?.[0];
  return { ...context, list, shown };
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("the project list's progress offline (issue 19)", () => {
  afterEach(() => {
    online = true;
  });

  it('reads the list again when a save of a project is queued after it was read', async () => {
    const { extra, list, shown, store } = setup();
    await list;
    expect(shown()).toMatchObject({ cardCount: 4, doneCount: 1 });

    // Offline: the list is the kept copy with the first queued save on top (a card added: 1/5).
    online = false;
    await extra.sync.enqueue({ method: 'PUT', path: `/projects/${ID}`, body: board(3, 1, 1) });
    await list.refetch();
    await until(() => shown()?.cardCount === 5);
    expect(shown()).toMatchObject({ cardCount: 5, doneCount: 1 });
    expect(store.getState().sync.showsLocalData).toBe(true);

    // A move to the last column is queued after that read: the list shows 2/5 without another visit.
    await extra.sync.enqueue({ method: 'PUT', path: `/projects/${ID}`, body: board(2, 1, 2) });
    await until(() => shown()?.doneCount === 2);
    expect(shown()).toMatchObject({ cardCount: 5, doneCount: 2 });
    list.unsubscribe();
  });

  it('does not read the list again for a queued write that is not a project save', async () => {
    const { extra, fake, list } = setup();
    await list;
    online = false;
    const reads = fake.calls('GET /api/projects').length;

    await extra.sync.enqueue({ method: 'POST', path: '/messages', body: { text: 'Bin gleich da' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls('GET /api/projects')).toHaveLength(reads);
    list.unsubscribe();
  });
});
