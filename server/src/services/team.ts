import {
  canManageTeam,
  canReassignProjects,
  type ChangeLogEntryDto,
  de,
  isOnTeam,
  type ProjectDocument,
} from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { ApiError, authorize, notFound } from '../errors';
import { accessFacts, findReadableProject, logEntry, type ProjectActor, readDocument } from './projects';
import { findProjectRow, insertChangeLog, type ProjectRow } from './projectStore';

const t = de.team.team;

/**
 * Team changes (spec sections 3 and 6; docs/api.md "Teams"). The deputy is never also in
 * project_members: owner, deputy and member are exclusive roles. Every change locks the
 * project row, raises the revision, writes its change-log entry and answers the document.
 */

async function usernameOf(sequelize: Sequelize, id: string, transaction: Transaction): Promise<string | null> {
  const [row] = await sequelize.query<{ username: string }>('SELECT username FROM users WHERE id = :id', {
    type: QueryTypes.SELECT,
    replacements: { id },
    transaction,
  });
  return row?.username ?? null;
}

async function addMember(sequelize: Sequelize, projectId: string, userId: string, transaction: Transaction) {
  await sequelize.query(
    'INSERT INTO project_members (project_id, user_id) VALUES (:projectId, :userId) ON CONFLICT DO NOTHING',
    { replacements: { projectId, userId }, transaction },
  );
}

async function removeMember(sequelize: Sequelize, projectId: string, userId: string, transaction: Transaction) {
  await sequelize.query('DELETE FROM project_members WHERE project_id = :projectId AND user_id = :userId', {
    replacements: { projectId, userId },
    transaction,
  });
}

async function setOwnerAndDeputy(
  sequelize: Sequelize,
  row: ProjectRow,
  owner: { ownerId: string | null; deputyOwnerId: string | null },
  transaction: Transaction,
) {
  await sequelize.query('UPDATE projects SET owner_id = :ownerId, deputy_owner_id = :deputyOwnerId WHERE id = :id', {
    replacements: { id: row.id, ...owner },
    transaction,
  });
}

/** The change is done: a new revision, the time of the change, the log entry. */
export async function recordTeamChange(
  sequelize: Sequelize,
  projectId: string,
  entry: ChangeLogEntryDto,
  transaction: Transaction,
): Promise<void> {
  await sequelize.query(
    'UPDATE projects SET revision = revision + 1, last_modified = now(), updated_at = now() WHERE id = :id',
    { replacements: { id: projectId }, transaction },
  );
  await insertChangeLog(sequelize, transaction, projectId, [entry]);
}

/** Locks the project for a change by its owner; 403 for anyone else, 400 when read-only. */
async function ownersChange(
  sequelize: Sequelize,
  actor: ProjectActor,
  projectId: string,
  change: (row: ProjectRow, transaction: Transaction) => Promise<ChangeLogEntryDto>,
): Promise<ProjectDocument> {
  await sequelize.transaction(async (transaction) => {
    const row = await findReadableProject(sequelize, actor, projectId, { transaction, lock: true });
    authorize(canManageTeam(actor, row), t.forbidden);
    if (row.status !== 'active') throw new ApiError(400, t.readOnly, 'validation');
    await recordTeamChange(sequelize, row.id, await change(row, transaction), transaction);
  });
  return readDocument(sequelize, actor, projectId);
}

/** A member or the deputy, by name; 400 for anyone else (the owner included). */
async function teamMateName(sequelize: Sequelize, row: ProjectRow, userId: string, transaction: Transaction) {
  const onTeam = row.deputyOwnerId === userId || row.memberIds.includes(userId);
  const name = onTeam ? await usernameOf(sequelize, userId, transaction) : null;
  if (name === null) throw new ApiError(400, t.notMember, 'validation');
  return name;
}

