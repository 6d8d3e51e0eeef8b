import type { Reducer } from '@reduxjs/toolkit';
import { configureStore, createAction, createDynamicMiddleware } from '@reduxjs/toolkit';
import { newId } from '@werkboard/common';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { FetchLike, UploadLike } from '../api/client';
import { createApiClient } from '../api/client';
import { withLocalReads } from '../api/localReads';
import { createSave } from '../api/save';
import { UnsavedWork } from '../api/unsavedWork';
import { sessionLost } from '../entities/session/authSlice';
import { logAdded } from '../entities/connection/liveLogSlice';
import { ProjectSavers } from '../entities/outbox/projectSaver';
import { documentEdited, projectReceived } from '../entities/project/projectSlice';
import { toFailedChange } from '../entities/outbox/describeWrite';
import { SyncEngine } from '../entities/outbox/syncEngine';
import { changeQueued, readSourceChanged, replayApplied, syncStatusChanged } from '../entities/outbox/syncSlice';
import type { LocalStore } from '../platform/localStore';
import { createMemoryStore } from '../platform/localStore';
import type { SaveFile } from '../platform/fileSave';
import { createWebSaveFile } from '../platform/fileSave';
import { browserWebPush, type WebPushBrowser } from '../platform/serviceWorker/push';
import type { PersistStorage } from '../platform/persistStorage';
import type { AppDispatch, RootState, ThunkExtra } from './types';
import { createAppListeners } from './listeners';
import { createRootReducer } from './rootReducer';
import type { ApiCacheHost } from './apiCache';

/** The server data cache is in the store from now on (store/apiCache.ts). */
export const apiCacheAttached = createAction('app/apiCacheAttached');

export interface AppStoreDeps {
  fetch: FetchLike;
  /** File uploads with progress (imports); XMLHttpRequest in the browser, fetch without progress otherwise. */
  upload?: UploadLike;
  deviceId: string;
  persistStorage: PersistStorage;
  localStorage: Storage;
  /** Changes the route from outside React (the hash router follows location.hash). */
  navigate(path: string): void;
  /** The device's local database (IndexedDB in the browser); a page-lifetime one by default. */
  localStore?: Promise<LocalStore>;
  /** navigator.onLine by default. */
  online?: () => boolean;
  /** Asks the service worker for a Background Sync; nothing by default. */
  requestBackgroundSync?: () => void;
  /** New idempotency keys; random UUIDs by default. */
  newKey?: () => string;
  /** The platform's file saving (renderer/src/platform); the browser's download by default. */
  saveFile?: SaveFile;
  /** The company server's address in the desktop shell; the page's own address by default. */
  appAddress?: string;
  /** The browser's push (permission, subscription); the page's own by default. */
  webPush?: WebPushBrowser;
  /**
   * The server data cache's module, attached at once (tests, which render screens without the
   * logged-in frame); by default it is loaded with that frame (app/ApiCacheGate.tsx).
   */
  apiCache?: { attachApiCache(host: ApiCacheHost): void };
  /** The writes only this page holds (main.tsx asks before the page closes while there are any). */
  unsavedWork?: UnsavedWork;
}

/** The page's address without the route: what a phone opens to reach this server's app. */
function pageAddress(): string {
  if (typeof window === 'undefined') return '';
  return `${window.location.origin}${window.location.pathname.replace(/index\.html$/, '')}`;
}

/** Cached project and template documents (api/endpoints): as large as the open project, so not walked either. */
const DOCUMENT_CACHE = /^api\.queries\.(projectDocument|templateDocument)\(/;

export function createAppStore(deps: AppStoreDeps) {
  // The client needs the store (token, logout) and the store's thunks need the client: the
  // client reads the store lazily through this holder, filled right below.
  const holder: { store?: { getState(): RootState; dispatch: AppDispatch } } = {};

  const client = createApiClient({
    fetch: deps.fetch,
    ...(deps.upload ? { upload: deps.upload } : {}),
    deviceId: deps.deviceId,
    getToken: () => holder.store?.getState().auth.token ?? null,
    onSessionLost: () => {
      holder.store?.dispatch(sessionLost());
      deps.navigate('/login');
    },
    onLog: (line) => holder.store?.dispatch(logAdded(line)),
  });
  const sync = new SyncEngine({
    store: deps.localStore ?? Promise.resolve(createMemoryStore()),
    api: client,
    userId: () => holder.store?.getState().auth.user?.id ?? null,
    online: deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine),
    newKey: deps.newKey ?? (() => newId()),
    requestBackgroundSync: deps.requestBackgroundSync ?? (() => undefined),
    onStatus: (status) =>
      holder.store?.dispatch(
        syncStatusChanged({
          pending: status.pending,
          failed: status.failed.map(toFailedChange),
          running: status.running,
        }),
      ),
    onApplied: () => holder.store?.dispatch(replayApplied()),
    onQueued: ({ method, path }) => holder.store?.dispatch(changeQueued({ method, path })),
  });
  const api = withLocalReads(client, sync, (source) => {
    if (holder.store && holder.store.getState().sync.showsLocalData !== (source === 'local'))
      holder.store.dispatch(readSourceChanged(source));
  });
  let apiCacheLoad: Promise<void> | undefined;
  const unsavedWork = deps.unsavedWork ?? new UnsavedWork();
  const extra: ThunkExtra = {
    api,
    // Once; a failed chunk (offline before the service worker had it) may be tried again.
    loadApiCache: () =>
      (apiCacheLoad ??= import('./apiCache').then(attachCache, (error: unknown) => {
        apiCacheLoad = undefined;
        throw error;
      })),
    save: createSave(client, sync, unsavedWork),
    unsavedWork,
    sync,
    localStorage: deps.localStorage,
    deviceId: deps.deviceId,
    projectSavers: new ProjectSavers(),
    saveFile: deps.saveFile ?? createWebSaveFile(document, URL),
    appAddress: deps.appAddress ?? pageAddress(),
    webPush: deps.webPush ?? browserWebPush(),
  };

  const listeners = createAppListeners(extra);
  const rootReducer = createRootReducer(deps.persistStorage);
  const apiMiddleware = createDynamicMiddleware<RootState, AppDispatch>();
  const store = configureStore({
    // Typed with `api`: screens and thunks run behind ApiCacheGate (store/rootReducer.ts RootState).
    reducer: rootReducer as Reducer<RootState>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // redux-persist's own actions carry functions; they never reach our state. The open
        // project (plain JSON from the server) is skipped: walking a 2,000-card document on
        // every action would make the board slow in development.
        serializableCheck: {
          ignoredActions: [
            FLUSH,
            REHYDRATE,
            PAUSE,
            PERSIST,
            PURGE,
            REGISTER,
            projectReceived.type,
            documentEdited.type,
          ],
          ignoredPaths: ['project', DOCUMENT_CACHE],
        },
        immutableCheck: { ignoredPaths: ['project', DOCUMENT_CACHE] },
      })
        .prepend(listeners.listener.middleware)
        .concat(apiMiddleware.middleware),
  });
  holder.store = store;
  function attachCache(cache: NonNullable<AppStoreDeps['apiCache']>): void {
    cache.attachApiCache({ rootReducer, middleware: apiMiddleware, startListening: listeners.startListening });
    store.dispatch(apiCacheAttached());
  }
  if (deps.apiCache) {
    attachCache(deps.apiCache);
    apiCacheLoad = Promise.resolve();
  }
  return { store, extra };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];

/** Starts loading the persisted session; the app waits for it behind a PersistGate. */
export function startPersistence(store: AppStore) {
  return persistStore(store);
}
