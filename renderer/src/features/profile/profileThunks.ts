import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  CurrentUserDto,
  ProfileUpdateRequest,
} from '@werkboard/common';
import type { AppThunk } from '../../store';
import { tokenRefreshed, userRefreshed } from '../auth/authSlice';

/** GET /auth/me: the signed-in user afresh (profile fields, license type). Failures are quiet. */
export function refreshCurrentUser(): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    try {
      dispatch(userRefreshed(await api.get<CurrentUserDto>('/auth/me')));
    } catch {
      // Offline or a lost session (already handled by the client): keep what is shown.
    }
  };
}

/** PUT /users/profile; the answer is the updated user. Throws on failure. */
export function saveProfile(request: ProfileUpdateRequest): AppThunk<Promise<CurrentUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const user = await save<CurrentUserDto>({ method: 'PUT', path: '/users/profile', body: request });
    dispatch(userRefreshed(user));
    return user;
  };
}

/**
 * POST /users/change-password. The change voids every token of the user; the answer carries a
 * fresh one, stored at once so this session goes on. Throws on failure.
 */
export function changePassword(request: ChangePasswordRequest): AppThunk<Promise<string>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<ChangePasswordResponse>({
      method: 'POST',
      path: '/users/change-password',
      body: request,
    });
    dispatch(tokenRefreshed(answer.token));
    return answer.message;
  };
}