export function setDeputy(sequelize: Sequelize, actor: ProjectActor, projectId: string, userId: string | null) {
  return ownersChange(sequelize, actor, projectId, async (row, transaction) => {
    if (userId === null) {
      if (row.deputyOwnerId === null) throw new ApiError(400, t.notMember, 'validation');
      const name = (await usernameOf(sequelize, row.deputyOwnerId, transaction)) ?? '?';
      await addMember(sequelize, row.id, row.deputyOwnerId, transaction);
      await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: null }, transaction);
      return logEntry(actor, t.log.deputyRemoved(name));
    }
    const name = await teamMateName(sequelize, row, userId, transaction);
    if (row.deputyOwnerId !== null && row.deputyOwnerId !== userId)
      await addMember(sequelize, row.id, row.deputyOwnerId, transaction);
    await removeMember(sequelize, row.id, userId, transaction);
    await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: userId }, transaction);
    return logEntry(actor, t.log.deputySet(name));
  });
}

export function removeFromTeam(sequelize: Sequelize, actor: ProjectActor, projectId: string, userId: string) {
  return ownersChange(sequelize, actor, projectId, async (row, transaction) => {
    if (row.ownerId === userId) throw new ApiError(400, t.cannotRemoveOwner, 'validation');
    const name = await teamMateName(sequelize, row, userId, transaction);
    await removeMember(sequelize, row.id, userId, transaction);
    if (row.deputyOwnerId === userId)
      await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: null }, transaction);
    return logEntry(actor, t.log.memberRemoved(name));
  });
}

/** Makes `newOwnerId` the owner; the old owner (if any) becomes a member. */
async function changeOwner(sequelize: Sequelize, row: ProjectRow, newOwnerId: string, transaction: Transaction) {
  await removeMember(sequelize, row.id, newOwnerId, transaction);
  if (row.ownerId !== null) await addMember(sequelize, row.id, row.ownerId, transaction);
  const deputyOwnerId = row.deputyOwnerId === newOwnerId ? null : row.deputyOwnerId;
  await setOwnerAndDeputy(sequelize, row, { ownerId: newOwnerId, deputyOwnerId }, transaction);
}

export function handOver(sequelize: Sequelize, actor: ProjectActor, projectId: string, newOwnerId: string) {
  return ownersChange(sequelize, actor, projectId, async (row, transaction) => {
    const name = await teamMateName(sequelize, row, newOwnerId, transaction);
    await changeOwner(sequelize, row, newOwnerId, transaction);
    return logEntry(actor, t.log.handedOver(name));
  });
}

/** Admin reassignment: any other user becomes owner of an active or completed project. */
export async function reassign(
  sequelize: Sequelize,
  actor: ProjectActor,
  projectId: string,
  newOwnerId: string,
): Promise<ProjectDocument> {
  const r = de.team.reassign;
  authorize(canReassignProjects(actor), r.forbidden);
  await sequelize.transaction(async (transaction) => {
    const row = await findProjectRow(sequelize, projectId, { transaction, lock: true });
    if (!row || row.isTemplate) throw notFound(de.projects.notFound);
    if (row.status === 'archived') throw new ApiError(400, t.readOnly, 'validation');
    if (row.ownerId === newOwnerId) throw new ApiError(400, r.sameOwner, 'validation');
    const name = await usernameOf(sequelize, newOwnerId, transaction);
    if (name === null) throw new ApiError(400, r.ownerUnknown, 'validation');
    const before = row.ownerUsername ?? de.team.team.log.unknownOwner;
    await changeOwner(sequelize, row, newOwnerId, transaction);
    await recordTeamChange(sequelize, row.id, logEntry(actor, t.log.reassigned(before, name)), transaction);
  });
  return readDocument(sequelize, actor, projectId);
}

/** For invitations: whether the user is already on the project's team. */
export function alreadyOnTeam(row: ProjectRow, userId: string): boolean {
  return isOnTeam(userId, accessFacts(row));
}

export { addMember };
