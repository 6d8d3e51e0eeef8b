import {
  type ChangeLogEntryDto,
  type ProjectFieldsDto,
  type ProjectIcon,
  PROJECT_LIMITS,
  type ProjectMemberDto,
  type ProjectStatus,
  type Role,
} from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Entity, EntityMap } from '../commands/projectEntities';
import type { MergeResult, StoredProject, VersionRecord } from '../commands/projectMerger';
import { entriesKey, type EntityReads, type StoredCounts } from '../commands/projectSlice';

/**
 * The project document in PostgreSQL: one row per project in `projects`, one per nested
 * entity in its table, and every entity's versions in `entity_versions` for the merge.
 * Plain SQL, batched per table: a board of 2,000 cards loads in a handful of queries.
 */

export interface ProjectRow {
  id: string;
  isTemplate: boolean;
  name: string;
  description: string;
  icon: ProjectIcon;
  projectNumber: string;
  customerType: string;
  status: ProjectStatus;
  ownerId: string | null;
  ownerUsername: string | null;
  deputyOwnerId: string | null;
  groupId: string | null;
  groupAssignments: Record<string, string>;
  thumbnailImageId: string | null;
  tagIds: string[];
  cardGroups: string[];
  revision: number;
  fieldsRev: number;
  /** The first revision a delta read may start from (migration 20261202100000-delta-reads). */
  deltaFrom: number;
  lastModified: Date;
  createdAt: Date;
  memberIds: string[];
  /**
   * The accounts of owner, deputy and members as the row's own statement read them (issue 17,
   * branch server17c): `loadTeam` needs no statement of its own for a row read so, which spares
   * one round trip to PostgreSQL per save and per read of a kept board. Absent on rows made
   * otherwise; a row whose team changed in memory since is read as before (`loadTeams`).
   */
  teamUsers?: TeamUser[];
}

/** A team member's account as `loadTeams` presents it. */
interface TeamUser {
  id: string;
  username: string;
  usernameColor: string;
  role: Role;
}

export interface LoadedProject {
  row: ProjectRow;
  entities: EntityMap;
  changeLog: ChangeLogEntryDto[];
}

const PROJECT_COLUMNS = `
  p.id, p.is_template AS "isTemplate", p.name, p.description, p.icon, p.project_number AS "projectNumber",
  p.customer_type AS "customerType", p.status, p.owner_id AS "ownerId", o.username AS "ownerUsername",
  p.deputy_owner_id AS "deputyOwnerId", p.group_id AS "groupId", p.group_assignments AS "groupAssignments",
  p.thumbnail_image_id AS "thumbnailImageId", p.tag_ids AS "tagIds", p.card_groups AS "cardGroups",
  p.revision, p.fields_rev AS "fieldsRev", p.delta_from AS "deltaFrom", p.last_modified AS "lastModified", p.created_at AS "createdAt",
  COALESCE((SELECT array_agg(m.user_id ORDER BY m.created_at) FROM project_members m WHERE m.project_id = p.id), '{}') AS "memberIds",
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'usernameColor', u.username_color, 'role', u.role))
     FROM users u
    WHERE u.id = ANY(ARRAY[p.owner_id, p.deputy_owner_id] || ARRAY(SELECT m.user_id FROM project_members m WHERE m.project_id = p.id))),
    '[]') AS "teamUsers"`;

const PROJECT_SELECT = `SELECT ${PROJECT_COLUMNS} FROM projects p LEFT JOIN users o ON o.id = p.owner_id`;

function select<T extends object>(
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown>,
  transaction?: Transaction,
): Promise<T[]> {
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements, transaction });
}

/** The column `selectParts` tags each row with (taken off again). */
const PART = 'statementPart';

/**
 * Several SELECTs (each starting with `SELECT`) with the same `replacements`, their rows by part.
 * In a transaction they are sent as one query of several statements: its connection runs them
 * one after the other anyway, and one round trip to PostgreSQL instead of one per statement
 * spares both programs the work of each (issue 17, branch replay17e: a delta save's answer
 * read 8 tables). The rows and their types are those of each statement alone (PostgreSQL
 * describes each statement's rows). Outside a transaction each runs on its own, in parallel on
 * the pool, as before.
 */
async function selectParts<Part extends string>(
  sequelize: Sequelize,
  statements: readonly (readonly [Part, string])[],
  replacements: Record<string, unknown>,
  transaction?: Transaction,
): Promise<Map<Part, object[]>> {
  const parts = new Map<Part, object[]>(statements.map(([part]) => [part, []]));
  if (transaction === undefined || statements.length < 2) {
    const rows = await Promise.all(statements.map(([, sql]) => select(sequelize, sql, replacements, transaction)));
    statements.forEach(([part], index) => parts.set(part, rows[index]!));
    return parts;
  }
  const tagged = statements.map(([part, sql]) => {
    if (!/^\s*SELECT\s/.test(sql) || !/^\w+$/.test(part)) throw new Error(`not a SELECT of its own: ${part}`);
    return sql.replace(/^\s*SELECT\s/, `SELECT '${part}' AS "${PART}", `);
  });
  // Sequelize answers the rows of all statements, in their order.
  const rows = await select<Record<string, unknown>>(sequelize, tagged.join(';\n'), replacements, transaction);
  for (const row of rows) {
    const part = row[PART] as Part;
    delete row[PART];
    parts.get(part)!.push(row);
  }
  return parts;
}

