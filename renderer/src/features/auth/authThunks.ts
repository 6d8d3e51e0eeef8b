import type { CurrentUserDto, LoginRequest, LoginResponse } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { ApiClient } from '../../api/client';
import { SessionLostError } from '../../api/errors';
import { probeStorage } from '../../platform/persistStorage';
import type { AppThunk } from '../../store';
import { loggedIn, loggedOut, noticeCleared, verified, verifyStarted, verifyUnavailable } from './authSlice';
import { loginErrorMessage } from './loginErrors';

export type LoginResult = { ok: true } | { ok: false; message: string; storageFull?: boolean };

/**
 * Loads what the app needs right after login, with the fresh token. Today that is the current
 * user (permissions, license); later issues add projects, templates and the rest here.
 */
async function loadAppData(api: ApiClient, token: string): Promise<CurrentUserDto> {
  // sessionHandling off: a 401 here is "loading failed after login", not an expired session.
  return api.get<CurrentUserDto>('/auth/me', { token, sessionHandling: false });
}

export function login(credentials: LoginRequest): AppThunk<Promise<LoginResult>> {
  return async (dispatch, _getState, { api, localStorage }) => {
    dispatch(noticeCleared());
    let response: LoginResponse;
    try {
      response = await api.request<LoginResponse>('/auth/login', {
        method: 'POST',
        body: credentials,
        withToken: false,
        sessionHandling: false,
      });
    } catch (error) {
      return { ok: false, message: loginErrorMessage(error) };
    }

    const probe = probeStorage(localStorage, JSON.stringify(response));
    if (probe === 'full') return { ok: false, message: de.login.storageFull, storageFull: true };
    if (probe === 'unknown') return { ok: false, message: de.login.storageUnknown };

    let user: CurrentUserDto;
    try {
      user = await loadAppData(api, response.token);
    } catch {
      dispatch(loggedOut());
      return { ok: false, message: de.login.loadAfterLoginFailed };
    }
    dispatch(loggedIn({ token: response.token, user }));
    return { ok: true };
  };
}

/** Checks a stored session at start (the 'Authenticating...' screen). Runs once at a time. */
export function verifySession(): AppThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const { token, verifying } = getState().auth;
    if (!token || verifying) return;
    dispatch(verifyStarted());
    try {
      dispatch(verified(await api.get<CurrentUserDto>('/auth/me')));
    } catch (error) {
      // A lost session was already cleared by the client; anything else keeps the stored session.
      if (!(error instanceof SessionLostError)) dispatch(verifyUnavailable());
    }
  };
}
