import type { ChangePasswordRequest, CurrentUserDto, ProfileUpdateRequest } from '@werkboard/common';
import { de } from '@werkboard/common';
import { postPasswordChange, putProfile } from '../../api/endpoints/session';
import { ApiError, serverMessageOr } from '../../api/errors';
import type { AppThunk } from '../../store/types';
import { rewrapForPasswordChange } from '../../entities/messaging/messageKeys';
import { tokenRefreshed, userRefreshed } from '../../entities/session/authSlice';

/** PUT /users/profile; the answer is the updated user. Throws on failure. */
export function saveProfile(request: ProfileUpdateRequest): AppThunk<Promise<CurrentUserDto>> {
  return async (dispatch) => {
    const user = await dispatch(putProfile(request));
    dispatch(userRefreshed(user));
    return user;
  };
}

/**
 * POST /users/change-password. The change voids every token of the user; the answer carries a
 * fresh one, stored at once so this session goes on. Throws on failure.
 */
export function changePassword(request: ChangePasswordRequest): AppThunk<Promise<string>> {
  return async (dispatch) => {
    // The message key goes along under the new password, so old messages stay readable.
    const messageKey = await dispatch(rewrapForPasswordChange(request.currentPassword, request.newPassword));
    const answer = await dispatch(postPasswordChange(messageKey ? { ...request, messageKey } : request));
    dispatch(tokenRefreshed(answer.token));
    return answer.message;
  };
}

/** A refused profile or password save: its field errors go next to the fields, the text under the form. */
export function failureOf(caught: unknown, setFieldErrors: (fields: Record<string, string>) => void): string {
  if (caught instanceof ApiError) setFieldErrors(caught.fields);
  return de.profile.failed(serverMessageOr(caught, de.api.internal));
}