/** The project row, locked for the transaction when `lock` (a PUT merges one writer at a time). */
export async function findProjectRow(
  sequelize: Sequelize,
  id: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<ProjectRow | null> {
  const lock = options.lock ? ' FOR UPDATE OF p' : '';
  const [row] = await select<ProjectRow>(
    sequelize,
    `${PROJECT_SELECT} WHERE p.id = :id${lock}`,
    { id },
    options.transaction,
  );
  return row ?? null;
}

/** Several projects' rows (those that exist), for reads of many projects at once (the backup). */
export function findProjectRows(
  sequelize: Sequelize,
  ids: readonly string[],
  transaction?: Transaction,
): Promise<ProjectRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return select<ProjectRow>(sequelize, `${PROJECT_SELECT} WHERE p.id = ANY(ARRAY[:ids]::uuid[])`, { ids }, transaction);
}

interface ColumnRow {
  projectId: string;
  id: string;
  position: string;
  title: string;
  rev: number;
}
interface CardRow extends ColumnRow {
  columnId: string;
  description: string;
  tagIds: string[];
  group: string | null;
  assignedTo: string | null;
}
interface TimeRow {
  projectId: string;
  id: string;
  cardId: string;
  userId: string | null;
  username: string;
  date: string;
  hours: string;
  rev: number;
}
interface MaterialRow {
  projectId: string;
  id: string;
  cardId: string;
  quantity: string;
  unit: string;
  name: string;
  rev: number;
}
interface AppointmentRow {
  projectId: string;
  id: string;
  title: string;
  date: string;
  status: string;
  contactName: string;
  contactPhone: string;
  tagIds: string[];
  notes: string;
  rev: number;
}
interface NoteRow {
  projectId: string;
  id: string;
  title: string;
  content: string;
  authorId: string | null;
  authorUsername: string;
  timestamp: Date;
  rev: number;
}
interface SignoffRow {
  projectId: string;
  id: string;
  cardId: string | null;
  signerName: string;
  signedAt: Date;
  signature: string;
  coveredTimeEntryIds: string[];
  coveredMaterialEntryIds: string[];
  collectedById: string | null;
  collectedByName: string;
  rev: number;
}
interface LogRow {
  projectId: string;
  id: string;
  timestamp: Date;
  userId: string | null;
  username: string;
  action: string;
}

/**
 * Every nested entity of a project, flattened, plus its change log (newest first); with
 * `since`, only the entities changed after that revision and the entries written after it.
 */
export async function loadEntities(
  sequelize: Sequelize,
  projectId: string,
  transaction?: Transaction,
  since?: number,
  /** Only these kinds' tables (the others are known to hold nothing wanted). */
  kinds?: ReadonlySet<Entity['kind']>,
): Promise<{ entities: EntityMap; changeLog: ChangeLogEntryDto[] }> {
  const loaded = await loadEntitiesOf(sequelize, [projectId], transaction, since, kinds);
  return loaded.get(projectId)!;
}

/** loadEntities for several projects in one query per table (the backup reads 100 at a time). */
export async function loadEntitiesOf(
  sequelize: Sequelize,
  projectIds: readonly string[],
  transaction?: Transaction,
  since?: number,
  kinds?: ReadonlySet<Entity['kind']>,
): Promise<Map<string, { entities: EntityMap; changeLog: ChangeLogEntryDto[] }>> {
  return (await readEntities(sequelize, projectIds, transaction, since, kinds)).loaded;
}

/**
 * What changed in a project after revision `since` (a delta read, a delta save's answer):
 * loadEntities with `since`, and the ids of the entities deleted since (their tombstones in the
 * history), unless `known` says there are none; in a transaction in one round trip.
 */
export async function loadChangesSince(
  sequelize: Sequelize,
  projectId: string,
  since: number,
  transaction?: Transaction,
  /** What is known to be all that changed since: only those tables are read. */
  known?: { kinds: ReadonlySet<Entity['kind']>; deletions: boolean },
): Promise<{ entities: EntityMap; changeLog: ChangeLogEntryDto[]; deleted: string[] }> {
  const deletions: [string, string][] =
    known && !known.deletions
      ? []
      : [
          [
            'deleted',
            `SELECT entity_id AS id FROM entity_versions
              WHERE project_id = :projectId AND rev > :since AND data IS NULL AND kind <> 'project' GROUP BY entity_id`,
          ],
        ];
  const { loaded, rows } = await readEntities(sequelize, [projectId], transaction, since, known?.kinds, deletions);
  return { ...loaded.get(projectId)!, deleted: ((rows.get('deleted') ?? []) as { id: string }[]).map((row) => row.id) };
}

