import type {
  CurrentUserDto,
  LoginRequest,
  LoginResponse,
  SecondFactorChallenge,
  SecondFactorLoginRequest,
} from '@werkboard/common';
import { deStart } from '@werkboard/common';
import { getCurrentUser, postLogin, postSecondFactorLogin } from '../../api/endpoints/signIn';
import { SessionLostError } from '../../api/errors';
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

export type LoginResult =
  | { ok: true }
  | { ok: false; message: string; storageFull?: boolean }
  /** The password was right; the second factor's code comes next (POST /auth/login/second-factor). */
  | { ok: false; challenge: string };

export function login(credentials: LoginRequest): AppThunk<Promise<LoginResult>> {
  return async (dispatch) => {
    dispatch(noticeCleared());
    let response: LoginResponse | SecondFactorChallenge;
    try {
      response = await dispatch(postLogin(credentials));
    } catch (error) {
      return { ok: false, message: loginErrorMessage(error) };
    }
    if ('challenge' in response) return { ok: false, challenge: response.challenge };
    return dispatch(finishLogin(response, credentials.password));
  };
}

/**
 * The login's second step: the challenge of the password step and a TOTP or recovery code. The
 * password of the first step is still needed: it unlocks the user's message key.
 */
export function loginWithCode(request: SecondFactorLoginRequest, password: string): AppThunk<Promise<LoginResult>> {
  return async (dispatch) => {
    let response: LoginResponse;
    try {
      response = await dispatch(postSecondFactorLogin(request));
    } catch (error) {
      return { ok: false, message: loginErrorMessage(error) };
    }
    return dispatch(finishLogin(response, password));
  };
}

/** Stores a login's session once the app's first read with its token worked. */
function finishLogin(response: LoginResponse, password: string): AppThunk<Promise<LoginResult>> {
  return async (dispatch, _getState, { localStorage }) => {
    const probe = probeStorage(localStorage, JSON.stringify(response));
    if (probe === 'full') return { ok: false, message: deStart.login.storageFull, storageFull: true };
    if (probe === 'unknown') return { ok: false, message: deStart.login.storageUnknown };

    // What the app needs right after login, with the fresh token: the current user (permissions,
    // license). sessionHandling off: a 401 here is "loading failed after login", not an expired session.
    let user: CurrentUserDto;
    try {
      user = await dispatch(getCurrentUser({ token: response.token, sessionHandling: false }));
    } catch {
      dispatch(loggedOut());
      return { ok: false, message: deStart.login.loadAfterLoginFailed };
    }
    dispatch(
      loggedIn({ token: response.token, user, secondFactorSetupRequired: response.secondFactorSetupRequired === true }),
    );
    // Not awaited: PBKDF2 takes a moment, and the app is usable meanwhile (the messages screen waits for the key).
    // Imported here: the message crypto is not in the login screen's script (issue 19).
    void import('../messaging/messageKeys').then(
      ({ unlockMessageKey }) => dispatch(unlockMessageKey(user.id, password)),
      // Without the key the messages screen says how to unlock it.
      (error: unknown) => console.warn(`Nachrichtenschlüssel nicht geladen: ${String(error)}`),
    );
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
      dispatch(verified(await dispatch(getCurrentUser())));
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
      dispatch(userRefreshed(await dispatch(getCurrentUser())));
    } catch {
      // Offline or a lost session (already handled by the client): keep what is shown.
    }
  };
}
