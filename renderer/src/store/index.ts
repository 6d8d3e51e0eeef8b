import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import { newId } from '@werkboard/common';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { ApiClient, FetchLike } from '../api/client';
import { createApiClient } from '../api/client';
import { withLocalReads } from '../api/localReads';
import type { Save } from '../api/save';
import { createSave } from '../api/save';
import { sessionLost } from '../features/auth/authSlice';
import { logAdded } from '../features/liveLog/liveLogSlice';
import { ProjectSavers } from '../features/project/projectSaver';
import { documentEdited, projectReceived } from '../features/project/projectSlice';
import { toFailedChange } from '../features/sync/describeWrite';
import { SyncEngine } from '../features/sync/syncEngine';
import { readSourceChanged, syncApplied, syncStatusChanged } from '../features/sync/syncSlice';
import type { LocalStore } from '../platform/localStore';
import { createMemoryStore } from '../platform/localStore';
import type { SaveFile } from '../platform/fileSave';
import { createWebSaveFile } from '../platform/fileSave';
import type { PersistStorage } from '../platform/persistStorage';
import type { RootState } from './rootReducer';
import { createRootReducer } from './rootReducer';

export type { RootState } from './rootReducer';

/** What thunks get as `extra`: the one API client, the one save path, the browser storage. */
export interface ThunkExtra {
  api: ApiClient;
  save: Save;
  /** Local storage, probed at login for space. */
  localStorage: Storage;
  /** This browser's device id (also sent as X-Device-Id); license activation names it. */
  deviceId: string;
  /**
   * The open project's save queue (features/project/projectSaver.ts). Outside the state: it
   * holds the pending edits as functions, to apply them again on the server's answer.
   */
  projectSavers: ProjectSavers;
  /** The sync queue (features/sync/syncEngine.ts): replay, failed list, logout clearing. */
  sync: SyncEngine;
  /** Saves a generated file (PDF, export): the shell's save dialog, or the browser's download. */
  saveFile: SaveFile;
  /** Where other devices open the app (the reports' QR codes), without the '#/…' route. */
  appAddress: string;
}

export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;

/** A thunk with the app's state and extra; async ones return a Promise the caller awaits. */
export type AppThunk<R = void> = (dispatch: AppDispatch, getState: () => RootState, extra: ThunkExtra) => R;

export interface AppStoreDeps {
  fetch: FetchLike;
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
}

/** The page's address without the route: what a phone opens to reach this server's app. */
function pageAddress(): string {
  if (typeof window === 'undefined') return '';
  return `${window.location.origin}${window.location.pathname.replace(/index\.html$/, '')}`;
}

export function createAppStore(deps: AppStoreDeps) {
  // The client needs the store (token, logout) and the store's thunks need the client: the
  // client reads the store lazily through this holder, filled right below.
  const holder: { store?: { getState(): RootState; dispatch: AppDispatch } } = {};

  const client = createApiClient({
    fetch: deps.fetch,
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
    onApplied: () => holder.store?.dispatch(syncApplied()),
  });
  const api = withLocalReads(client, sync, (source) => {
    if (holder.store && holder.store.getState().sync.showsLocalData !== (source === 'local'))
      holder.store.dispatch(readSourceChanged(source));
  });
  const extra: ThunkExtra = {
    api,
    save: createSave(client, sync),
    sync,
    localStorage: deps.localStorage,
    deviceId: deps.deviceId,
    projectSavers: new ProjectSavers(),
    saveFile: deps.saveFile ?? createWebSaveFile(document, URL),
    appAddress: deps.appAddress ?? pageAddress(),
  };

  const store = configureStore({
    reducer: createRootReducer(deps.persistStorage),
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
          ignoredPaths: ['project'],
        },
        immutableCheck: { ignoredPaths: ['project'] },
      }),
  });
  holder.store = store;
  return { store, extra };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];

/** Starts loading the persisted session; the app waits for it behind a PersistGate. */
export function startPersistence(store: AppStore) {
  return persistStore(store);
}
