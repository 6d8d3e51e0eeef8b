import type { RolePermissionMap } from '@werkboard/common';
import { effectivePermissions, ROLES } from '@werkboard/common';
import type { AppThunk } from '../../store';
import { permissionsLoaded, permissionsLoadFailed, permissionsLoading } from './permissionsSlice';

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

/** GET /permissions/roles. Resolves to whether it loaded; the page shows the spec's message otherwise. */
export function fetchRolePermissions(): AppThunk<Promise<boolean>> {
  return async (dispatch, _getState, { api }) => {
    dispatch(permissionsLoading());
    try {
      dispatch(permissionsLoaded(normalize(await api.get<Record<string, unknown>>('/permissions/roles'))));
      return true;
    } catch {
      dispatch(permissionsLoadFailed());
      return false;
    }
  };
}

/**
 * PUT /permissions/roles with every role but Admin (Admin always holds everything; the server
 * stores that whatever is sent). Throws on failure. Takes effect at each user's next login.
 */
export function saveRolePermissions(map: RolePermissionMap): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    const body: Partial<RolePermissionMap> = {};
    for (const role of ROLES) if (role !== 'Admin') body[role] = map[role];
    const saved = await save<Record<string, unknown>>({ method: 'PUT', path: '/permissions/roles', body });
    dispatch(permissionsLoaded(normalize(saved)));
  };
}
