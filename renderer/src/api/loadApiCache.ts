import type { AppThunk } from '../store/types';

/**
 * Loads RTK Query's cache (apiSlice and the endpoints) into the store, once (store/apiCache.ts);
 * rejects when its chunk cannot be loaded. The login screen runs without it (issue 19).
 */
export function loadApiCache(): AppThunk<Promise<void>> {
  return (_dispatch, _getState, extra) => extra.loadApiCache();
}
