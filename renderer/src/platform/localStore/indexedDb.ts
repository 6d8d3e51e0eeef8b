import { LOCAL_STORE_TABLES } from '@werkboard/common';
import type { LocalStore } from '.';
import type { QueueRow, QueueSnapshot } from './queueRows';
import { diffQueue, snapshotOf } from './queueRows';
import type { LocalStoreName } from './readLocation';
import { readLocation } from './readLocation';

export const LOCAL_DATABASE_NAME = 'werkboard';
const VERSION = 1;
const READ_STORES: readonly LocalStoreName[] = LOCAL_STORE_TABLES;
const QUEUE = 'syncQueue';
const META = 'meta';

/** Counts the changes of the queue (in META): a tab rereads the queue only when another tab changed it. */
const QUEUE_VERSION = 'queueVersion';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(LOCAL_DATABASE_NAME, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const name of [...READ_STORES, META]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    if (!db.objectStoreNames.contains(QUEUE)) db.createObjectStore(QUEUE, { keyPath: 'key' });
  };
  return done(request);
}

/** The browser's LocalStore: an IndexedDB database 'werkboard' with the stores spec section 1 names. */
export async function openIndexedDbStore(factory: IDBFactory = indexedDB): Promise<LocalStore> {
  const db = await openDatabase(factory);
  /** The queue as this tab last read or wrote it, with the version it had then. */
  let cached: { version: number; snapshot: QueueSnapshot } | null = null;
  // Another tab upgrading the schema: let it, this tab reloads into the new version.
  db.onversionchange = () => db.close();

  async function write(stores: string[], work: (transaction: IDBTransaction) => void): Promise<void> {
    const transaction = db.transaction(stores, 'readwrite');
    const finished = committed(transaction);
    work(transaction);
    await finished;
  }

  return {
    async getRead(path) {
      const location = readLocation(path);
      if (!location) return undefined;
      return (await done(db.transaction(location.store).objectStore(location.store).get(location.key))) as unknown;
    },
    async putRead(path, value) {
      const location = readLocation(path);
      if (!location) return;
      await write([location.store], (transaction) => transaction.objectStore(location.store).put(value, location.key));
    },
    async updateReads(paths, update) {
      const locations = new Map(paths.map((path) => [path, readLocation(path)] as const));
      const first = locations.get(paths[0] ?? '');
      if (!first) return;
      const stores = [...new Set([...locations.values()].flatMap((location) => (location ? [location.store] : [])))];
      // IndexedDB runs readwrite transactions over the same store one after another, also across tabs.
      await write(stores, (transaction) => {
        const read = transaction.objectStore(first.store).get(first.key);
        read.onsuccess = () => {
          for (const [path, value] of update(read.result)) {
            const location = locations.get(path);
            if (location) transaction.objectStore(location.store).put(value, location.key);
          }
        };
      });
    },
    async loadQueue() {
      const transaction = db.transaction([QUEUE, META]);
      const [rows, version] = await Promise.all([
        done(transaction.objectStore(QUEUE).getAll() as IDBRequest<QueueRow[]>),
        done(transaction.objectStore(META).get(QUEUE_VERSION) as IDBRequest<number | undefined>),
      ]);
      cached = { version: version ?? 0, snapshot: snapshotOf(rows) };
      return cached.snapshot.state;
    },
    async updateQueue(update) {
      let next = cached;
      // One transaction over the queue and its version: IndexedDB runs transactions on the same
      // stores one after another, also across tabs. Only the rows the change touches are written.
      await write([QUEUE, META], (transaction) => {
        const queue = transaction.objectStore(QUEUE);
        const meta = transaction.objectStore(META);
        const versionRead = meta.get(QUEUE_VERSION) as IDBRequest<number | undefined>;
        versionRead.onsuccess = () => {
          const version = versionRead.result ?? 0;
          const apply = (before: QueueSnapshot) => {
            const after = update(before.state);
            if (after === before.state) {
              next = { version, snapshot: before };
              return;
            }
            const diff = diffQueue(before, after);
            for (const key of diff.deletes) queue.delete(key);
            for (const row of diff.puts) queue.put(row);
            meta.put(version + 1, QUEUE_VERSION);
            next = { version: version + 1, snapshot: diff.snapshot };
          };
          if (cached && cached.version === version) apply(cached.snapshot);
          else {
            const rowsRead = queue.getAll() as IDBRequest<QueueRow[]>;
            rowsRead.onsuccess = () => apply(snapshotOf(rowsRead.result));
          }
        };
      });
      // Only a committed change becomes this tab's copy.
      cached = next;
      return next?.snapshot.state ?? { pending: [], failed: [] };
    },
    async getOwner() {
      const owner: unknown = await done(db.transaction(META).objectStore(META).get('owner'));
      return typeof owner === 'string' ? owner : null;
    },
    async setOwner(userId) {
      await write([META], (transaction) => transaction.objectStore(META).put(userId, 'owner'));
    },
    async clearReads() {
      await write([...READ_STORES], (transaction) => {
        for (const name of READ_STORES) transaction.objectStore(name).clear();
      });
    },
    async clearAll() {
      await write([...READ_STORES, QUEUE, META], (transaction) => {
        for (const name of [...READ_STORES, QUEUE]) transaction.objectStore(name).clear();
        // The version goes on counting, so other tabs reread the (now empty) queue.
        const meta = transaction.objectStore(META);
        meta.delete('owner');
        const versionRead = meta.get(QUEUE_VERSION) as IDBRequest<number | undefined>;
        versionRead.onsuccess = () => meta.put((versionRead.result ?? 0) + 1, QUEUE_VERSION);
      });
      cached = null;
    },
  };
}
