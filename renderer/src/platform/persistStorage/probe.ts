import { DEVICE_ID_STORAGE_KEY } from '../../api/deviceId';

export type StorageProbe = 'ok' | 'full' | 'unknown';

const PROBE_KEY = 'werkboard-storage-probe';

/**
 * Tries to write `value` (the size of what login is about to persist). redux-persist swallows
 * write errors, so without this a full storage would only show up as a lost session later.
 */
export function probeStorage(storage: Storage, value: string): StorageProbe {
  try {
    storage.setItem(PROBE_KEY, value);
    storage.removeItem(PROBE_KEY);
    return 'ok';
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unknown';
  }
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  // Chrome/Safari name it QuotaExceededError (code 22), old Firefox NS_ERROR_DOM_QUOTA_REACHED (1014).
  return (
    error.name === 'QuotaExceededError' ||
    error.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    error.code === 22 ||
    error.code === 1014
  );
}

/** The "Lokale Daten löschen" button: empties local storage but keeps this device's id. */
export function clearLocalData(storage: Storage): void {
  const deviceId = storage.getItem(DEVICE_ID_STORAGE_KEY);
  storage.clear();
  if (deviceId) storage.setItem(DEVICE_ID_STORAGE_KEY, deviceId);
}
