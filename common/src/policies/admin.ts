import type { Actor } from './access';
import { can } from './access';
import { isManagementRole } from '../domain/roles';

/**
 * Admin-area rules. The spec makes the permission matrix, SMTP settings, the license section
 * and the server log Admin-only; the admin overview (system information) belongs to
 * /admin, a route of Admin and Firmenleiter, and to can_view_admin_dashboard.
 */

/** The permission matrix (/admin/permissions is Admin only, whatever the matrix grants). */
export function canManagePermissions(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}

/** /admin's data: all projects by owner, all templates with owners, the system information. */
export function canViewAdminOverview(actor: Actor): boolean {
  return isManagementRole(actor.role) && can(actor, 'can_view_admin_dashboard');
}

export function canViewSystemInfo(actor: Actor): boolean {
  return canViewAdminOverview(actor);
}

export function canManageSmtp(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}

/** The server's security settings (password minimum; issue 13). */
export function canManageSecuritySettings(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}

export function canManageLicense(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}

export function canReadServerLog(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}
