import { createFakeShell } from '../electron/fakeShell';
import { createDesktopLocalStore } from './electron';
import { queuedWrite as queued, TEST_PROJECT_ID as PROJECT_ID } from './testWrites';

describe('the desktop LocalStore over the shell', () => {
  it('keeps reads in the shell’s tables by the same locations as IndexedDB, and ignores paths without a place', async () => {
    const shell = createFakeShell();
    const store = createDesktopLocalStore(shell.bridge);
    await store.putRead(`/projects/${PROJECT_ID}`, { id: PROJECT_ID, name: 'Bad Müller' });
    await store.putRead('/admin/projects', [{ id: 'x' }]);
    // A restart of the app: a new page, the same shell file.
    const again = createDesktopLocalStore(shell.bridge);
    expect(await again.getRead(`/projects/${PROJECT_ID}`)).toEqual({ id: PROJECT_ID, name: 'Bad Müller' });
    expect(await again.getRead('/admin/projects')).toBeUndefined();
    expect(shell.calls.filter((op) => op === 'putRead')).toHaveLength(1);
  });

  it('saves the queue as rows in order, pending and failed apart, and loads it after a restart', async () => {
    const shell = createFakeShell();
    const store = createDesktopLocalStore(shell.bridge);
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
    expect(shell.rows().map((row) => `${row.list}:${row.key}`)).toEqual(['pending:b', 'pending:a', 'failed:c']);
    const restarted = createDesktopLocalStore(shell.bridge);
    expect(await restarted.loadQueue()).toEqual({
      pending: [queued('b'), queued('a', { method: 'POST', body: { x: 1 } })],
      failed: [failed],
    });
    await restarted.updateQueue((state) => ({
      pending: state.pending.filter((entry) => entry.key === 'a'),
      failed: [],
    }));
    expect(shell.rows().map((row) => row.key)).toEqual(['a']);
  });

  it('never loses a write when changes come at once or another writer changed the queue meanwhile', async () => {
    const shell = createFakeShell();
    const store = createDesktopLocalStore(shell.bridge);
    await store.loadQueue();
    shell.bumpQueueVersion();
    await Promise.all(
      ['a1', 'a2', 'a3', 'a4'].map((key) =>
        store.updateQueue((state) => ({ ...state, pending: [...state.pending, queued(key)] })),
      ),
    );
    expect(shell.rows().map((row) => row.key)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('clears reads without the queue, and everything on clearAll', async () => {
    const shell = createFakeShell();
    const store = createDesktopLocalStore(shell.bridge);
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
    // After clearAll the next change starts from the shell's (empty) queue.
    await store.updateQueue((state) => ({ ...state, pending: [queued('b')] }));
    expect(shell.rows().map((row) => row.key)).toEqual(['b']);
  });
});