/** The entities and change logs of `projectIds` (see loadEntities), read with `more` statements, whose rows it answers too. */
async function readEntities(
  sequelize: Sequelize,
  projectIds: readonly string[],
  transaction: Transaction | undefined,
  since: number | undefined,
  kinds: ReadonlySet<Entity['kind']> | undefined,
  more: readonly [string, string][] = [],
) {
  const logged = since === undefined ? '' : ' AND revision > :since';
  const rows = await selectParts(
    sequelize,
    [
      ...entityStatements((kind) =>
        kinds && !kinds.has(kind)
          ? null
          : `project_id = ANY(ARRAY[:projectIds]::uuid[])${since === undefined ? '' : ' AND rev > :since'}`,
      ),
      [
        'log',
        `SELECT project_id AS "projectId", id, logged_at AS timestamp, user_id AS "userId", username, action
           FROM change_log_entries WHERE project_id = ANY(ARRAY[:projectIds]::uuid[])${logged} ORDER BY logged_at DESC, id`,
      ],
      ...more,
    ],
    { projectIds, projectId: projectIds[0], since },
    transaction,
  );
  const log = rows.get('log') as LogRow[];
  const loaded = new Map(
    projectIds.map((id) => [id, { entities: new Map() as EntityMap, changeLog: [] as ChangeLogEntryDto[] }]),
  );
  for (const { projectId, entity } of entitiesOfRows(rows)) loaded.get(projectId)!.entities.set(entity.id, entity);
  for (const { projectId, ...row } of log)
    loaded.get(projectId)!.changeLog.push({ ...row, timestamp: row.timestamp.toISOString() });
  return { loaded, rows };
}

/**
 * Some stored entities of one project, for a delta save (commands/projectSlice.ts): those with
 * the given ids (by the kind they may be, `anyKind` in every table), the children of
 * `childrenOf` (cards of those columns, entries of those cards) and, with `signoffs`, all
 * sign-offs. Only the tables asked about are read.
 */
export async function loadSomeEntities(
  sequelize: Sequelize,
  projectId: string,
  reads: EntityReads,
  transaction?: Transaction,
): Promise<Entity[]> {
  const { statements, replacements } = someEntitiesRead(projectId, reads);
  return entitiesOfRows(await selectParts(sequelize, statements, replacements, transaction)).map(
    ({ entity }) => entity,
  );
}

/**
 * The first round of a delta save's reads (`loadSomeEntities`) with the document's counts for
 * its limits: entities of each kind, and time and material entries of each of `cardIds` (by
 * COUNT); in a transaction in one round trip (issue 17, branch save17f: counts and slice were two).
 */
export async function countAndLoadSomeEntities(
  sequelize: Sequelize,
  projectId: string,
  cardIds: readonly string[],
  reads: EntityReads,
  transaction?: Transaction,
): Promise<{ counts: StoredCounts; entities: Entity[] }> {
  const some = someEntitiesRead(projectId, reads);
  const rows = await selectParts(
    sequelize,
    [['counts', `SELECT * FROM (${countsStatement(cardIds)}) AS counts`], ...some.statements],
    { ...some.replacements, entryCardIds: cardIds },
    transaction,
  );
  return {
    counts: countsOfRows(rows.get('counts') as CountRow[], cardIds),
    entities: entitiesOfRows(rows).map(({ entity }) => entity),
  };
}

/** loadSomeEntities's statements and their replacements. */
function someEntitiesRead(projectId: string, reads: EntityReads) {
  const parentColumn: Partial<Record<Entity['kind'], string>> = {
    card: 'column_id',
    timeEntry: 'card_id',
    materialEntry: 'card_id',
  };
  const idsOf = (kind: Entity['kind']) => [...(reads.byKind[kind] ?? []), ...reads.anyKind];
  return {
    statements: entityStatements((kind) => {
      if (kind === 'signoff' && reads.signoffs) return 'project_id = :projectId';
      const ids = idsOf(kind);
      const parent = parentColumn[kind];
      const conditions = [
        ...(ids.length > 0 ? [`id = ANY(ARRAY[:${kind}Ids]::uuid[])`] : []),
        ...(parent && reads.childrenOf.length > 0 ? [`${parent} = ANY(ARRAY[:childrenOf]::uuid[])`] : []),
      ];
      return conditions.length === 0 ? null : `project_id = :projectId AND (${conditions.join(' OR ')})`;
    }),
    replacements: {
      projectId,
      childrenOf: reads.childrenOf,
      ...Object.fromEntries(ENTITY_KINDS.map((kind) => [`${kind}Ids`, idsOf(kind)])),
    },
  };
}

interface CountRow {
  kind: Entity['kind'];
  cardId: string | null;
  count: number;
}

/** The counts' statement (replacements `projectId`, `entryCardIds`; `cardIds` is the slice's), a UNION ALL of counts. */
function countsStatement(cardIds: readonly string[]): string {
  const total = (kind: Entity['kind']) =>
    `SELECT '${kind}' AS kind, NULL::uuid AS "cardId", count(*)::int AS count FROM ${TABLES[kind]} WHERE project_id = :projectId`;
  const perCard = (kind: 'timeEntry' | 'materialEntry') =>
    `SELECT '${kind}', card_id, count(*)::int FROM ${TABLES[kind]}
      WHERE project_id = :projectId AND card_id = ANY(ARRAY[:entryCardIds]::uuid[]) GROUP BY card_id`;
  return [
    ...(['column', 'card', 'appointment', 'note', 'signoff'] as const).map(total),
    ...(cardIds.length > 0 ? [perCard('timeEntry'), perCard('materialEntry')] : []),
  ].join('\n UNION ALL ');
}

