import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  CurrentUserDto,
  LoginRequest,
  LoginResponse,
  ProfileUpdateRequest,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';

/** GET /auth/me with the stored token, or with a fresh one (login checks it before storing it). */
export interface CurrentUserArgs {
  token?: string;
  /** False at login: a 401 there is "loading failed after login", not an expired session. */
  sessionHandling?: false;
}

export const sessionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/me: the signed-in user with permissions, license, profile and settings. */
    currentUser: build.query<CurrentUserDto, CurrentUserArgs>({
      query: (args) => ({ path: '/auth/me', ...args }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** POST /auth/login without a token; not a data write, so never queued. Throws for the login page's message. */
export function postLogin(credentials: LoginRequest): AppThunk<Promise<LoginResponse>> {
  return (_dispatch, _getState, { api }) =>
    api.request<LoginResponse>('/auth/login', {
      method: 'POST',
      body: credentials,
      withToken: false,
      sessionHandling: false,
    });
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
