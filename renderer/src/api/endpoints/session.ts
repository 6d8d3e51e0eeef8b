import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  CurrentUserDto,
  MessageResponse,
  ProfileUpdateRequest,
  SessionDto,
  SessionsEndedResponse,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';

export const sessionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/sessions: where the user is signed in (the profile's device list). */
    sessions: build.query<SessionDto[], void>({
      query: () => '/auth/sessions',
      providesTags: ['Sessions'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSessionsQuery } = sessionApi;

/** How long logging out waits for the server before it logs out here anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * POST /auth/logout: ends this device's session on the server, best effort. Never throws and
 * waits at most LOGOUT_WAIT_MS: offline (or with a server that does not answer) the logout
 * still happens here; the token then ends when it expires. Not a data write, so never queued.
 */
export function postLogout(): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { api }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)));
    const sent = api
      .request<MessageResponse>('/auth/logout', { method: 'POST', sessionHandling: false })
      .then(() => undefined)
      .catch(() => undefined);
    await Promise.race([sent, waited]);
    clearTimeout(timer);
  };
}

/** DELETE /auth/sessions/{id}: 'Abmelden' for one device of the list. Throws on failure. */
export function endSession(id: string): AppThunk<Promise<MessageResponse>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<MessageResponse>({ method: 'DELETE', path: `/auth/sessions/${encodeURIComponent(id)}` });
    dispatch(sessionApi.util.invalidateTags(['Sessions']));
    return answer;
  };
}

/** DELETE /auth/sessions/others: 'Alle anderen abmelden'. Throws on failure. */
export function endOtherSessions(): AppThunk<Promise<SessionsEndedResponse>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<SessionsEndedResponse>({ method: 'DELETE', path: '/auth/sessions/others' });
    dispatch(sessionApi.util.invalidateTags(['Sessions']));
    return answer;
  };
}

/** PUT /users/profile; the answer is the updated user. Throws on failure. */
export function putProfile(request: ProfileUpdateRequest): AppThunk<Promise<CurrentUserDto>> {
  return (_dispatch, _getState, { save }) =>
    save<CurrentUserDto>({ method: 'PUT', path: '/users/profile', body: request });
}

/** POST /users/change-password: the answer carries a fresh token (the change voids every old one). */
export function postPasswordChange(request: ChangePasswordRequest): AppThunk<Promise<ChangePasswordResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<ChangePasswordResponse>({ method: 'POST', path: '/users/change-password', body: request });
}
