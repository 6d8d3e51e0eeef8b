import type { WithSlice } from '@reduxjs/toolkit';
import { combineSlices } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import type { apiSlice } from '../api/apiSlice';
import type { PersistStorage } from '../platform/persistStorage';
import type { AuthState } from '../entities/session/authSlice';
import { authReducer, PERSISTED_AUTH_KEYS } from '../entities/session/authSlice';
import { liveLogReducer } from '../entities/connection/liveLogSlice';
import { projectReducer } from '../entities/project/projectSlice';
import { serverStatusReducer } from '../entities/connection/serverStatusSlice';
import { syncReducer } from '../entities/outbox/syncSlice';

// Stored in localStorage as 'persist:werkboard-auth'.
export const AUTH_PERSIST_KEY = 'werkboard-auth';

/** Only the session (token, user, last user) survives a reload; everything else is fetched again. */
export function createRootReducer(storage: PersistStorage) {
  return combineSlices({
    auth: persistReducer<AuthState>(
      { key: AUTH_PERSIST_KEY, storage, whitelist: [...PERSISTED_AUTH_KEYS] },
      authReducer,
    ),
    serverStatus: serverStatusReducer,
    liveLog: liveLogReducer,
    /** The sync queue's counts and failed list, and whether screens show local data. */
    sync: syncReducer,
    /** The open project page's document (features/project); fetched on every open, never persisted. */
    project: projectReducer,
    /**
     * Server data (RTK Query) under `api`: the cache of every read, emptied when the session
     * changes. Injected with the logged-in frame (store/apiCache.ts), not in the login's script.
     */
  }).withLazyLoadedSlices<WithSlice<typeof apiSlice>>();
}

export type RootReducer = ReturnType<typeof createRootReducer>;
/**
 * The state as screens and thunks see it: with `api`, which the logged-in frame waits for
 * (app/ApiCacheGate.tsx). Code that runs before it (the login, the session check, the queue's
 * replay) does not read the cache.
 */
export type RootState = ReturnType<RootReducer> & WithSlice<typeof apiSlice>;

/** Whether the server data cache is in the store yet (the type above assumes it is). */
export function isApiCacheAttached(state: RootState): boolean {
  return (state as Partial<RootState>).api !== undefined;
}
