import { combineReducers } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { apiSlice } from '../api/apiSlice';
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
  return combineReducers({
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
    /** Server data (RTK Query): the cache of every read, emptied when the session changes. */
    [apiSlice.reducerPath]: apiSlice.reducer,
  });
}

export type RootState = ReturnType<ReturnType<typeof createRootReducer>>;
