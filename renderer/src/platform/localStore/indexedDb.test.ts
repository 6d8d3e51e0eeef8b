import { IDBFactory } from 'fake-indexeddb';
import { openIndexedDbStore } from './indexedDb';
import { readLocation } from './readLocation';
import { queuedWrite as queued, TEST_PROJECT_ID as PROJECT_ID } from './testWrites';

describe('readLocation', () => {
  it('keeps project and template documents by id in their own stores, lookups in the spec’s stores', () => {
    expect(readLocation(`/projects/${PROJECT_ID}`)).toEqual({ store: 'projects', key: PROJECT_ID });
    expect(readLocation(`/templates/${PROJECT_ID.toUpperCase()}`)).toEqual({ store: 'templates', key: PROJECT_ID });
    expect(readLocation('/projects')).toEqual({ store: 'projects', key: 'list' });
    expect(readLocation('/customer-types')).toEqual({ store: 'customerTypes', key: 'list' });
    expect(readLocation('/tags')).toEqual({ store: 'tags', key: 'list' });
    expect(readLocation('/permissions/roles')).toEqual({ store: 'rolePermissions', key: 'roles' });
  });

  it('keeps nothing of online-only reads', () => {
    for (const path of [
      '/admin/projects',
      '/search?q=x',
      '/logs/server.log',
      `/projects/${PROJECT_ID}/images`,
      '/projects/archived',
    ])
      expect(readLocation(path)).toBeNull();
  });
});

describe('the IndexedDB store', () => {
  it('keeps reads across a reopen of the database, and ignores paths without a place', async () => {
    const factory = new IDBFactory();
    const first = await openIndexedDbStore(factory);
    await first.putRead(`/projects/${PROJECT_ID}`, { id: PROJECT_ID, name: 'Bad Müller' });
    await first.putRead('/admin/projects', [{ id: 'x' }]);
    const second = await openIndexedDbStore(factory);
    expect(await second.getRead(`/projects/${PROJECT_ID}`)).toEqual({ id: PROJECT_ID, name: 'Bad Müller' });
    expect(await second.getRead('/admin/projects')).toBeUndefined();
    expect(await second.getRead('/projects')).toBeUndefined();
  });

  it('saves and loads the queue in order, pending and failed apart', async () => {
    const store = await openIndexedDbStore(new IDBFactory());
    const failed = {
      ...queued('c'),
      status: 400,
      message: 'Der Projektname ist erforderlich.',
      failedAt: '2026-11-23T09:00:00.000Z',
    };
    await store.updateQueue(() => ({
      pending: [queued('b'), queued('a', { method: 'POST', body: { x: 1 } })],
      failed: [failed],
    }));
    expect(await store.loadQueue()).toEqual({
      pending: [queued('b'), queued('a', { method: 'POST', body: { x: 1 } })],
      failed: [failed],
    });
    await store.updateQueue((state) => ({ pending: state.pending.filter((entry) => entry.key === 'a'), failed: [] }));
    expect(await store.loadQueue()).toEqual({ pending: [queued('a', { method: 'POST', body: { x: 1 } })], failed: [] });
  });

  it('never loses a write when two tabs add to the queue at the same time', async () => {
    const factory = new IDBFactory();
    const [tabA, tabB] = await Promise.all([openIndexedDbStore(factory), openIndexedDbStore(factory)]);
    await Promise.all(
      ['a1', 'b1', 'a2', 'b2', 'a3', 'b3'].map((key) =>
        (key.startsWith('a') ? tabA : tabB).updateQueue((state) => ({
          ...state,
          pending: [...state.pending, queued(key)],
        })),
      ),
    );
    expect((await tabA.loadQueue()).pending.map((entry) => entry.key).sort()).toEqual([
      'a1',
      'a2',
      'a3',
      'b1',
      'b2',
      'b3',
    ]);
  });

  it('clears reads without touching the queue, and everything on clearAll', async () => {
    const store = await openIndexedDbStore(new IDBFactory());
    await store.putRead('/tags', [{ id: 't' }]);
    await store.setOwner('u-1');
    await store.updateQueue(() => ({ pending: [queued('a')], failed: [] }));
    await store.clearReads();
    expect(await store.getRead('/tags')).toBeUndefined();
    expect((await store.loadQueue()).pending).toHaveLength(1);
    expect(await store.getOwner()).toBe('u-1');
    await store.clearAll();
    expect(await store.loadQueue()).toEqual({ pending: [], failed: [] });
    expect(await store.getOwner()).toBeNull();
  });
});
