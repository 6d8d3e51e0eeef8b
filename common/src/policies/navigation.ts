import type { PermissionKey } from '../domain/permissions';

export type NavLinkId = 'templates' | 'projectGroups' | 'users' | 'archive' | 'admin';

/** Navigation links that appear only with their permission (spec section 2, navigation bar). */
export const PERMISSION_NAV_LINKS: readonly { id: NavLinkId; path: string; permission: PermissionKey }[] = [
  { id: 'templates', path: '/templates', permission: 'can_manage_templates' },
  { id: 'projectGroups', path: '/project-groups', permission: 'can_manage_project_groups' },
  { id: 'users', path: '/users', permission: 'can_manage_users' },
  { id: 'archive', path: '/archive', permission: 'can_view_archive' },
  { id: 'admin', path: '/admin', permission: 'can_view_admin_dashboard' },
];