function countsOfRows(rows: readonly CountRow[], cardIds: readonly string[]): StoredCounts {
  const kinds = new Map<Entity['kind'], number>();
  const entriesOf = new Map<string, number>();
  for (const cardId of cardIds)
    for (const kind of ['timeEntry', 'materialEntry'] as const) entriesOf.set(entriesKey(kind, cardId), 0);
  for (const { kind, cardId, count } of rows)
    if (cardId === null) kinds.set(kind, count);
    else if (kind === 'timeEntry' || kind === 'materialEntry') entriesOf.set(entriesKey(kind, cardId), count);
  return { kinds, entriesOf };
}

const ENTITY_KINDS = [
  'column',
  'card',
  'timeEntry',
  'materialEntry',
  'appointment',
  'note',
  'signoff',
] as const satisfies readonly Entity['kind'][];

/**
 * The SELECTs of the entity tables for which `where` gives a condition (null: that table is not
 * read), each with the project an entity belongs to; `entitiesOfRows` makes entities of their rows.
 */
function entityStatements(where: (kind: Entity['kind']) => string | null): [Entity['kind'], string][] {
  const statements: [Entity['kind'], string][] = [];
  const from = (kind: Entity['kind'], sql: string, order = '') => {
    const condition = where(kind);
    if (condition !== null) statements.push([kind, `${sql} WHERE ${condition}${order}`]);
  };
  from('column', `SELECT project_id AS "projectId", id, position, title, rev FROM project_columns`);
  from(
    'card',
    `SELECT project_id AS "projectId", id, column_id AS "columnId", position, title, description, tag_ids AS "tagIds", group_name AS "group",
            assigned_to AS "assignedTo", rev FROM project_cards`,
  );
  from(
    'timeEntry',
    `SELECT project_id AS "projectId", id, card_id AS "cardId", user_id AS "userId", username, to_char(day, 'YYYY-MM-DD') AS date, hours, rev
       FROM time_entries`,
  );
  from(
    'materialEntry',
    `SELECT project_id AS "projectId", id, card_id AS "cardId", quantity, unit, name, rev FROM material_entries`,
    ' ORDER BY seq',
  );
  from(
    'appointment',
    `SELECT project_id AS "projectId", id, title, starts_at AS date, status, contact_name AS "contactName", contact_phone AS "contactPhone",
            tag_ids AS "tagIds", notes, rev FROM appointments`,
  );
  from(
    'note',
    `SELECT project_id AS "projectId", id, title, content, author_id AS "authorId", author_username AS "authorUsername", written_at AS timestamp, rev
       FROM project_notes`,
  );
  from(
    'signoff',
    `SELECT project_id AS "projectId", id, card_id AS "cardId", signer_name AS "signerName", signed_at AS "signedAt", signature,
            covered_time_entry_ids AS "coveredTimeEntryIds", covered_material_entry_ids AS "coveredMaterialEntryIds",
            collected_by_id AS "collectedById", collected_by_name AS "collectedByName", rev
       FROM project_signoffs`,
  );
  return statements;
}

/** The entities of the rows `entityStatements` read (by kind), with the project each belongs to. */
function entitiesOfRows(rows: ReadonlyMap<string, object[]>): { projectId: string; entity: Entity }[] {
  const of = <T>(kind: Entity['kind']) => (rows.get(kind) ?? []) as T[];
  const [columns, cards, times, materials, appointments, notes, signoffs] = [
    of<ColumnRow>('column'),
    of<CardRow>('card'),
    of<TimeRow>('timeEntry'),
    of<MaterialRow>('materialEntry'),
    of<AppointmentRow>('appointment'),
    of<NoteRow>('note'),
    of<SignoffRow>('signoff'),
  ];
  const found: { projectId: string; entity: Entity }[] = [];
  const add = (projectId: string, entity: Entity) => found.push({ projectId, entity });
  for (const { projectId, id, rev, position, title } of columns)
    add(projectId, { kind: 'column', id, rev, owned: null, content: { position, title } });
  for (const row of cards)
    add(row.projectId, {
      kind: 'card',
      id: row.id,
      rev: row.rev,
      owned: null,
      content: {
        columnId: row.columnId,
        position: row.position,
        title: row.title,
        description: row.description,
        tagIds: row.tagIds,
        group: row.group,
        assignedTo: row.assignedTo,
      },
    });
  for (const row of times)
    add(row.projectId, {
      kind: 'timeEntry',
      id: row.id,
      rev: row.rev,
      content: { cardId: row.cardId, date: row.date, hours: Number(row.hours) },
      owned: { userId: row.userId, username: row.username },
    });
  for (const row of materials)
    add(row.projectId, {
      kind: 'materialEntry',
      id: row.id,
      rev: row.rev,
      owned: null,
      content: { cardId: row.cardId, quantity: Number(row.quantity), unit: row.unit, name: row.name },
    });
  for (const row of appointments)
    add(row.projectId, {
      kind: 'appointment',
      id: row.id,
      rev: row.rev,
      owned: null,
      content: {
        title: row.title,
        date: row.date,
        status: row.status as 'active',
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        tagIds: row.tagIds,
        notes: row.notes,
      },
    });
  for (const row of notes)
    add(row.projectId, {
      kind: 'note',
      id: row.id,
      rev: row.rev,
      content: { title: row.title, content: row.content },
      owned: { authorId: row.authorId, authorUsername: row.authorUsername, timestamp: row.timestamp.toISOString() },
    });
  for (const row of signoffs)
    add(row.projectId, {
      kind: 'signoff',
      id: row.id,
      rev: row.rev,
      content: {
        cardId: row.cardId,
        signerName: row.signerName,
        signedAt: row.signedAt.toISOString(),
        signature: row.signature,
        coveredTimeEntryIds: row.coveredTimeEntryIds,
        coveredMaterialEntryIds: row.coveredMaterialEntryIds,
      },
      owned: { collectedById: row.collectedById, collectedByName: row.collectedByName },
    });
  return found;
}

