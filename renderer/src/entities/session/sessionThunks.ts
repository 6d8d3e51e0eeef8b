import type { CurrentUserDto, LoginRequest, LoginResponse } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { CurrentUserArgs } from '../../api/endpoints/session';
import { postLogin, sessionApi } from '../../api/endpoints/session';
import { SessionLostError } from '../../api/errors';
import { FRESH, readOnce } from '../../api/readOnce';
import { probeStorage } from '../../platform/persistStorage';
import type { AppThunk } from '../../store/types';
import {
  loggedIn,
  loggedOut,
  noticeCleared,
  userRefreshed,
  verified,
  verifyStarted,
  verifyUnavailable,
} from './authSlice';
import { loginErrorMessage } from './loginErrors';
import { unlockMessageKey } from '../messaging/messageKeys';

export type LoginResult = { ok: true } | { ok: false; message: string; storageFull?: boolean };

/** GET /auth/me now (never from the cache); throws the client's error. */
function fetchCurrentUser(args: CurrentUserArgs = {}): AppThunk<Promise<CurrentUserDto>> {
  return (dispatch) => readOnce(dispatch(sessionApi.endpoints.currentUser.initiate(args, FRESH)));
}

export function login(credentials: LoginRequest): AppThunk<Promise<LoginResult>> {
  return async (dispatch, _getState, { localStorage }) => {
    dispatch(noticeCleared());
    let response: LoginResponse;
    try {
      response = await dispatch(postLogin(credentials));
    } catch (error) {
      return { ok: false, message: loginErrorMessage(error) };
    }

    const probe = probeStorage(localStorage, JSON.stringify(response));
    if (probe === 'full') return { ok: false, message: de.login.storageFull, storageFull: true };
    if (probe === 'unknown') return { ok: false, message: de.login.storageUnknown };

    // What the app needs right after login, with the fresh token: the current user (permissions,
    // license). sessionHandling off: a 401 here is "loading failed after login", not an expired session.
    let user: CurrentUserDto;
    try {
      user = await dispatch(fetchCurrentUser({ token: response.token, sessionHandling: false }));
    } catch {
      dispatch(loggedOut());
      return { ok: false, message: de.login.loadAfterLoginFailed };
    }
    dispatch(loggedIn({ token: response.token, user }));
    // Not awaited: PBKDF2 takes a moment, and the app is usable meanwhile (the messages screen waits for the key).
    void dispatch(unlockMessageKey(user.id, credentials.password));
    return { ok: true };
  };
}

/** Checks a stored session at start (the 'Authenticating...' screen). Runs once at a time. */
export function verifySession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { token, verifying } = getState().auth;
    if (!token || verifying) return;
    dispatch(verifyStarted());
    try {
      dispatch(verified(await dispatch(fetchCurrentUser())));
    } catch (error) {
      // A lost session was already cleared by the client; anything else keeps the stored session.
      if (!(error instanceof SessionLostError)) dispatch(verifyUnavailable());
    }
  };
}

/** GET /auth/me: the signed-in user afresh (profile fields, license type). Failures are quiet. */
export function refreshCurrentUser(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      dispatch(userRefreshed(await dispatch(fetchCurrentUser())));
    } catch {
      // Offline or a lost session (already handled by the client): keep what is shown.
    }
  };
}
