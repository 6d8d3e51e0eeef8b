import type { PersistStorage } from '.';

/** redux-persist storage over window.localStorage (or any Storage, for tests). */
export function createWebPersistStorage(storage: Storage): PersistStorage {
  return {
    getItem: (key) => Promise.resolve(storage.getItem(key)),
    setItem: (key, value) => {
      storage.setItem(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      storage.removeItem(key);
      return Promise.resolve();
    },
  };
}
