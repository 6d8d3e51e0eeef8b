import {
  canInviteToProject,
  canManageTeam,
  canWithdrawInvitation,
  de,
  type InvitationDto,
  type InvitationStatus,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction, UniqueConstraintError } from 'sequelize';
import { ApiError, authorize, forbidden, notFound } from '../errors';
import { accessFacts, findReadableProject, logEntry, type ProjectActor } from './projects';
import { findProjectRow } from './projectStore';
import { addMember, alreadyOnTeam, recordTeamChange } from './team';

const m = de.team.invitations;

/** Invitations to projects (spec sections 3 and 7; docs/api.md "Invitations"). */

const INVITATION_SELECT = `
  SELECT i.id, i.project_id AS project, p.name AS "projectName", i.to_user_id AS "toUserId",
         u.username AS "toUsername", i.from_user_id AS "fromUserId", i.from_username AS "fromUsername",
         i.created_at AS timestamp, i.status
    FROM project_invitations i
    JOIN projects p ON p.id = i.project_id
    JOIN users u ON u.id = i.to_user_id`;

type InvitationRow = Omit<InvitationDto, 'timestamp'> & { timestamp: Date };

const present = (row: InvitationRow): InvitationDto => ({ ...row, timestamp: row.timestamp.toISOString() });

async function selectInvitations(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  transaction?: Transaction,
): Promise<InvitationDto[]> {
  const rows = await sequelize.query<InvitationRow>(
    `${INVITATION_SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id`,
    {
      type: QueryTypes.SELECT,
      replacements,
      transaction,
    },
  );
  return rows.map(present);
}

/** The caller's pending invitations to projects that still exist and are not archived. */
export function myInvitations(sequelize: Sequelize, userId: string): Promise<InvitationDto[]> {
  return selectInvitations(sequelize, `i.to_user_id = :userId AND i.status = 'pending' AND p.status <> 'archived'`, {
    userId,
  });
}

/** A project's pending invitations, for its owner's team management. */
export async function projectInvitations(
  sequelize: Sequelize,
  actor: ProjectActor,
  projectId: string,
): Promise<InvitationDto[]> {
  const row = await findReadableProject(sequelize, actor, projectId);
  authorize(canManageTeam(actor, row), de.team.team.forbidden);
  return selectInvitations(sequelize, `i.project_id = :projectId AND i.status = 'pending'`, { projectId });
}

export async function invite(
  sequelize: Sequelize,
  actor: ProjectActor,
  projectId: string,
  toUserId: string,
): Promise<InvitationDto> {
  const id = randomUUID();
  try {
    await sequelize.transaction(async (transaction) => {
      const row = await findReadableProject(sequelize, actor, projectId, { transaction, lock: true });
      // Who may invite is asked first (403), whether the project takes new people second (400).
      authorize(canInviteToProject(actor, { ...accessFacts(row), status: 'active' }), m.forbidden);
      if (row.status !== 'active') throw new ApiError(400, m.readOnly, 'validation');
      const [user] = await sequelize.query<{ username: string }>('SELECT username FROM users WHERE id = :toUserId', {
        type: QueryTypes.SELECT,
        replacements: { toUserId },
        transaction,
      });
      if (!user) throw new ApiError(400, m.userUnknown, 'validation');
      if (alreadyOnTeam(row, toUserId)) throw new ApiError(400, m.alreadyMember, 'validation');
      await sequelize.query(
        `INSERT INTO project_invitations (id, project_id, to_user_id, from_user_id, from_username)
         VALUES (:id, :projectId, :toUserId, :fromUserId, :fromUsername)`,
        {
          replacements: { id, projectId: row.id, toUserId, fromUserId: actor.id, fromUsername: actor.username },
          transaction,
        },
      );
      await recordTeamChange(sequelize, row.id, logEntry(actor, de.team.team.log.invited(user.username)), transaction);
    });
  } catch (error) {
    // The partial unique index: this user already has a pending invitation to this project.
    if (error instanceof UniqueConstraintError) throw new ApiError(409, m.failed, 'conflict');
    throw error;
  }
  return (await selectInvitations(sequelize, 'i.id = :id', { id }))[0]!;
}

/** The invitation locked for an answer; 404 when unknown. */
async function lockedInvitation(sequelize: Sequelize, id: string, transaction: Transaction) {
  const [row] = await sequelize.query<{
    projectId: string;
    toUserId: string;
    toUsername: string;
    status: InvitationStatus;
  }>(
    `SELECT i.project_id AS "projectId", i.to_user_id AS "toUserId", u.username AS "toUsername", i.status
       FROM project_invitations i JOIN users u ON u.id = i.to_user_id WHERE i.id = :id FOR UPDATE OF i`,
    { type: QueryTypes.SELECT, replacements: { id }, transaction },
  );
  if (!row) throw notFound(m.notFound);
  return row;
}

async function setStatus(sequelize: Sequelize, id: string, status: InvitationStatus, transaction: Transaction) {
  await sequelize.query('UPDATE project_invitations SET status = :status, responded_at = now() WHERE id = :id', {
    replacements: { id, status },
    transaction,
  });
}

export async function respond(
  sequelize: Sequelize,
  actor: ProjectActor,
  id: string,
  status: 'accepted' | 'declined',
): Promise<InvitationDto> {
  await sequelize.transaction(async (transaction) => {
    const invitation = await lockedInvitation(sequelize, id, transaction);
    if (invitation.toUserId !== actor.id) throw forbidden(m.respondForbidden);
    if (invitation.status !== 'pending') throw new ApiError(400, m.notPending, 'validation');
    await setStatus(sequelize, id, status, transaction);
    if (status !== 'accepted') return;
    const row = await findProjectRow(sequelize, invitation.projectId, { transaction, lock: true });
    // Joining a completed or archived project waits: the invitation stays pending until it is active again.
    if (row && row.status !== 'active') throw new ApiError(400, m.readOnly, 'validation');
    if (!row || alreadyOnTeam(row, actor.id)) return;
    await addMember(sequelize, row.id, actor.id, transaction);
    await recordTeamChange(sequelize, row.id, logEntry(actor, de.team.team.log.joined), transaction);
  });
  return (await selectInvitations(sequelize, 'i.id = :id', { id }))[0]!;
}

export async function withdraw(sequelize: Sequelize, actor: ProjectActor, id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const invitation = await lockedInvitation(sequelize, id, transaction);
    const row = await findProjectRow(sequelize, invitation.projectId, { transaction, lock: true });
    if (!row || !canWithdrawInvitation(actor, row)) throw forbidden(m.withdrawForbidden);
    if (invitation.status !== 'pending') throw new ApiError(400, m.notPending, 'validation');
    await setStatus(sequelize, id, 'withdrawn', transaction);
    const entry = logEntry(actor, de.team.team.log.invitationWithdrawn(invitation.toUsername));
    await recordTeamChange(sequelize, row.id, entry, transaction);
  });
}
