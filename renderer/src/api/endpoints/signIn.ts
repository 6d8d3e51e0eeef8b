import type {
  CurrentUserDto,
  LoginRequest,
  LoginResponse,
  SecondFactorChallenge,
  SecondFactorLoginRequest,
  ServerStatus,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';

/**
 * The requests of the login route and the session check at start, through the API client
 * without RTK Query: the script a first visit loads does not carry RTK Query (issue 19; the
 * cache is attached with the logged-in frame, store/attachApi.ts). None of them is cached
 * anyway: each is needed fresh from the server, once.
 */

/** GET /auth/me with the stored token, or with a fresh one (login checks it before storing it). */
export interface CurrentUserArgs {
  token?: string;
  /** False at login: a 401 there is "loading failed after login", not an expired session. */
  sessionHandling?: false;
}

/** GET /auth/me: the signed-in user with permissions, license, profile and settings. Throws the client's error. */
export function getCurrentUser(args: CurrentUserArgs = {}): AppThunk<Promise<CurrentUserDto>> {
  return (_dispatch, _getState, { api }) => api.get<CurrentUserDto>('/auth/me', args);
}

/** GET /status without a token: database and server state (the login page polls it). Throws the client's error. */
export function getServerStatus(): AppThunk<Promise<ServerStatus>> {
  return (_dispatch, _getState, { api }) =>
    api.get<ServerStatus>('/status', { withToken: false, sessionHandling: false, noCache: true });
}

/**
 * POST /auth/login without a token; not a data write, so never queued. Throws for the login
 * page's message. A user with a second factor gets a challenge for the code instead of a session.
 */
export function postLogin(credentials: LoginRequest): AppThunk<Promise<LoginResponse | SecondFactorChallenge>> {
  return (_dispatch, _getState, { api }) =>
    api.request<LoginResponse | SecondFactorChallenge>('/auth/login', {
      method: 'POST',
      body: credentials,
      withToken: false,
      sessionHandling: false,
    });
}

/** POST /auth/login/second-factor: the login's second step (TOTP or recovery code). Never queued. */
export function postSecondFactorLogin(request: SecondFactorLoginRequest): AppThunk<Promise<LoginResponse>> {
  return (_dispatch, _getState, { api }) =>
    api.request<LoginResponse>('/auth/login/second-factor', {
      method: 'POST',
      body: request,
      withToken: false,
      sessionHandling: false,
    });
}
