import { z } from 'zod';
import { UUID_PATTERN } from '../domain/uuid';
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

/** An id that must be given: missing, empty or malformed all answer the one given message. */
const requiredId = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID_PATTERN, { error: message })
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

const INVITATION_ANSWERS = ['accepted', 'declined'] as const;
export const invitationRespondSchema = z.object(
  { status: z.enum(INVITATION_ANSWERS, { error: inv.statusInvalid }) },
  BODY_ERROR,
);
export type InvitationRespondRequest = z.infer<typeof invitationRespondSchema>;