export function fieldsOfRow(row: ProjectRow): ProjectFieldsDto {
  return {
    name: row.name,
    description: row.description,
    icon: row.icon,
    projectNumber: row.projectNumber,
    customerType: row.customerType,
    groupId: row.groupId,
    groupAssignments: row.groupAssignments,
    thumbnailImageId: row.thumbnailImageId,
    tagIds: row.tagIds,
    cardGroups: row.cardGroups,
  };
}

export function storedProject(row: ProjectRow, entities: EntityMap): StoredProject {
  return { id: row.id, revision: row.revision, fieldsRev: row.fieldsRev, fields: fieldsOfRow(row), entities };
}

/** Versions of the named entities (of any project: an id used elsewhere must be refused). */
export async function loadHistory(
  sequelize: Sequelize,
  ids: readonly string[],
  transaction?: Transaction,
): Promise<Map<string, VersionRecord[]>> {
  const history = new Map<string, VersionRecord[]>();
  if (ids.length === 0) return history;
  const rows = await select<VersionRecord & { entityId: string }>(
    sequelize,
    `SELECT entity_id AS "entityId", rev, project_id AS "projectId", kind, actor_id AS "actorId", data
       FROM entity_versions WHERE entity_id = ANY(ARRAY[:ids]::uuid[]) ORDER BY entity_id, rev`,
    { ids },
    transaction,
  );
  for (const { entityId, ...version } of rows) {
    const versions = history.get(entityId);
    if (versions) versions.push(version);
    else history.set(entityId, [version]);
  }
  return history;
}

/** The team with names, for the document's header and the assignment choices. */
export async function loadTeam(
  sequelize: Sequelize,
  row: ProjectRow,
  transaction?: Transaction,
): Promise<ProjectMemberDto[]> {
  return (await loadTeams(sequelize, [row], transaction))[0]!;
}

/** loadTeam for several projects with one query (the backup reads 100 at a time). */
export async function loadTeams(
  sequelize: Sequelize,
  rows: readonly ProjectRow[],
  transaction?: Transaction,
): Promise<ProjectMemberDto[][]> {
  const teamIds = (row: ProjectRow) =>
    [row.ownerId, row.deputyOwnerId, ...row.memberIds].filter((id): id is string => id !== null);
  const ids = [...new Set(rows.flatMap(teamIds))];
  // The accounts the rows' own statement read, when they are all there is to read.
  const preloaded = new Map(rows.flatMap((row) => row.teamUsers ?? []).map((user) => [user.id, user]));
  const users =
    ids.length === 0
      ? []
      : ids.every((id) => preloaded.has(id))
        ? [...preloaded.values()]
        : await select<TeamUser>(
            sequelize,
            'SELECT id, username, username_color AS "usernameColor", role FROM users WHERE id = ANY(ARRAY[:ids]::uuid[])',
            { ids },
            transaction,
          );
  const byId = new Map(users.map((user) => [user.id, user]));
  return rows.map((row) => {
    const team: ProjectMemberDto[] = [];
    const add = (id: string | null, teamRole: ProjectMemberDto['teamRole']) => {
      const user = id ? byId.get(id) : undefined;
      if (user && !team.some((member) => member.id === user.id)) team.push({ ...user, teamRole });
    };
    add(row.ownerId, 'owner');
    add(row.deputyOwnerId, 'deputy');
    for (const id of row.memberIds) add(id, 'member');
    return team;
  });
}

type Value = string | number | boolean | null | Date;
const CHUNK = 500;
/** A batch's statements go in queries of about this many characters (an import writes megabytes). */
const QUERY_CHARS = 1_000_000;

/**
 * Write statements of one transaction, sent to PostgreSQL together: a query of several
 * statements runs them one after the other, each as it runs alone (its own snapshot, triggers
 * and errors; the first error ends the query and the transaction), in one round trip instead of
 * one each (issue 17, branch save17f: a save wrote in four). A query of several statements cannot
 * bind parameters, so values go into the text as literals, escaped as Sequelize escapes
 * replacements (which `selectParts` relies on too); a NUL, which PostgreSQL refuses in text, is
 * refused here rather than changed.
 */
