import type { QueueState } from '../syncQueue';
import type { LocalStore } from '.';
import { readLocation } from './readLocation';

/**
 * A LocalStore that lives as long as the page: where IndexedDB cannot be opened (a browser
 * in a private mode that refuses it) the app still works and queues, but a reload forgets.
 */
export function createMemoryStore(): LocalStore {
  const reads = new Map<string, unknown>();
  let queue: QueueState = { pending: [], failed: [] };
  let owner: string | null = null;
  const keyOf = (path: string) => {
    const location = readLocation(path);
    return location && `${location.store}:${location.key}`;
  };
  return {
    getRead: (path) => {
      const key = keyOf(path);
      return Promise.resolve(key ? structuredClone(reads.get(key)) : undefined);
    },
    putRead: (path, value) => {
      const key = keyOf(path);
      if (key) reads.set(key, structuredClone(value));
      return Promise.resolve();
    },
    updateReads: (paths, update) => {
      const first = keyOf(paths[0] ?? '');
      if (!first) return Promise.resolve();
      for (const [path, value] of update(structuredClone(reads.get(first)))) {
        const key = paths.includes(path) ? keyOf(path) : null;
        if (key) reads.set(key, structuredClone(value));
      }
      return Promise.resolve();
    },
    loadQueue: () => Promise.resolve(structuredClone(queue)),
    updateQueue: (update) => {
      queue = structuredClone(update(structuredClone(queue)));
      return Promise.resolve(structuredClone(queue));
    },
    getOwner: () => Promise.resolve(owner),
    setOwner: (userId) => {
      owner = userId;
      return Promise.resolve();
    },
    clearReads: () => {
      reads.clear();
      return Promise.resolve();
    },
    clearAll: () => {
      reads.clear();
      queue = { pending: [], failed: [] };
      owner = null;
      return Promise.resolve();
    },
  };
}
