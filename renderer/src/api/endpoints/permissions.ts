import type { RolePermissionMap } from '@werkboard/common';
import { effectivePermissions, ROLES } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';

const ROLE_PERMISSIONS = '/permissions/roles';

/** Every role with its known keys in matrix order, whatever the answer left out. */
function normalize(answer: Partial<Record<string, unknown>>): RolePermissionMap {
  const entries = ROLES.map((role) => {
    const keys = answer[role];
    return [
      role,
      effectivePermissions(
        role,
        Array.isArray(keys) ? (keys as unknown[]).filter((k): k is string => typeof k === 'string') : [],
      ),
    ];
  });
  return Object.fromEntries(entries) as RolePermissionMap;
}

export const permissionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /permissions/roles: the role-permission matrix (Admin; kept for offline reading). */
    rolePermissions: build.query<RolePermissionMap, void>({
      query: () => ROLE_PERMISSIONS,
      transformResponse: normalize,
      providesTags: ['RolePermissions'],
    }),
  }),
});

export const { useRolePermissionsQuery } = permissionsApi;

/**
 * PUT /permissions/roles with every role but Admin (Admin always holds everything; the server
 * stores that whatever is sent). Throws on failure. Takes effect at each user's next login.
 */
export function saveRolePermissions(map: RolePermissionMap): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    const body: Partial<RolePermissionMap> = {};
    for (const role of ROLES) if (role !== 'Admin') body[role] = map[role];
    const saved = await save<Record<string, unknown>>({ method: 'PUT', path: ROLE_PERMISSIONS, body });
    await dispatch(
      patchWhenLanded(
        permissionsApi.util.getRunningQueryThunk('rolePermissions', undefined),
        permissionsApi.util.upsertQueryData('rolePermissions', undefined, normalize(saved)),
      ),
    );
  };
}
