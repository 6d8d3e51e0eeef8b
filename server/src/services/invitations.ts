import { de, type InvitationStatus, isOnTeam } from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction, UniqueConstraintError } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError, notFound } from '../errors';
import type { InvitationRow } from '../presenters/invitation';
import { findProjectRow, type ProjectRow } from './projectStore';
import { logEntry } from './projects';
import { addMember, recordTeamChange } from './team';
import { usernameOf } from './users';

const m = de.team.invitations;

/** Invitations to projects (spec sections 3 and 7; docs/api.md "Invitations"). */

const INVITATION_SELECT = `
  SELECT i.id, i.project_id AS project, p.name AS "projectName", i.to_user_id AS "toUserId",
         u.username AS "toUsername", i.from_user_id AS "fromUserId", i.from_username AS "fromUsername",
         i.created_at AS timestamp, i.status
    FROM project_invitations i
    JOIN projects p ON p.id = i.project_id
    JOIN users u ON u.id = i.to_user_id`;

function selectInvitations(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  transaction?: Transaction,
): Promise<InvitationRow[]> {
  return sequelize.query<InvitationRow>(`${INVITATION_SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id`, {
    type: QueryTypes.SELECT,
    replacements,
    transaction,
  });
}

/** The caller's pending invitations to projects that still exist and are not archived. */
export function myInvitations(sequelize: Sequelize, userId: string): Promise<InvitationRow[]> {
  return selectInvitations(sequelize, `i.to_user_id = :userId AND i.status = 'pending' AND p.status <> 'archived'`, {
    userId,
  });
}

/** A project's pending invitations, for its owner's team management. */
export function projectInvitations(sequelize: Sequelize, projectId: string): Promise<InvitationRow[]> {
  return selectInvitations(sequelize, `i.project_id = :projectId AND i.status = 'pending'`, { projectId });
}

/** Invites a user to the (locked) project; 409 when they have a pending invitation to it already. */
export async function invite(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  row: ProjectRow,
  toUserId: string,
): Promise<InvitationRow> {
  const username = await usernameOf(toUserId, transaction);
  if (username === null) throw new ApiError(400, m.userUnknown, 'validation');
  if (isOnTeam(toUserId, row)) throw new ApiError(400, m.alreadyMember, 'validation');
  const id = randomUUID();
  try {
    await sequelize.query(
      `INSERT INTO project_invitations (id, project_id, to_user_id, from_user_id, from_username)
       VALUES (:id, :projectId, :toUserId, :fromUserId, :fromUsername)`,
      {
        replacements: { id, projectId: row.id, toUserId, fromUserId: actor.id, fromUsername: actor.username },
        transaction,
      },
    );
  } catch (error) {
    // The partial unique index: this user already has a pending invitation to this project.
    if (error instanceof UniqueConstraintError) throw new ApiError(409, m.failed, 'conflict');
    throw error;
  }
  await recordTeamChange(sequelize, row.id, logEntry(actor, de.team.team.log.invited(username)), transaction);
  return (await selectInvitations(sequelize, 'i.id = :id', { id }, transaction))[0]!;
}

export interface LockedInvitation {
  id: string;
  toUserId: string;
  toUsername: string;
  status: InvitationStatus;
  /** The project, locked too; null when it was deleted meanwhile. */
  project: ProjectRow | null;
}

/** The invitation and its project, locked for an answer or a withdrawal; 404 when unknown. */
export async function findLockedInvitation(
  sequelize: Sequelize,
  id: string,
  transaction: Transaction,
): Promise<LockedInvitation> {
  const [row] = await sequelize.query<Omit<LockedInvitation, 'project' | 'id'> & { projectId: string }>(
    `SELECT i.project_id AS "projectId", i.to_user_id AS "toUserId", u.username AS "toUsername", i.status
       FROM project_invitations i JOIN users u ON u.id = i.to_user_id WHERE i.id = :id FOR UPDATE OF i`,
    { type: QueryTypes.SELECT, replacements: { id }, transaction },
  );
  if (!row) throw notFound(m.notFound);
  const { projectId, ...invitation } = row;
  return { id, ...invitation, project: await findProjectRow(sequelize, projectId, { transaction, lock: true }) };
}

async function setStatus(sequelize: Sequelize, id: string, status: InvitationStatus, transaction: Transaction) {
  await sequelize.query('UPDATE project_invitations SET status = :status, responded_at = now() WHERE id = :id', {
    replacements: { id, status },
    transaction,
  });
}

function requirePending(invitation: LockedInvitation): void {
  if (invitation.status !== 'pending') throw new ApiError(400, m.notPending, 'validation');
}

/** The invited user's answer; accepting puts them on the team. */
export async function respond(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  invitation: LockedInvitation,
  status: 'accepted' | 'declined',
): Promise<InvitationRow> {
  requirePending(invitation);
  await setStatus(sequelize, invitation.id, status, transaction);
  const { project } = invitation;
  if (status === 'accepted' && project && !isOnTeam(actor.id, project)) {
    await addMember(sequelize, project.id, actor.id, transaction);
    await recordTeamChange(sequelize, project.id, logEntry(actor, de.team.team.log.joined), transaction);
  }
  return (await selectInvitations(sequelize, 'i.id = :id', { id: invitation.id }, transaction))[0]!;
}

/** The owner takes the invitation back (of a project that exists: only its owner may). */
export async function withdraw(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  invitation: LockedInvitation,
): Promise<void> {
  requirePending(invitation);
  await setStatus(sequelize, invitation.id, 'withdrawn', transaction);
  const entry = logEntry(actor, de.team.team.log.invitationWithdrawn(invitation.toUsername));
  if (invitation.project) await recordTeamChange(sequelize, invitation.project.id, entry, transaction);
}
