import type { DesktopBridge, LocalQueueRow, LocalStoreAnswer } from '@werkboard/common';
import type { FailedWrite, QueuedWrite } from '../syncQueue';
import type { LocalStore } from './index';
import type { QueueRow, QueueSnapshot } from './queueRows';
import { diffQueue, snapshotOf } from './queueRows';
import { readLocation } from './readLocation';

/** Tries of a queue change that another writer overtook (the shell has one window; a guard, not a path). */
const MAX_CONFLICT_RETRIES = 5;

function answerWith<K extends string>(answer: LocalStoreAnswer, key: K): Extract<LocalStoreAnswer, Record<K, unknown>> {
  if (!(key in answer)) throw new Error(`Unerwartete Antwort des lokalen Speichers: ${JSON.stringify(answer)}`);
  return answer as Extract<LocalStoreAnswer, Record<K, unknown>>;
}

const toRow = (row: LocalQueueRow): QueueRow => ({
  key: row.key,
  position: row.position,
  list: row.list,
  write: JSON.parse(row.write) as QueuedWrite | FailedWrite,
});

const fromRow = (row: QueueRow): LocalQueueRow => ({ ...row, write: JSON.stringify(row.write) });

/**
 * The desktop's LocalStore: the same interface as the browser's IndexedDB store, kept in the
 * shell's SQLite file (desktop/src/localStore/sqliteStore.ts) over the bridge. Values cross
 * as JSON text; a queue change is sent as the rows it touches, applied by the shell in one
 * transaction only on the queue version it was based on.
 */
export function createDesktopLocalStore(bridge: DesktopBridge): LocalStore {
  let cached: { version: number; snapshot: QueueSnapshot } | null = null;
  // One queue change at a time from this page, in the order they were asked for.
  let queueChain: Promise<unknown> = Promise.resolve();

  async function load(): Promise<{ version: number; snapshot: QueueSnapshot }> {
    const answer = answerWith(await bridge.localStore({ op: 'loadQueue' }), 'rows');
    cached = { version: answer.version, snapshot: snapshotOf(answer.rows.map(toRow)) };
    return cached;
  }

  async function change(update: Parameters<LocalStore['updateQueue']>[0]) {
    for (let attempt = 0; ; attempt++) {
      const base = cached ?? (await load());
      const after = update(base.snapshot.state);
      if (after === base.snapshot.state) return after;
      const diff = diffQueue(base.snapshot, after);
      const answer = answerWith(
        await bridge.localStore({
          op: 'applyQueue',
          baseVersion: base.version,
          puts: diff.puts.map(fromRow),
          deletes: diff.deletes,
        }),
        'applied',
      );
      if (answer.applied) {
        cached = { version: answer.version, snapshot: diff.snapshot };
        return after;
      }
      cached = null;
      if (attempt >= MAX_CONFLICT_RETRIES) throw new Error('Die Warteschlange konnte nicht gespeichert werden.');
    }
  }

  // Read-modify-writes of kept reads one after another: the shell has one window, so this page is the only writer.
  let readsChain: Promise<unknown> = Promise.resolve();

  async function getRead(path: string): Promise<unknown> {
    const location = readLocation(path);
    if (!location) return undefined;
    const { value } = answerWith(
      await bridge.localStore({ op: 'getRead', table: location.store, key: location.key }),
      'value',
    );
    return value === null ? undefined : (JSON.parse(value) as unknown);
  }

  async function putRead(path: string, value: unknown): Promise<void> {
    const location = readLocation(path);
    if (!location) return;
    await bridge.localStore({
      op: 'putRead',
      table: location.store,
      key: location.key,
      value: JSON.stringify(value),
    });
  }

  return {
    getRead,
    putRead,
    updateReads(paths, update) {
      const next = readsChain.then(async () => {
        const writes = update(await getRead(paths[0] ?? ''));
        for (const [path, value] of writes) if (paths.includes(path)) await putRead(path, value);
      });
      readsChain = next.catch(() => undefined);
      return next;
    },
    async loadQueue() {
      return (await load()).snapshot.state;
    },
    updateQueue(update) {
      const next = queueChain.then(() => change(update));
      queueChain = next.catch(() => undefined);
      return next;
    },
    async getOwner() {
      return answerWith(await bridge.localStore({ op: 'getOwner' }), 'value').value;
    },
    async setOwner(userId) {
      await bridge.localStore({ op: 'setOwner', userId });
    },
    async clearReads() {
      await bridge.localStore({ op: 'clearReads' });
    },
    async clearAll() {
      await bridge.localStore({ op: 'clearAll' });
      cached = null;
    },
  };
}
