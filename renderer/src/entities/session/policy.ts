import type { Actor, PermissionKey, Role, UserRef } from '@werkboard/common';
import { can, canAssignRole, resolveRoute, userDeleteDenial, userUpdateDenial } from '@werkboard/common';

/**
 * What the signed-in user may do, answered by the same policies the server runs (common's
 * `can` and policies/*). The UI hides or disables what the server would refuse with 403.
 */
export interface Policy {
  actor: Actor | null;
  /** Holds the permission (Admin holds all). */
  can(permission: PermissionKey): boolean;
  /** A rule from common/src/policies that takes the actor (canManageSmtp, canManageUsers, ...). */
  allows(rule: (actor: Actor) => boolean): boolean;
  /** The route would open for this user (resolveRoute does not send them elsewhere). */
  canOpen(path: string): boolean;
  /** Edit and delete buttons: never for oneself, only for users ranked below oneself. */
  canEditUser(target: UserRef): boolean;
  canDeleteUser(target: UserRef): boolean;
  /** The role select: roles at or above one's own are disabled unless one is Admin. */
  canAssignRole(role: Role): boolean;
}

export function createPolicy(actor: Actor | null): Policy {
  return {
    actor,
    can: (permission) => actor !== null && can(actor, permission),
    allows: (rule) => actor !== null && rule(actor),
    canOpen: (path) => resolveRoute(actor, path) === path,
    canEditUser: (target) => actor !== null && target.id !== actor.id && userUpdateDenial(actor, target) === null,
    canDeleteUser: (target) => actor !== null && userDeleteDenial(actor, target) === null,
    canAssignRole: (role) => actor !== null && canAssignRole(actor, role),
  };
}
