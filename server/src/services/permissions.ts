import {
  effectivePermissions,
  type PermissionKey,
  PERMISSION_KEYS,
  type Role,
  type RolePermissionMap,
  ROLES,
} from '@werkboard/common';
import type { Transaction } from 'sequelize';
import { RolePermission } from '../models';

/** The permissions a role holds now, from the stored map (Admin always all). Read at login. */
export async function permissionsForRole(role: Role): Promise<PermissionKey[]> {
  const row = await RolePermission.findByPk(role);
  return effectivePermissions(role, row?.permissions ?? []);
}

/** The whole matrix, every role, in matrix order (Admin always all). */
export async function readRolePermissions(transaction?: Transaction): Promise<RolePermissionMap> {
  const rows = await RolePermission.findAll({ transaction });
  const stored = new Map(rows.map((row) => [row.role, row.permissions]));
  return Object.fromEntries(
    ROLES.map((role) => [role, effectivePermissions(role, stored.get(role) ?? [])]),
  ) as RolePermissionMap;
}

/**
 * Saves the given roles' permissions (roles left out keep theirs). The Admin row always
 * stores every permission, whatever the update says.
 */
export async function writeRolePermissions(
  transaction: Transaction,
  update: Partial<Record<Role, PermissionKey[]>>,
): Promise<RolePermissionMap> {
  for (const role of ROLES) {
    const keys = update[role];
    if (keys === undefined) continue;
    const permissions = role === 'Admin' ? [...PERMISSION_KEYS] : effectivePermissions(role, keys);
    await RolePermission.upsert({ role, permissions }, { transaction });
  }
  return readRolePermissions(transaction);
}
