import { canManageUsers } from '@werkboard/common';
import { usersApi } from '../../api/endpoints/users';
import { noteStartedReads } from '../../api/startedReads';
import { createPolicy } from '../../entities/session/policy';
import type { AppThunk } from '../../store/types';

/**
 * The user management's reads (users and external users, as UsersPage reads them), started by
 * the app as soon as a signed-in start on /users has the data cache, in parallel with the page's
 * chunk (issue 19). The page's hooks join them.
 */
export function startUsersReads(): AppThunk<void> {
  return (dispatch, getState) => {
    if (!createPolicy(getState().auth.user).allows(canManageUsers)) return;
    noteStartedReads('users');
    dispatch(usersApi.util.prefetch('users', undefined, {}));
    dispatch(usersApi.util.prefetch('externalUsers', undefined, {}));
  };
}
