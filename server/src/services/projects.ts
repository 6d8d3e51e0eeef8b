import {
  type Actor,
  type ChangeLogEntryDto,
  DEFAULT_COLUMN_TITLES,
  DEFAULT_CUSTOMER_TYPE,
  DEFAULT_TEMPLATE_ICON,
  de,
  keysAfter,
  type ProjectChangesDto,
  type ProjectCreateRequest,
  type ProjectDocument,
  type ProjectMemberDto,
  type TemplateSummaryDto,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction, UniqueConstraintError } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import type { Entity } from '../commands/projectEntities';
import { ApiError, invalidField, notFound } from '../errors';
import {
  presentDelta,
  presentDocument,
  type ProjectSummaryRow,
  type TemplateSummaryRow,
  visibleChangeLog,
} from '../presenters/project';
import {
  fieldsOfRow,
  findProjectRow,
  findProjectRows,
  type LoadedProject,
  recordVersions,
  insertChangeLog,
  loadChangesSince,
  loadEntities,
  loadEntitiesOf,
  loadTeam,
  loadTeams,
  type ProjectRow,
  writeEntities,
} from './projectStore';
import { forgetProjectAnswers } from './projectAnswers';

export function logEntry(actor: SessionActor, action: string): ChangeLogEntryDto {
  return { id: randomUUID(), timestamp: new Date().toISOString(), userId: actor.id, username: actor.username, action };
}

