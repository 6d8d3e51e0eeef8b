/**
 * Where redux-persist keeps the session. One interface, one implementation per platform
 * (conventions.md): the browser uses localStorage; the Electron shell's file storage over
 * the desktop bridge plugs in here when the bridge offers it.
 */
export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export { createWebPersistStorage } from './web';
export { clearLocalData, probeStorage } from './probe';
export type { StorageProbe } from './probe';
