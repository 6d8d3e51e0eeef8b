import type { Role } from './roles';

/** Permission keys of spec section 6, in the order the permission matrix lists them. */
export const PERMISSION_KEYS = [
  'can_view_dashboard',
  'can_create_projects',
  'can_edit_projects',
  'can_delete_own_projects',
  'can_delete_any_project',
  'can_view_admin_dashboard',
  'can_reassign_projects',
  'can_manage_templates',
  'can_manage_own_templates',
  'can_manage_global_templates',
  'can_manage_customer_types',
  'can_manage_project_groups',
  'can_manage_users',
  'can_view_archive',
  'can_manage_permissions',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

export type RolePermissionMap = Record<Role, PermissionKey[]>;

/**
 * Seeded on first start; Admin edits them in the permission matrix afterwards.
 * The spec fixes only Admin (everything) and the role-only routes (users, groups, archive,
 * admin for Admin and Firmenleiter; permissions for Admin). The rest is our choice,
 * recorded in docs/permissions.md.
 */
export const DEFAULT_ROLE_PERMISSIONS: RolePermissionMap = {
  Admin: [...PERMISSION_KEYS],
  Firmenleiter: PERMISSION_KEYS.filter((key) => key !== 'can_manage_permissions'),
  Projektleiter: [
    'can_view_dashboard',
    'can_create_projects',
    'can_edit_projects',
    'can_delete_own_projects',
    'can_manage_templates',
    'can_manage_own_templates',
    'can_manage_customer_types',
  ],
  Monteur: ['can_view_dashboard', 'can_create_projects', 'can_edit_projects', 'can_delete_own_projects'],
  Auszubildender: ['can_view_dashboard'],
  Helfer: ['can_view_dashboard'],
};

/** Admin always holds every permission, whatever the stored map says. */
export function effectivePermissions(role: Role, stored: readonly string[]): PermissionKey[] {
  if (role === 'Admin') return [...PERMISSION_KEYS];
  return PERMISSION_KEYS.filter((key) => stored.includes(key));
}