/** A project (not a template); 404 when there is none. Locked for the transaction when `lock`. */
export async function findProject(
  sequelize: Sequelize,
  id: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<ProjectRow> {
  const row = await findProjectRow(sequelize, id, options);
  if (!row || row.isTemplate) throw notFound(de.projects.notFound);
  return row;
}

/** The whole document as this caller may read it (the change log only for owner and management). */
export async function readDocument(
  sequelize: Sequelize,
  actor: Actor,
  id: string,
  transaction?: Transaction,
): Promise<ProjectDocument> {
  const row = await findProjectRow(sequelize, id, { transaction });
  if (!row) throw notFound(de.projects.notFound);
  return readDocumentOf(sequelize, actor, row, transaction);
}

/**
 * The whole document of a project row read already (a GET's `load`) as this caller may read
 * it: its entities and team, read side by side, without reading the row a second time, so the
 * answer is the revision its entity tag names (issue 17: one query fewer per read of a board).
 * The answer cache reads and presents in two steps (services/projectAnswers.ts).
 */
export async function readDocumentOf(
  sequelize: Sequelize,
  actor: Actor,
  row: ProjectRow,
  transaction?: Transaction,
): Promise<ProjectDocument> {
  const loaded = await loadDocumentOf(sequelize, row, transaction);
  return presentLoaded(actor, loaded, loaded.team);
}

/**
 * What the whole document of a row read already is made of: its entities and change log and
 * its team, read side by side. `team`: the team's read when the caller started it already.
 */
export async function loadDocumentOf(
  sequelize: Sequelize,
  row: ProjectRow,
  transaction?: Transaction,
  team: Promise<ProjectMemberDto[]> = loadTeam(sequelize, row, transaction),
): Promise<LoadedProject & { team: ProjectMemberDto[] }> {
  const [{ entities, changeLog }, members] = await Promise.all([loadEntities(sequelize, row.id, transaction), team]);
  return { row, entities, changeLog, team: members };
}

/** A loaded project as this caller may read it (the change log only for owner and management). */
export function presentLoaded(
  actor: Actor,
  { row, entities, changeLog }: LoadedProject,
  team: ProjectMemberDto[],
): ProjectDocument {
  return presentDocument(row, entities.values(), visibleChangeLog(actor, row, changeLog), team);
}

/**
 * Several whole documents as this caller may read them, in the order of `ids`, in a few
 * queries for all of them (one per table; the backup and the exports read 100 at a time).
 * A project deleted meanwhile is left out.
 */
export async function readDocuments(
  sequelize: Sequelize,
  actor: Actor,
  ids: readonly string[],
  transaction?: Transaction,
): Promise<ProjectDocument[]> {
  const [rows, loaded] = await Promise.all([
    findProjectRows(sequelize, ids, transaction),
    loadEntitiesOf(sequelize, ids, transaction),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  const teams = await loadTeams(sequelize, found, transaction);
  return found.map((row, index) => {
    const { entities, changeLog } = loaded.get(row.id)!;
    return presentDocument(row, entities.values(), visibleChangeLog(actor, row, changeLog), teams[index]!);
  });
}

/**
 * What changed in the project since revision `since`, as this caller may read it (the same
 * rules as the whole document), or the whole document when the history does not reach back:
 * `since` before the project's `deltaFrom` (older log entries carry no revision, an import
 * replaced the log) or after its revision (a copy of another database's project).
 */
export async function readChanges(
  sequelize: Sequelize,
  actor: Actor,
  row: ProjectRow,
  since: number,
  transaction?: Transaction,
  /** What is known to be all that changed since (the writer's own write): only those tables are read. */
  known?: { kinds: ReadonlySet<Entity['kind']>; deletions: boolean },
): Promise<ProjectChangesDto> {
  if (since < row.deltaFrom || since > row.revision)
    return { kind: 'document', document: await readDocumentOf(sequelize, actor, row, transaction) };
  const [{ entities, changeLog, deleted }, team] = await Promise.all([
    loadChangesSince(sequelize, row.id, since, transaction, known),
    loadTeam(sequelize, row, transaction),
  ]);
  // Deleted and brought back since: the entity is there, with its new revision.
  const gone = deleted.filter((id) => !entities.has(id));
  return presentDelta(row, since, entities.values(), gone, visibleChangeLog(actor, row, changeLog), team);
}

/** A loaded project as this caller may read it, its team read here. */
export async function presentFor(
  sequelize: Sequelize,
  actor: Actor,
  loaded: LoadedProject,
  transaction?: Transaction,
): Promise<ProjectDocument> {
  return presentLoaded(actor, loaded, await loadTeam(sequelize, loaded.row, transaction));
}

const SUMMARY_SELECT = `
  SELECT p.id, p.revision, p.name, p.description, p.icon, p.project_number AS "projectNumber",
         p.customer_type AS "customerType", p.status, p.owner_id AS "ownerId", o.username AS "ownerUsername",
         p.deputy_owner_id AS "deputyOwnerId", p.group_id AS "groupId", p.tag_ids AS "tagIds",
         p.thumbnail_image_id AS "thumbnailImageId", p.last_modified AS "lastModified", p.created_at AS "createdAt",
         COALESCE((SELECT array_agg(m.user_id ORDER BY m.created_at) FROM project_members m WHERE m.project_id = p.id), '{}') AS "memberIds",
         (SELECT count(*)::int FROM project_cards c WHERE c.project_id = p.id) AS "cardCount",
         (SELECT count(*)::int FROM project_cards c WHERE c.column_id = (
            SELECT l.id FROM project_columns l WHERE l.project_id = p.id ORDER BY l.position COLLATE "C" DESC, l.id DESC LIMIT 1
         )) AS "doneCount"
    FROM projects p LEFT JOIN users o ON o.id = p.owner_id`;

export const VISIBLE_TO = `(p.owner_id = :actorId OR p.deputy_owner_id = :actorId
  OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = :actorId))`;

/** Active and completed projects the caller may see; Admin and Firmenleiter see all. */
export function listProjects(sequelize: Sequelize, actor: Actor, seesAll: boolean): Promise<ProjectSummaryRow[]> {
  return sequelize.query<ProjectSummaryRow>(
    `${SUMMARY_SELECT} WHERE NOT p.is_template AND p.status <> 'archived' ${seesAll ? '' : `AND ${VISIBLE_TO}`}
     ORDER BY p.last_modified DESC`,
    { type: QueryTypes.SELECT, replacements: { actorId: actor.id } },
  );
}

export function listArchivedProjects(sequelize: Sequelize): Promise<ProjectSummaryRow[]> {
  return sequelize.query<ProjectSummaryRow>(
    `${SUMMARY_SELECT} WHERE NOT p.is_template AND p.status = 'archived' ORDER BY p.archived_at DESC NULLS LAST`,
    { type: QueryTypes.SELECT },
  );
}

/** The customer type's stored spelling, or a 400 when there is no such type. */
export async function canonicalCustomerType(
  sequelize: Sequelize,
  name: string,
  transaction?: Transaction,
): Promise<string> {
  const [row] = await sequelize.query<{ name: string }>(
    'SELECT name FROM customer_types WHERE lower(name) = lower(:name)',
    {
      type: QueryTypes.SELECT,
      replacements: { name },
      transaction,
    },
  );
  if (!row) throw invalidField('customerType', de.projects.customerTypeUnknown);
  return row.name;
}

/** The unique index on (owner, lower(name)) of live projects answers a duplicate with the spec's message. */
export async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = (error as { parent?: { constraint?: string } }).parent?.constraint;
    if (error instanceof UniqueConstraintError && constraint === 'projects_owner_name_unique')
      throw invalidField('name', de.projects.nameTaken);
    throw error;
  }
}

interface TemplateRow {
  id: string;
  name: string;
  description: string;
  icon: TemplateSummaryDto['icon'];
  cardGroups: string[];
}

/** A template in list form: its fields, owner and column titles. */
export const TEMPLATE_SUMMARY_SELECT = `
  SELECT p.id, p.name, p.description, p.icon, p.customer_type AS "customerType", p.owner_id AS "ownerId",
         o.username AS "ownerUsername",
         (SELECT array_agg(c.title ORDER BY c.position COLLATE "C", c.id) FROM project_columns c WHERE c.project_id = p.id) AS "columnTitles"
    FROM projects p LEFT JOIN users o ON o.id = p.owner_id`;

/** Active templates the caller may use (global ones and their own), every active one, or the archived ones. */
export function listTemplates(
  sequelize: Sequelize,
  actor: Actor,
  status: 'active' | 'archived',
  scope: 'mine' | 'everyone' = 'mine',
): Promise<TemplateSummaryRow[]> {
  const onlyMine = status === 'active' && scope === 'mine';
  return sequelize.query<TemplateSummaryRow>(
    `${TEMPLATE_SUMMARY_SELECT}
      WHERE p.is_template AND p.status = :status ${onlyMine ? 'AND (p.owner_id IS NULL OR p.owner_id = :actorId)' : ''}
      ORDER BY p.owner_id IS NOT NULL, lower(p.name)`,
    { type: QueryTypes.SELECT, replacements: { status, actorId: actor.id } },
  );
}

/** Creates a project from a template (its columns, cards and task groups), owned by the caller. */
export async function createProject(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  request: ProjectCreateRequest,
): Promise<string> {
  const [template] = await sequelize.query<TemplateRow>(
    `SELECT p.id, p.name, p.description, p.icon, p.card_groups AS "cardGroups"
       FROM projects p
      WHERE p.is_template AND p.status = 'active' AND (p.owner_id IS NULL OR p.owner_id = :actorId)
        ${request.templateId ? 'AND p.id = :templateId' : ''}
      ORDER BY p.owner_id IS NOT NULL, p.created_at LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { actorId: actor.id, templateId: request.templateId }, transaction },
  );
  if (request.templateId && !template) throw invalidField('templateId', de.projects.templateNotFound);
  const customerType = await canonicalCustomerType(sequelize, request.customerType, transaction);
  const [duplicate] = await sequelize.query(
    `SELECT 1 FROM projects WHERE owner_id = :ownerId AND lower(name) = lower(:name) AND NOT is_template AND status <> 'archived'`,
    { type: QueryTypes.SELECT, replacements: { ownerId: actor.id, name: request.name }, transaction },
  );
  if (duplicate) throw invalidField('name', de.projects.nameTaken);

  const id = randomUUID();
  await sequelize.query(
    `INSERT INTO projects (id, name, description, icon, project_number, customer_type, owner_id, card_groups)
     VALUES (:id, :name, :description, :icon, :projectNumber, :customerType, :ownerId, :cardGroups::jsonb)`,
    {
      replacements: {
        id,
        name: request.name,
        description: template?.description ?? '',
        icon: template?.icon ?? 'briefcase',
        projectNumber: request.projectNumber,
        customerType,
        ownerId: actor.id,
        cardGroups: JSON.stringify(template?.cardGroups ?? []),
      },
      transaction,
    },
  );
  const entities = template ? await copyBoard(sequelize, template.id, transaction) : defaultColumns();
  await writeEntities(sequelize, transaction, id, entities, actor.id);
  await recordFields(sequelize, transaction, id, actor.id);
  await insertChangeLog(sequelize, transaction, id, [
    logEntry(actor, de.projects.log.created(template?.name ?? de.projects.defaultTemplateName)),
  ]);
  return id;
}

/**
 * Project fields changed by something other than the project's PUT (a group deleted, a
 * customer type renamed or deleted, the thumbnail image deleted): each project gets a new
 * revision that is also its fields' revision, with the fields recorded at it. A copy read
 * before still carries the old value; the merge then sees it as stale, not as the writer's
 * change, so the old value neither comes back nor fails the write.
 */
export async function recordFieldsChangedElsewhere(
  sequelize: Sequelize,
  transaction: Transaction,
  projectIds: readonly string[],
  actorId: string | null,
): Promise<void> {
  for (const id of projectIds) {
    await sequelize.query(
      'UPDATE projects SET revision = revision + 1, fields_rev = revision + 1, updated_at = now() WHERE id = :id',
      { replacements: { id }, transaction },
    );
    const row = (await findProjectRow(sequelize, id, { transaction }))!;
    await recordVersions(sequelize, transaction, id, actorId, [
      { id, kind: 'project', rev: row.revision, data: { content: fieldsOfRow(row), owned: null } },
    ]);
  }
}

/** Version 1 of the project's fields, for the merge's history. */
export async function recordFields(sequelize: Sequelize, transaction: Transaction, id: string, actorId: string | null) {
  const row = (await findProjectRow(sequelize, id, { transaction }))!;
  await recordVersions(sequelize, transaction, id, actorId, [
    { id, kind: 'project', rev: 1, data: { content: fieldsOfRow(row), owned: null } },
  ]);
}

function defaultColumns(): Entity[] {
  return keysAfter(null, DEFAULT_COLUMN_TITLES.length).map((position, index) => ({
    kind: 'column',
    id: randomUUID(),
    rev: 1,
    owned: null,
    content: { position, title: DEFAULT_COLUMN_TITLES[index]! },
  }));
}

/** The template's columns and cards with new ids (entries are never part of a template copy). */
export async function copyBoard(sequelize: Sequelize, templateId: string, transaction: Transaction): Promise<Entity[]> {
  const { entities } = await loadEntities(sequelize, templateId, transaction);
  const newIds = new Map<string, string>();
  const copies: Entity[] = [];
  for (const entity of entities.values())
    if (entity.kind === 'column' || entity.kind === 'card') newIds.set(entity.id, randomUUID());
  for (const entity of entities.values()) {
    if (entity.kind === 'column') copies.push({ ...entity, id: newIds.get(entity.id)!, rev: 1 });
    if (entity.kind === 'card' && newIds.has(entity.content.columnId))
      copies.push({
        ...entity,
        id: newIds.get(entity.id)!,
        rev: 1,
        content: { ...entity.content, columnId: newIds.get(entity.content.columnId)! },
      });
  }
  return copies;
}

/** First start: the global template with the columns To Do, In Bearbeitung, Erledigt. */
export async function seedDefaultTemplate(sequelize: Sequelize): Promise<void> {
  // Start-up (db/seed.ts), not a request: its own transaction.
  // eslint-disable-next-line no-restricted-syntax
  await sequelize.transaction(async (transaction) => {
    const [existing] = await sequelize.query('SELECT 1 FROM projects WHERE is_template LIMIT 1', {
      type: QueryTypes.SELECT,
      transaction,
    });
    if (existing) return;
    const id = randomUUID();
    await sequelize.query(
      `INSERT INTO projects (id, is_template, name, icon, customer_type) VALUES (:id, true, :name, :icon, :customerType)`,
      {
        replacements: {
          id,
          name: de.projects.defaultTemplateName,
          icon: DEFAULT_TEMPLATE_ICON,
          customerType: DEFAULT_CUSTOMER_TYPE,
        },
        transaction,
      },
    );
    await writeEntities(sequelize, transaction, id, defaultColumns(), null);
    await recordFields(sequelize, transaction, id, null);
  });
}

/** The archive's restore and permanent delete work only on what is archived (400 otherwise). */
export function requireArchived(row: Pick<ProjectRow, 'status'>, message: string): void {
  if (row.status !== 'archived') throw new ApiError(400, message, 'validation');
}

/** Sets the status and writes the change-log entry in one transaction. */
export async function changeStatus(
  sequelize: Sequelize,
  transaction: Transaction,
  row: ProjectRow,
  status: ProjectRow['status'],
  entry: ChangeLogEntryDto,
): Promise<void> {
  await sequelize.query(
    `UPDATE projects SET status = :status, revision = revision + 1, last_modified = now(), updated_at = now(),
       archived_at = CASE WHEN :status = 'archived' THEN now() ELSE NULL END
     WHERE id = :id`,
    { replacements: { id: row.id, status }, transaction },
  );
  await insertChangeLog(sequelize, transaction, row.id, [entry]);
}

export async function deleteProjectPermanently(
  sequelize: Sequelize,
  id: string,
  transaction?: Transaction,
): Promise<void> {
  await sequelize.query('DELETE FROM projects WHERE id = :id', { replacements: { id }, transaction });
  // An import may bring the id back at a revision the cache has seen.
  forgetProjectAnswers(id, transaction);
}
