import { type Actor, can } from './access';
import { canReadProject, canSeeAllProjects, type ProjectAccessFacts } from './projects';

/** Team management (deputy, remove, hand over) and the change log: the owner only (spec section 6). */
export function canManageTeam(actor: Pick<Actor, 'id'>, project: Pick<ProjectAccessFacts, 'ownerId'>): boolean {
  return project.ownerId === actor.id;
}

/**
 * Inviting: the owner and the deputy, and those who see every project (Admin, Firmenleiter).
 * A read-only project takes nobody new (canWorkOnProject, asked separately for its own message).
 */
export function canInviteToProject(actor: Actor, project: ProjectAccessFacts): boolean {
  if (!canReadProject(actor, project)) return false;
  return project.ownerId === actor.id || project.deputyOwnerId === actor.id || canSeeAllProjects(actor);
}

/** Only the invited user answers an invitation. */
export function canRespondToInvitation(actor: Pick<Actor, 'id'>, invitation: { toUserId: string }): boolean {
  return invitation.toUserId === actor.id;
}

/** Withdrawing an invitation: the owner (spec section 3). */
export function canWithdrawInvitation(actor: Pick<Actor, 'id'>, project: Pick<ProjectAccessFacts, 'ownerId'>): boolean {
  return canManageTeam(actor, project);
}

/** 'Projekt neu zuweisen' in the admin overview. */
export function canReassignProjects(actor: Actor): boolean {
  return can(actor, 'can_reassign_projects');
}

/**
 * Reassigning this project: only a project the caller may read (Admin and Firmenleiter read
 * every one), so the permission alone takes over no foreign project (issue 13, finding 6).
 * Active and completed ones change hands, archived ones stay as they are.
 */
export function canReassignProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return canReassignProjects(actor) && canReadProject(actor, project) && project.status !== 'archived';
}

/** Who is on the team already (owner, deputy or member). */
export function isOnTeam(
  userId: string,
  project: Pick<ProjectAccessFacts, 'ownerId' | 'deputyOwnerId' | 'memberIds'>,
): boolean {
  return project.ownerId === userId || project.deputyOwnerId === userId || project.memberIds.includes(userId);
}
