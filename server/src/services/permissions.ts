import { effectivePermissions, type PermissionKey, type Role } from '@werkboard/common';
import { RolePermission } from '../models';

/** The permissions a role holds now, from the stored map (Admin always all). */
export async function permissionsForRole(role: Role): Promise<PermissionKey[]> {
  const row = await RolePermission.findByPk(role);
  return effectivePermissions(role, row?.permissions ?? []);
}
