import { type ChangeLogEntryDto, de } from '@werkboard/common';
import type { Sequelize, Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError } from '../errors';
import { insertChangeLog, type ProjectRow } from './projectStore';
import { logEntry } from './projects';
import { usernameOf } from './users';

const t = de.team.team;

/**
 * Team changes (spec sections 3 and 6; docs/api.md "Teams"), each inside the caller's
 * transaction on the locked project row. The deputy is never also in project_members: owner,
 * deputy and member are exclusive roles. Each change answers its change-log entry, which
 * `recordTeamChange` writes with the new revision.
 */

export async function addMember(sequelize: Sequelize, projectId: string, userId: string, transaction: Transaction) {
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

/** A member or the deputy, by name; 400 for anyone else (the owner included). */
async function teamMateName(row: ProjectRow, userId: string, transaction: Transaction) {
  const onTeam = row.deputyOwnerId === userId || row.memberIds.includes(userId);
  const name = onTeam ? await usernameOf(userId, transaction) : null;
  if (name === null) throw new ApiError(400, t.notMember, 'validation');
  return name;
}

export interface TeamChange {
  sequelize: Sequelize;
  transaction: Transaction;
  actor: SessionActor;
  row: ProjectRow;
}

export async function setDeputy(
  { sequelize, transaction, actor, row }: TeamChange,
  userId: string | null,
): Promise<ChangeLogEntryDto> {
  if (userId === null) {
    if (row.deputyOwnerId === null) throw new ApiError(400, t.notMember, 'validation');
    const name = (await usernameOf(row.deputyOwnerId, transaction)) ?? '?';
    await addMember(sequelize, row.id, row.deputyOwnerId, transaction);
    await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: null }, transaction);
    return logEntry(actor, t.log.deputyRemoved(name));
  }
  const name = await teamMateName(row, userId, transaction);
  if (row.deputyOwnerId !== null && row.deputyOwnerId !== userId)
    await addMember(sequelize, row.id, row.deputyOwnerId, transaction);
  await removeMember(sequelize, row.id, userId, transaction);
  await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: userId }, transaction);
  return logEntry(actor, t.log.deputySet(name));
}

export async function removeFromTeam(
  { sequelize, transaction, actor, row }: TeamChange,
  userId: string,
): Promise<ChangeLogEntryDto> {
  if (row.ownerId === userId) throw new ApiError(400, t.cannotRemoveOwner, 'validation');
  const name = await teamMateName(row, userId, transaction);
  await removeMember(sequelize, row.id, userId, transaction);
  if (row.deputyOwnerId === userId)
    await setOwnerAndDeputy(sequelize, row, { ownerId: row.ownerId, deputyOwnerId: null }, transaction);
  return logEntry(actor, t.log.memberRemoved(name));
}

/** Makes `newOwnerId` the owner; the old owner (if any) becomes a member. */
async function changeOwner(sequelize: Sequelize, row: ProjectRow, newOwnerId: string, transaction: Transaction) {
  await removeMember(sequelize, row.id, newOwnerId, transaction);
  if (row.ownerId !== null) await addMember(sequelize, row.id, row.ownerId, transaction);
  const deputyOwnerId = row.deputyOwnerId === newOwnerId ? null : row.deputyOwnerId;
  await setOwnerAndDeputy(sequelize, row, { ownerId: newOwnerId, deputyOwnerId }, transaction);
}

export async function handOver(
  { sequelize, transaction, actor, row }: TeamChange,
  newOwnerId: string,
): Promise<ChangeLogEntryDto> {
  const name = await teamMateName(row, newOwnerId, transaction);
  await changeOwner(sequelize, row, newOwnerId, transaction);
  return logEntry(actor, t.log.handedOver(name));
}

/** Admin reassignment: any other user becomes owner of an active or completed project. */
export async function reassign(
  { sequelize, transaction, actor, row }: TeamChange,
  newOwnerId: string,
): Promise<ChangeLogEntryDto> {
  const r = de.team.reassign;
  if (row.ownerId === newOwnerId) throw new ApiError(400, r.sameOwner, 'validation');
  const name = await usernameOf(newOwnerId, transaction);
  if (name === null) throw new ApiError(400, r.ownerUnknown, 'validation');
  const before = row.ownerUsername ?? de.team.team.log.unknownOwner;
  await changeOwner(sequelize, row, newOwnerId, transaction);
  return logEntry(actor, t.log.reassigned(before, name));
}