export class WriteBatch {
  private readonly statements: string[] = [];

  constructor(private readonly sequelize: Sequelize) {}

  /** `value` as a literal of a statement's text. */
  literal(value: Value): string {
    if (value === null) return 'NULL';
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (typeof value === 'string' && value.includes('\0')) throw new Error('a NUL character cannot be stored');
    return this.sequelize.escape(value);
  }

  add(sql: string): void {
    this.statements.push(sql);
  }

  /** Sends what was added (in queries of about QUERY_CHARS, never a statement split) and empties the batch. */
  async send(transaction: Transaction): Promise<void> {
    const statements = this.statements.splice(0);
    for (let start = 0; start < statements.length;) {
      let end = start + 1;
      let chars = statements[start]!.length;
      while (end < statements.length && chars + statements[end]!.length <= QUERY_CHARS)
        chars += statements[end++]!.length;
      await this.sequelize.query(statements.slice(start, end).join(';\n'), { transaction });
      start = end;
    }
  }
}

/**
 * Adds one multi-row INSERT per chunk of CHUNK rows: with `conflictKeys` an upsert on them (every
 * other column taken from the new row), without them a conflict fails the statement.
 */
function insertRows(
  batch: WriteBatch,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
  options: { casts?: Record<string, string>; conflictKeys?: readonly string[] } = {},
): void {
  const { casts = {}, conflictKeys } = options;
  const updates = columns
    .filter((column) => !conflictKeys?.includes(column))
    .map((column) => `${column} = EXCLUDED.${column}`);
  const conflict = conflictKeys ? ` ON CONFLICT (${conflictKeys.join(', ')}) DO UPDATE SET ${updates.join(', ')}` : '';
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = rows.slice(start, start + CHUNK).map(
      (row) =>
        `(${row
          .map((value, index) => {
            const cast = casts[columns[index]!];
            return cast ? `${batch.literal(value)}::${cast}` : batch.literal(value);
          })
          .join(', ')})`,
    );
    batch.add(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}${conflict}`);
  }
}

/** Upsert by id. */
function upsertRows(
  batch: WriteBatch,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
  casts: Record<string, string> = {},
): void {
  insertRows(batch, table, columns, rows, { casts, conflictKeys: ['id'] });
}

const json = (value: unknown) => JSON.stringify(value);

/** Writes entities at their `rev` and records each version (the merge's history). */
export function writeEntities(
  sequelize: Sequelize,
  transaction: Transaction,
  projectId: string,
  entities: readonly Entity[],
  actorId: string | null,
): Promise<void> {
  return writeEntitiesOf(sequelize, transaction, [{ projectId, entities }], actorId);
}

/** The entities of many projects (an import), one multi-row statement per table for all of them. */
export function writeEntitiesOf(
  sequelize: Sequelize,
  transaction: Transaction,
  projects: readonly { projectId: string; entities: readonly Entity[] }[],
  actorId: string | null,
): Promise<void> {
  const batch = new WriteBatch(sequelize);
  addEntityWrites(batch, projects, actorId);
  return batch.send(transaction);
}

/** writeEntitiesOf's statements, added to `batch`. */
function addEntityWrites(
  batch: WriteBatch,
  projects: readonly { projectId: string; entities: readonly Entity[] }[],
  actorId: string | null,
): void {
  const rows = {
    column: [] as Value[][],
    card: [] as Value[][],
    timeEntry: [] as Value[][],
    materialEntry: [] as Value[][],
    appointment: [] as Value[][],
    note: [] as Value[][],
    signoff: [] as Value[][],
  };
  for (const { projectId, entities } of projects)
    for (const entity of entities) {
      switch (entity.kind) {
        case 'column':
          rows.column.push([entity.id, projectId, entity.content.position, entity.content.title, entity.rev]);
          break;
        case 'card': {
          const c = entity.content;
          rows.card.push([
            entity.id,
            projectId,
            c.columnId,
            c.position,
            c.title,
            c.description,
            json(c.tagIds),
            c.group,
            c.assignedTo,
            entity.rev,
          ]);
          break;
        }
        case 'timeEntry':
          rows.timeEntry.push([
            entity.id,
            projectId,
            entity.content.cardId,
            entity.owned.userId,
            entity.owned.username,
            entity.content.date,
            entity.content.hours,
            entity.rev,
          ]);
          break;
        case 'materialEntry': {
          const c = entity.content;
          rows.materialEntry.push([entity.id, projectId, c.cardId, c.quantity, c.unit, c.name, entity.rev]);
          break;
        }
        case 'appointment': {
          const c = entity.content;
          rows.appointment.push([
            entity.id,
            projectId,
            c.title,
            c.date,
            c.status,
            c.contactName,
            c.contactPhone,
            json(c.tagIds),
            c.notes,
            entity.rev,
          ]);
          break;
        }
        case 'note':
          rows.note.push([
            entity.id,
            projectId,
            entity.content.title,
            entity.content.content,
            entity.owned.authorId,
            entity.owned.authorUsername,
            entity.owned.timestamp,
            entity.rev,
          ]);
          break;
        case 'signoff': {
          const c = entity.content;
          rows.signoff.push([
            entity.id,
            projectId,
            c.cardId,
            c.signerName,
            c.signedAt,
            c.signature,
            json(c.coveredTimeEntryIds),
            json(c.coveredMaterialEntryIds),
            entity.owned.collectedById,
            entity.owned.collectedByName,
            entity.rev,
          ]);
          break;
        }
      }
    }
  const upsert = upsertRows.bind(null, batch);
  // Parents first; the foreign keys are deferred anyway, so a card may move to a new column.
  upsert('project_columns', ['id', 'project_id', 'position', 'title', 'rev'], rows.column);
  upsert(
    'project_cards',
    [
      'id',
      'project_id',
      'column_id',
      'position',
      'title',
      'description',
      'tag_ids',
      'group_name',
      'assigned_to',
      'rev',
    ],
    rows.card,
    { tag_ids: 'jsonb' },
  );
  upsert(
    'time_entries',
    ['id', 'project_id', 'card_id', 'user_id', 'username', 'day', 'hours', 'rev'],
    rows.timeEntry,
    {
      day: 'date',
    },
  );
  upsert('material_entries', ['id', 'project_id', 'card_id', 'quantity', 'unit', 'name', 'rev'], rows.materialEntry);
  upsert(
    'appointments',
    ['id', 'project_id', 'title', 'starts_at', 'status', 'contact_name', 'contact_phone', 'tag_ids', 'notes', 'rev'],
    rows.appointment,
    { tag_ids: 'jsonb' },
  );
  upsert(
    'project_notes',
    ['id', 'project_id', 'title', 'content', 'author_id', 'author_username', 'written_at', 'rev'],
    rows.note,
    {
      written_at: 'timestamptz',
    },
  );
  upsert(
    'project_signoffs',
    [
      'id',
      'project_id',
      'card_id',
      'signer_name',
      'signed_at',
      'signature',
      'covered_time_entry_ids',
      'covered_material_entry_ids',
      'collected_by_id',
      'collected_by_name',
      'rev',
    ],
    rows.signoff,
    { signed_at: 'timestamptz', covered_time_entry_ids: 'jsonb', covered_material_entry_ids: 'jsonb' },
  );
  addVersions(
    batch,
    actorId,
    projects.flatMap(({ projectId, entities }) =>
      entities.map((entity) => ({
        projectId,
        id: entity.id,
        kind: entity.kind,
        rev: entity.rev,
        data: { content: entity.content, owned: entity.owned },
      })),
    ),
  );
}

const TABLES: Record<Entity['kind'], string> = {
  column: 'project_columns',
  card: 'project_cards',
  timeEntry: 'time_entries',
  materialEntry: 'material_entries',
  appointment: 'appointments',
  note: 'project_notes',
  signoff: 'project_signoffs',
};

export interface EntityVersion {
  id: string;
  kind: string;
  rev: number;
  data: unknown;
}

export function recordVersions(
  sequelize: Sequelize,
  transaction: Transaction,
  projectId: string,
  actorId: string | null,
  versions: readonly EntityVersion[],
): Promise<void> {
  return recordVersionsOf(
    sequelize,
    transaction,
    actorId,
    versions.map((version) => ({ ...version, projectId })),
  );
}

/** Versions of the entities of many projects (an import) in one multi-row statement. */
export function recordVersionsOf(
  sequelize: Sequelize,
  transaction: Transaction,
  actorId: string | null,
  versions: readonly (EntityVersion & { projectId: string })[],
): Promise<void> {
  const batch = new WriteBatch(sequelize);
  addVersions(batch, actorId, versions);
  return batch.send(transaction);
}

/** recordVersionsOf's statement, added to `batch`. */
function addVersions(
  batch: WriteBatch,
  actorId: string | null,
  versions: readonly (EntityVersion & { projectId: string })[],
): void {
  insertRows(
    batch,
    'entity_versions',
    ['entity_id', 'rev', 'project_id', 'kind', 'actor_id', 'data'],
    versions.map((version) => [
      version.id,
      version.rev,
      version.projectId,
      version.kind,
      actorId,
      version.data === null ? null : json(version.data),
    ]),
    { casts: { data: 'jsonb' }, conflictKeys: ['entity_id', 'rev'] },
  );
}

/**
 * Adds entries to a project's change log, which keeps its newest PROJECT_LIMITS.changeLog.
 * Each entry takes the project's revision as it stands (a trigger): raise it first.
 */
export function insertChangeLog(
  sequelize: Sequelize,
  transaction: Transaction,
  projectId: string,
  entries: readonly ChangeLogEntryDto[],
): Promise<void> {
  return insertChangeLogs(sequelize, transaction, [{ projectId, entries }]);
}

/** The change-log entries of many projects (an import): one insert, one trim to each project's newest. */
export function insertChangeLogs(
  sequelize: Sequelize,
  transaction: Transaction,
  projects: readonly { projectId: string; entries: readonly ChangeLogEntryDto[] }[],
): Promise<void> {
  const batch = new WriteBatch(sequelize);
  addChangeLogs(batch, projects);
  return batch.send(transaction);
}

/** insertChangeLogs's statements, added to `batch`. */
function addChangeLogs(
  batch: WriteBatch,
  projects: readonly { projectId: string; entries: readonly ChangeLogEntryDto[] }[],
): void {
  const written = projects.filter(({ entries }) => entries.length > 0);
  if (written.length === 0) return;
  insertRows(
    batch,
    'change_log_entries',
    ['id', 'project_id', 'logged_at', 'user_id', 'username', 'action'],
    written.flatMap(({ projectId, entries }) =>
      entries.map((entry) => [entry.id, projectId, entry.timestamp, entry.userId, entry.username, entry.action]),
    ),
    { casts: { logged_at: 'timestamptz' } },
  );
  const projectIds = written.map(({ projectId }) => batch.literal(projectId)).join(', ');
  batch.add(
    `DELETE FROM change_log_entries WHERE id IN (
       SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY project_id ORDER BY logged_at DESC, id) AS place
                         FROM change_log_entries WHERE project_id = ANY(ARRAY[${projectIds}]::uuid[])) ranked
        WHERE place > ${PROJECT_LIMITS.changeLog})`,
  );
}

/**
 * Writes a merge's result: entities, deletions (with tombstones), fields, log, revision, in
 * one round trip (`WriteBatch`). Returns the project's row as it now is.
 */
export async function applyMerge(
  sequelize: Sequelize,
  transaction: Transaction,
  row: ProjectRow,
  result: MergeResult,
  actorId: string,
  now: Date,
): Promise<ProjectRow> {
  const batch = new WriteBatch(sequelize);
  const literal = batch.literal.bind(batch);
  const projectId = literal(row.id);
  addEntityWrites(batch, [{ projectId: row.id, entities: result.upserts }], actorId);
  const byKind = new Map<Entity['kind'], string[]>();
  for (const entity of result.deletes) byKind.set(entity.kind, [...(byKind.get(entity.kind) ?? []), entity.id]);
  // Children before parents, so that the cascade does not take entities the merge kept.
  for (const kind of ['signoff', 'timeEntry', 'materialEntry', 'note', 'appointment', 'card', 'column'] as const) {
    const ids = byKind.get(kind);
    if (ids?.length)
      batch.add(
        `DELETE FROM ${TABLES[kind]} WHERE project_id = ${projectId} AND id = ANY(ARRAY[${ids.map(literal).join(', ')}]::uuid[])`,
      );
  }
  const versionsOf = (versions: readonly EntityVersion[]) =>
    addVersions(
      batch,
      actorId,
      versions.map((version) => ({ ...version, projectId: row.id })),
    );
  versionsOf(result.deletes.map((entity) => ({ id: entity.id, kind: entity.kind, rev: result.revision, data: null })));
  const fields = result.fields;
  const set = (values: Record<string, Value>) =>
    Object.entries(values)
      .map(([column, value]) => `${column} = ${literal(value)}`)
      .join(', ');
  batch.add(
    `UPDATE projects SET ${set({ revision: result.revision, last_modified: now, updated_at: now })}${
      result.fieldsChanged
        ? `, ${set({
            fields_rev: result.revision,
            name: fields.name,
            description: fields.description,
            icon: fields.icon,
            project_number: fields.projectNumber,
            customer_type: fields.customerType,
            group_id: fields.groupId,
            thumbnail_image_id: fields.thumbnailImageId,
          })}, group_assignments = ${literal(json(fields.groupAssignments))}::jsonb,
       tag_ids = ${literal(json(fields.tagIds))}::jsonb, card_groups = ${literal(json(fields.cardGroups))}::jsonb`
        : ''
    }
     WHERE id = ${projectId}`,
  );
  // After the revision: the entries take the project's revision (migration 20261202100000-delta-reads).
  addChangeLogs(batch, [{ projectId: row.id, entries: result.log }]);
  if (result.fieldsChanged)
    versionsOf([{ id: row.id, kind: 'project', rev: result.revision, data: { content: fields, owned: null } }]);
  await batch.send(transaction);

  return {
    ...row,
    ...fields,
    revision: result.revision,
    fieldsRev: result.fieldsChanged ? result.revision : row.fieldsRev,
    lastModified: now,
  };
}

/** The whole project after a merge was written (`applyMerge`), from what was loaded plus the result (no second read). */
export function mergedProject(loaded: LoadedProject, result: MergeResult, row: ProjectRow): LoadedProject {
  const entities = new Map(loaded.entities);
  for (const entity of result.deletes) entities.delete(entity.id);
  for (const entity of result.upserts) entities.set(entity.id, entity);
  const changeLog = [...result.log, ...loaded.changeLog].sort(newestFirst).slice(0, PROJECT_LIMITS.changeLog);
  return { row, entities, changeLog };
}

/** The order of the change log: newest first, then by id (as the loader's ORDER BY). */
function newestFirst(a: ChangeLogEntryDto, b: ChangeLogEntryDto): number {
  const byTime = Date.parse(b.timestamp) - Date.parse(a.timestamp);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
