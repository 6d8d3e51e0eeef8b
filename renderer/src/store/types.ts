import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '../api/client';
import type { Save } from '../api/save';
import type { UnsavedWork } from '../api/unsavedWork';
import type { SaveFile } from '../platform/fileSave';
import type { WebPushBrowser } from '../platform/serviceWorker/push';
import type { ProjectSavers } from '../entities/outbox/projectSaver';
import type { SyncEngine } from '../entities/outbox/syncEngine';
import type { RootState } from './rootReducer';

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
   * The open project's save queue (entities/outbox/projectSaver.ts). Outside the state: it
   * holds the pending edits as functions, to apply them again on the server's answer.
   */
  projectSavers: ProjectSavers;
  /** The writes only this page holds, not yet answered or queued (api/unsavedWork.ts). */
  unsavedWork: UnsavedWork;
  /** The sync queue (entities/outbox/syncEngine.ts): replay, failed list, logout clearing. */
  sync: SyncEngine;
  /** Saves a generated file (PDF, export): the shell's save dialog, or the browser's download. */
  saveFile: SaveFile;
  /** Where other devices open the app (the reports' QR codes), without the '#/…' route. */
  appAddress: string;
  /** This browser's push permission and subscription (the profile's push section, logout). */
  webPush: WebPushBrowser;
  /**
   * Loads RTK Query's cache into the store (store/apiCache.ts), once: the logged-in frame waits
   * for it (app/ApiCacheGate.tsx); the login screen does not need it (issue 19).
   */
  loadApiCache(): Promise<void>;
}

export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;

/** A thunk with the app's state and extra; async ones return a Promise the caller awaits. */
export type AppThunk<R = void> = (dispatch: AppDispatch, getState: () => RootState, extra: ThunkExtra) => R;
