import type { ReplayStop } from '../../platform/syncQueue';
import type { AppThunk } from '../../store/types';
import { loggedOut } from '../session/authSlice';

/**
 * The signed-in user is known (login or a restored session): the local store is theirs from
 * now on and their queued changes are sent.
 */
export function startSyncSession(userId: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { sync }) => {
    await sync.startSession(userId);
    await dispatch(syncNow());
  };
}

/**
 * Replays the queue now (footer button, `online`, Background Sync). Not while the session may
 * only set up its second factor: the server would refuse every change (403) and they would
 * land in the failed list; they wait in the queue instead until the factor is confirmed.
 */
export function syncNow(): AppThunk<Promise<ReplayStop>> {
  return (_dispatch, getState, { sync }) =>
    getState().auth.secondFactorSetupRequired ? Promise.resolve('unauthorized') : sync.sync();
}

export function retryFailedChange(key: string): AppThunk<Promise<void>> {
  return (_dispatch, _getState, { sync }) => sync.retry(key);
}

export function discardFailedChange(key: string): AppThunk<Promise<void>> {
  return (_dispatch, _getState, { sync }) => sync.discard(key);
}

/**
 * 'Abmelden': the device's local data (kept reads, the sync queue) is deleted first, so no
 * customer data stays on a shared machine; the caller has warned about pending changes.
 * `leave` goes to /login in the same step as the logout, so no page shows without a user.
 */
export function logout(leave: () => void): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { sync, projectSavers }) => {
    projectSavers.close();
    // Imported here: the login screen's script (main.tsx, LoginPage) uses this module but must
    // not carry RTK Query (issue 19); a logged-in frame has these modules loaded already.
    const [{ removePushOfThisBrowser }, { postLogout }] = await Promise.all([
      import('../../api/endpoints/push'),
      import('../../api/endpoints/session'),
    ]);
    // While the token still works: the next user of this browser gets none of this user's pushes.
    await dispatch(removePushOfThisBrowser());
    // The server ends this session (best effort, never blocks the logout; issue 13, finding 5).
    await dispatch(postLogout());
    await sync.clear();
    leave();
    dispatch(loggedOut());
  };
}

/**
 * 'Lokale Daten löschen' on the login page (full storage): the copies kept for offline reading
 * go too; the queue stays, it holds changes that are not on the server yet.
 */
export function clearKeptReads(): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { sync }) => {
    const store = await sync.loaded();
    await store.clearReads();
  };
}
