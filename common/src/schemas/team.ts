import { z } from 'zod';
import { type Actor, can } from '../policies/access';
import { canReadProject, canSeeAllProjects, type ProjectAccessFacts } from '../policies/projects';
import { BODY_ERROR } from './fields';
import { teamMessages } from '../messages/team';

/**
 * Project teams and invitations (spec sections 2, 3, 6 and 7): an owner (Projektleiter), at
 * most one deputy (Vertretung) and members. The merging project PUT never changes the team;
 * these routes do, each with a change-log entry:
 * - PUT /api/projects/{id}/deputy {userId | null}: owner only; the user must be on the team;
 *   the old deputy becomes a member; null makes the deputy a member.
 * - DELETE /api/projects/{id}/members/{userId}: owner only; removes a member or the deputy.
 * - POST /api/projects/{id}/handover {newOwnerId}: owner only; to a member or the deputy; the
 *   old owner becomes a member (irreversible).
 * - POST /api/projects/{id}/reassign {newOwnerId}: can_reassign_projects; any other user; the
 *   old owner becomes a member.
 */

const t = teamMessages.team;
const inv = teamMessages.invitations;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that must be given: missing, empty or malformed all answer the one given message. */
const requiredId = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID, { error: message })
    .transform((id) => id.toLowerCase());

export const deputySchema = z.object(
  { userId: z.union([requiredId(t.userRequired), z.null()], { error: t.userRequired }) },
  BODY_ERROR,
);
export type DeputyRequest = z.infer<typeof deputySchema>;

export const newOwnerSchema = z.object({ newOwnerId: requiredId(teamMessages.reassign.ownerRequired) }, BODY_ERROR);
export type NewOwnerRequest = z.infer<typeof newOwnerSchema>;

export const invitationCreateSchema = z.object(
  { project: requiredId(inv.projectRequired), toUserId: requiredId(inv.userRequired) },
  BODY_ERROR,
);
export type InvitationCreateRequest = z.infer<typeof invitationCreateSchema>;

export const INVITATION_ANSWERS = ['accepted', 'declined'] as const;
export const invitationRespondSchema = z.object(
  { status: z.enum(INVITATION_ANSWERS, { error: inv.statusInvalid }) },
  BODY_ERROR,
);
export type InvitationRespondRequest = z.infer<typeof invitationRespondSchema>;

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

/** GET /api/invitations (mine, pending) and GET /api/projects/{id}/invitations (pending). */
export interface InvitationDto {
  id: string;
  /** The project's id. */
  project: string;
  projectName: string;
  toUserId: string;
  toUsername: string;
  fromUserId: string | null;
  fromUsername: string;
  timestamp: string;
  status: InvitationStatus;
}

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

/** Reassigning this project: active and completed ones change hands, archived ones stay as they are. */
export function canReassignProject(actor: Actor, project: Pick<ProjectAccessFacts, 'status'>): boolean {
  return canReassignProjects(actor) && project.status !== 'archived';
}

/** Who is on the team already (owner, deputy or member). */
export function isOnTeam(
  userId: string,
  project: Pick<ProjectAccessFacts, 'ownerId' | 'deputyOwnerId' | 'memberIds'>,
): boolean {
  return project.ownerId === userId || project.deputyOwnerId === userId || project.memberIds.includes(userId);
}
