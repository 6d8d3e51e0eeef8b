import type {
  ExternalUserDto,
  ExternalUserRequest,
  ManagedUserDto,
  MessageResponse,
  UserCreateRequest,
  UserUpdateRequest,
} from '@werkboard/common';
import { de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import type { AppThunk } from '../../store';
import {
  externalUserRemoved,
  externalUsersLoaded,
  externalUsersLoadFailed,
  externalUsersLoading,
  externalUserSaved,
  userRemoved,
  usersLoaded,
  usersLoadFailed,
  usersLoading,
  userSaved,
} from './usersSlice';

/** GET /users; a failure is kept in the slice with the server's text. */
export function fetchUsers(): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    dispatch(usersLoading());
    try {
      dispatch(usersLoaded(await api.get<ManagedUserDto[]>('/users')));
    } catch (error) {
      dispatch(usersLoadFailed(serverMessageOr(error, de.usersScreen.loadFailed)));
    }
  };
}

/** Writes throw; the dialogs turn the error into their message (or the limit dialog). */
export function createUser(request: UserCreateRequest): AppThunk<Promise<ManagedUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const user = await save<ManagedUserDto>({ method: 'POST', path: '/users', body: request });
    dispatch(userSaved(user));
    return user;
  };
}

export function updateUser(id: string, request: UserUpdateRequest): AppThunk<Promise<ManagedUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const user = await save<ManagedUserDto>({ method: 'PUT', path: `/users/${encodeURIComponent(id)}`, body: request });
    dispatch(userSaved(user));
    return user;
  };
}

export function deleteUser(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `/users/${encodeURIComponent(id)}` });
    dispatch(userRemoved(id));
  };
}

export function fetchExternalUsers(): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { api }) => {
    dispatch(externalUsersLoading());
    try {
      dispatch(externalUsersLoaded(await api.get<ExternalUserDto[]>('/external-users')));
    } catch (error) {
      dispatch(externalUsersLoadFailed(serverMessageOr(error, de.externalUsersScreen.loadFailed)));
    }
  };
}

export function createExternalUser(request: ExternalUserRequest): AppThunk<Promise<ExternalUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const externalUser = await save<ExternalUserDto>({ method: 'POST', path: '/external-users', body: request });
    dispatch(externalUserSaved(externalUser));
    return externalUser;
  };
}

export function updateExternalUser(id: string, request: ExternalUserRequest): AppThunk<Promise<ExternalUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const externalUser = await save<ExternalUserDto>({
      method: 'PUT',
      path: `/external-users/${encodeURIComponent(id)}`,
      body: request,
    });
    dispatch(externalUserSaved(externalUser));
    return externalUser;
  };
}

export function deleteExternalUser(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `/external-users/${encodeURIComponent(id)}` });
    dispatch(externalUserRemoved(id));
  };
}
