import type { ProfileVisibility } from '../domain/constants';
import { de } from '../messages';
import type { Role } from '../domain/roles';
import { isManagementRole, isRankedBelow, ROLES } from '../domain/roles';
import { type Actor, can } from './access';

/**
 * User management rules (spec section 6). The denial functions return the German reason,
 * or null when the action is allowed; the server answers 403 with it, the renderer hides
 * or disables the action.
 */

export interface UserRef {
  id: string;
  role: Role;
}

/** The /users screen: the permission and the role-only route rule (Admin, Firmenleiter) together. */
export function canManageUsers(actor: Actor): boolean {
  return isManagementRole(actor.role) && can(actor, 'can_manage_users');
}

/** External workers are part of the /users screen and follow its rule. */
export const canManageExternalUsers = canManageUsers;

/** Admin may give any role; everybody else only roles below their own. */
export function canAssignRole(actor: Pick<Actor, 'role'>, role: Role): boolean {
  return actor.role === 'Admin' || isRankedBelow(role, actor.role);
}

/** The roles the role select offers. */
export function assignableRoles(actor: Pick<Actor, 'role'>): Role[] {
  return ROLES.filter((role) => canAssignRole(actor, role));
}

export function userCreateDenial(actor: Actor, role: Role): string | null {
  if (!canManageUsers(actor)) return de.users.manageForbidden;
  if (!canAssignRole(actor, role)) return de.users.roleTooHigh;
  return null;
}

/**
 * Editing: one's own account (without changing one's role or password: the own password
 * changes only with the current one, issue 13 finding 9), or a user ranked below oneself,
 * giving only a role one may assign. `newPassword` is the form's field (blank keeps the old).
 */
export function userUpdateDenial(actor: Actor, target: UserRef, newRole?: Role, newPassword?: string): string | null {
  if (!canManageUsers(actor)) return de.users.manageForbidden;
  if (target.id === actor.id) {
    if (newRole !== undefined && newRole !== target.role) return de.users.ownRole;
    return newPassword !== undefined && newPassword.trim() !== '' ? de.users.ownPassword : null;
  }
  if (!isRankedBelow(target.role, actor.role)) return de.users.rankTooLow;
  if (newRole !== undefined && newRole !== target.role && !canAssignRole(actor, newRole)) return de.users.roleTooHigh;
  return null;
}

export function userDeleteDenial(actor: Actor, target: UserRef): string | null {
  if (!canManageUsers(actor)) return de.users.manageForbidden;
  if (target.id === actor.id) return de.users.ownAccount;
  if (!isRankedBelow(target.role, actor.role)) return de.users.rankTooLow;
  return null;
}

/** Which viewer roles each visibility lets see the profile details (spec section 3). */
const VISIBLE_TO: Record<ProfileVisibility, (role: Role) => boolean> = {
  everyone: () => true,
  admins_only: (role) => isManagementRole(role),
  technicians_only: (role) => role === 'Monteur',
  admins_and_technicians: (role) => isManagementRole(role) || role === 'Monteur',
  admins_technicians_apprentices: (role) => isManagementRole(role) || role === 'Monteur' || role === 'Auszubildender',
};

/**
 * Whether the viewer sees another user's contact details. Name and role are always visible.
 * The owner always sees their own; user managers see them because they keep the accounts.
 */
export function canSeeProfileDetails(viewer: Actor, owner: { id: string; profileVisibility: string }): boolean {
  if (viewer.id === owner.id || canManageUsers(viewer)) return true;
  const rule = VISIBLE_TO[owner.profileVisibility as ProfileVisibility] as ((role: Role) => boolean) | undefined;
  // An unknown stored value shows nothing rather than everything.
  return rule ? rule(viewer.role) : false;
}
