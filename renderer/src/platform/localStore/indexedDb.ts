import type { FailedWrite, QueuedWrite, QueueState } from '../syncQueue';
import type { LocalStore } from './index';
import type { LocalStoreName } from './readLocation';
import { readLocation } from './readLocation';

export const LOCAL_DATABASE_NAME = 'werkboard';
const VERSION = 1;
const READ_STORES: readonly LocalStoreName[] = [
  'projects',
  'templates',
  'customerTypes',
  'tags',
  'rolePermissions',
  'reads',
];
const QUEUE = 'syncQueue';
const META = 'meta';

/** One row of the syncQueue store: its place in the queue, which list, and the write. */
interface QueueRow {
  position: number;
  list: 'pending' | 'failed';
  write: QueuedWrite | FailedWrite;
}

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
    if (!db.objectStoreNames.contains(QUEUE)) db.createObjectStore(QUEUE, { keyPath: 'position' });
  };
  return done(request);
}

function toQueue(rows: QueueRow[]): QueueState {
  rows.sort((a, b) => a.position - b.position);
  return {
    pending: rows.filter((row) => row.list === 'pending').map((row) => row.write),
    failed: rows.filter((row) => row.list === 'failed').map((row) => row.write as FailedWrite),
  };
}

/** The browser's LocalStore: an IndexedDB database 'werkboard' with the stores spec section 1 names. */
export async function openIndexedDbStore(factory: IDBFactory = indexedDB): Promise<LocalStore> {
  const db = await openDatabase(factory);
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
    async loadQueue() {
      return toQueue(await done(db.transaction(QUEUE).objectStore(QUEUE).getAll() as IDBRequest<QueueRow[]>));
    },
    async updateQueue(update) {
      let result: QueueState = { pending: [], failed: [] };
      await write([QUEUE], (transaction) => {
        const store = transaction.objectStore(QUEUE);
        // Read, update and write inside one transaction: IndexedDB runs transactions on the same
        // store one after another, also across tabs.
        const read = store.getAll() as IDBRequest<QueueRow[]>;
        read.onsuccess = () => {
          const before = toQueue(read.result);
          result = update(before);
          if (result === before) return;
          store.clear();
          let position = 0;
          for (const entry of result.pending)
            store.put({ position: position++, list: 'pending', write: entry } satisfies QueueRow);
          for (const entry of result.failed)
            store.put({ position: position++, list: 'failed', write: entry } satisfies QueueRow);
        };
      });
      return result;
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
        for (const name of [...READ_STORES, QUEUE, META]) transaction.objectStore(name).clear();
      });
    },
  };
}
