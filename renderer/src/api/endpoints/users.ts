import type {
  ExternalUserDto,
  ExternalUserRequest,
  ManagedUserDto,
  MessageResponse,
  SessionsEndedResponse,
  UserCreateRequest,
  UserDirectoryEntryDto,
  UserUpdateRequest,
} from '@werkboard/common';
import type { AppThunk, RootState } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';

const USERS = '/users';
const EXTERNAL_USERS = '/external-users';
const userPath = (id: string) => `${USERS}/${encodeURIComponent(id)}`;
const externalUserPath = (id: string) => `${EXTERNAL_USERS}/${encodeURIComponent(id)}`;

const byName = (a: string, b: string) => a.localeCompare(b, 'de-DE', { sensitivity: 'base' });
const sortUsers = (users: ManagedUserDto[]) => [...users].sort((a, b) => byName(a.username, b.username));
const sortExternal = (users: ExternalUserDto[]) => [...users].sort((a, b) => byName(a.name, b.name));

/** `item` in `list` in place of the one with its id, or added. */
function upsert<T extends { id: string }>(list: readonly T[], item: T): T[] {
  return list.some((other) => other.id === item.id)
    ? list.map((other) => (other.id === item.id ? item : other))
    : [...list, item];
}

export const usersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: the accounts the user management shows (can_manage_users), by name. */
    users: build.query<ManagedUserDto[], void>({
      query: () => USERS,
      transformResponse: sortUsers,
      providesTags: ['Users'],
    }),
    /** GET /external-users: named workers cards can be assigned to, by name. */
    externalUsers: build.query<ExternalUserDto[], void>({
      query: () => EXTERNAL_USERS,
      transformResponse: sortExternal,
      providesTags: ['ExternalUsers'],
    }),
    /** GET /users/directory: everyone by name (every signed-in user may read it: invitations, sharing, filters). */
    userDirectory: build.query<UserDirectoryEntryDto[], void>({
      query: () => `${USERS}/directory`,
      transformResponse: (users: UserDirectoryEntryDto[]) => [...users].sort((a, b) => byName(a.username, b.username)),
      providesTags: ['UserDirectory'],
    }),
  }),
});

export const { useUsersQuery, useExternalUsersQuery, useUserDirectoryQuery } = usersApi;

const NO_EXTERNAL_USERS: ExternalUserDto[] = [];
const selectExternalUsersResult = usersApi.endpoints.externalUsers.select();

/** The cached external workers, empty until read (for parts of a screen that subscribes). */
export const selectExternalUsers = (state: RootState): ExternalUserDto[] =>
  selectExternalUsersResult(state).data ?? NO_EXTERNAL_USERS;

const patchUsers = (recipe: (users: ManagedUserDto[]) => ManagedUserDto[]) =>
  patchWhenLanded(
    usersApi.util.getRunningQueryThunk('users', undefined),
    usersApi.util.updateQueryData('users', undefined, recipe),
  );

const patchExternalUsers = (recipe: (users: ExternalUserDto[]) => ExternalUserDto[]) =>
  patchWhenLanded(
    usersApi.util.getRunningQueryThunk('externalUsers', undefined),
    usersApi.util.updateQueryData('externalUsers', undefined, recipe),
  );

const userSaved = (user: ManagedUserDto) => patchUsers((users) => sortUsers(upsert(users, user)));
const externalUserSaved = (externalUser: ExternalUserDto) =>
  patchExternalUsers((users) => sortExternal(upsert(users, externalUser)));

/** Writes throw; the dialogs turn the error into their message (or the limit dialog). */
export function createUser(request: UserCreateRequest): AppThunk<Promise<ManagedUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const user = await save<ManagedUserDto>({ method: 'POST', path: USERS, body: request });
    await dispatch(userSaved(user));
    dispatch(usersApi.util.invalidateTags(['UserDirectory', 'Stats']));
    return user;
  };
}

export function updateUser(id: string, request: UserUpdateRequest): AppThunk<Promise<ManagedUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const user = await save<ManagedUserDto>({ method: 'PUT', path: userPath(id), body: request });
    await dispatch(userSaved(user));
    dispatch(usersApi.util.invalidateTags(['UserDirectory']));
    return user;
  };
}

export function deleteUser(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: userPath(id) });
    await dispatch(patchUsers((users) => users.filter((user) => user.id !== id)));
    dispatch(usersApi.util.invalidateTags(['UserDirectory', 'Stats']));
  };
}

/** DELETE /users/{id}/sessions: 'Alle Sitzungen beenden' of a user. Throws on failure. */
export function endUserSessions(id: string): AppThunk<Promise<SessionsEndedResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<SessionsEndedResponse>({ method: 'DELETE', path: `${userPath(id)}/sessions` });
}

/** DELETE /users/{id}/second-factor: 'Zweiten Faktor zurücksetzen' (also ends the user's sessions). Throws on failure. */
export function resetSecondFactor(id: string): AppThunk<Promise<SessionsEndedResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<SessionsEndedResponse>({ method: 'DELETE', path: `${userPath(id)}/second-factor` });
}

/** DELETE /users/{id}/lockout: 'Sperre aufheben'; the list shows the user unlocked. Throws on failure. */
export function liftLockout(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `${userPath(id)}/lockout` });
    await dispatch(
      patchUsers((users) => users.map((user) => (user.id === id ? { ...user, loginLocked: false } : user))),
    );
  };
}

export function createExternalUser(request: ExternalUserRequest): AppThunk<Promise<ExternalUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const externalUser = await save<ExternalUserDto>({ method: 'POST', path: EXTERNAL_USERS, body: request });
    await dispatch(externalUserSaved(externalUser));
    return externalUser;
  };
}

export function updateExternalUser(id: string, request: ExternalUserRequest): AppThunk<Promise<ExternalUserDto>> {
  return async (dispatch, _getState, { save }) => {
    const externalUser = await save<ExternalUserDto>({ method: 'PUT', path: externalUserPath(id), body: request });
    await dispatch(externalUserSaved(externalUser));
    return externalUser;
  };
}

export function deleteExternalUser(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: externalUserPath(id) });
    await dispatch(patchExternalUsers((users) => users.filter((user) => user.id !== id)));
  };
}
