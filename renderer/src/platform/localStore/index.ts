import type { QueueState } from '../syncQueue';

/**
 * The device's local database (architecture decision 5, spec section 1): the last answer of
 * each read the app needs offline, and the sync queue. One interface, one implementation per
 * platform: IndexedDB in the browser (`indexedDb.ts`); the desktop shell adds its SQLite one.
 */
export interface LocalStore {
  /** The answer last kept for GET `path` (see `readLocation`), or undefined. */
  getRead(path: string): Promise<unknown>;
  /** Keeps the answer of GET `path`; paths without a place (`readLocation`) are not kept. */
  putRead(path: string, value: unknown): Promise<void>;
  /**
   * Reads the kept answer at `paths[0]` and writes what `update` answers for it (values by
   * path, each among `paths`) in one transaction, so that two tabs never write over what the
   * other wrote between the read and the write (`platform/keptDocuments.ts`).
   */
  updateReads(paths: readonly string[], update: (first: unknown) => ReadonlyMap<string, unknown>): Promise<void>;
  /** The queue as it was last saved (both lists, in order). */
  loadQueue(): Promise<QueueState>;
  /**
   * Reads the saved queue, applies `update` and saves the result in one transaction, so that
   * two tabs changing the queue at once never lose each other's writes. Answers the new queue.
   */
  updateQueue(update: (state: QueueState) => QueueState): Promise<QueueState>;
  /** Whose reads are kept (user id): another user's login starts with no reads of the last one. */
  getOwner(): Promise<string | null>;
  setOwner(userId: string): Promise<void>;
  /** Forgets every kept read, keeps the queue. */
  clearReads(): Promise<void>;
  /** Forgets everything: reads, queue and owner (logout, 'Lokale Daten löschen'). */
  clearAll(): Promise<void>;
}

export type { LocalStoreName, ReadLocation } from './readLocation';
export { readLocation } from './readLocation';
export { openIndexedDbStore, LOCAL_DATABASE_NAME } from './indexedDb';
export { createMemoryStore } from './memory';
