import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type ChangeLogEntryDto,
  DEFAULT_CUSTOMER_TYPE,
  de,
  EXTERNAL_ASSIGNEE_PREFIX,
  type ImportMode,
  type ImportResult,
  type LimitKind,
  limitFor,
  type ProjectFieldsDto,
  type TransferKind,
} from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { type ImportedImage, type ImportedProject, type ImportPlan, readImportItems } from '../commands/importFile';
import { type Entity, fieldsOf, flattenDocument } from '../commands/projectEntities';
import { ApiError, limitReached } from '../errors';
import { imageFilePaths, inspectImage, removeProjectImageFiles } from '../images/imageStore';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';
import { deleteCustomerType } from './customerTypes';
import { currentLicenseType } from './license';
import { countOf } from './limits';
import { writeRolePermissions } from './permissions';
import { type EntityVersion, insertChangeLogs, recordVersionsOf, writeEntitiesOf } from './projectStore';
import { forgetProjectAnswers } from './projectAnswers';
import { logEntry, withUniqueName } from './projects';

/**
 * Writes a checked import file (commands/importFile.ts) in the caller's transaction
 * (docs/decisions.md, "Imports"): a file that breaks anywhere changes nothing. Projects and
 * templates are restored as the file has them (authors, owners, change log: an Admin-only
 * restore, docs/permissions.md), each with a change-log line of the import; 'merge' replaces
 * a project or template of the same id, 'replace' deletes that type's data first. Image
 * files are written before the commit and removed again if the transaction fails.
 */

const m = de.transfer;
const c = m.changes;

export interface ImportContext {
  sequelize: Sequelize;
  transaction: Transaction;
  dataDir: string;
  actor: SessionActor;
  kind: TransferKind;
  mode: ImportMode;
}

async function rows<T extends object>(
  { sequelize, transaction }: ImportContext,
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements, transaction });
}

async function run({ sequelize, transaction }: ImportContext, sql: string, replacements: Record<string, unknown> = {}) {
  await sequelize.query(sql, { replacements, transaction });
}

/** Deletes the projects or templates the file replaces; their image files go once that is committed. */
async function deleteAll(context: ImportContext, isTemplate: boolean): Promise<void> {
  const deleted = await rows<{ id: string }>(
    context,
    'DELETE FROM projects WHERE is_template = :isTemplate RETURNING id',
    { isTemplate },
  );
  // The file's projects come back with revision 1, which the answer cache may have seen.
  forgetProjectAnswers(null, context.transaction);
  context.transaction.afterCommit(async () => {
    for (const { id } of deleted) await removeProjectImageFiles(context.dataDir, id);
  });
}

/**
 * Customer types: the file's and those its projects name; 'replace' deletes the others (not
 * Allgemein). Answers each type's stored spelling by its lower-case name: projects name their
 * type by it.
 */
async function importCustomerTypes(
  context: ImportContext,
  plan: ImportPlan,
  changes: string[],
): Promise<Map<string, string>> {
  const listed = new Set(plan.customerTypes.map((name) => name.toLocaleLowerCase('de')));
  const existing = await rows<{ name: string }>(context, 'SELECT name FROM customer_types');
  const known = new Map(existing.map(({ name }) => [name.toLocaleLowerCase('de'), name]));
  if (context.mode === 'replace' && (context.kind === 'customerTypes' || context.kind === 'backup'))
    for (const { name } of existing)
      if (!listed.has(name.toLocaleLowerCase('de')) && name !== DEFAULT_CUSTOMER_TYPE) {
        await deleteCustomerType(context.sequelize, context.transaction, name);
        known.delete(name.toLocaleLowerCase('de'));
      }
  const named = [...plan.namedCustomerTypes, ...plan.tags.map((tag) => tag.customerType)];
  const unlisted: string[] = [];
  for (const name of [...plan.customerTypes, ...named]) {
    const key = name.toLocaleLowerCase('de');
    if (known.has(key)) continue;
    await run(
      context,
      'INSERT INTO customer_types (id, name, created_at, updated_at) VALUES (:id, :name, now(), now())',
      {
        id: crypto.randomUUID(),
        name,
      },
    );
    known.set(key, name);
    if (!listed.has(key)) unlisted.push(name);
  }
  if (unlisted.length > 0) changes.push(c.customerTypesCreated(unlisted.join(', ')));
  return known;
}

/** Tags by id; a tag of the same label in the same type under another id gives way to the file's. */
async function importTags(context: ImportContext, file: ImportPlan): Promise<number> {
  if (context.mode === 'replace' && (context.kind === 'tags' || context.kind === 'backup'))
    await run(context, 'DELETE FROM tags');
  for (const tag of file.tags) {
    const replacements = { ...tag };
    await run(
      context,
      `DELETE FROM tags t USING customer_types c
        WHERE c.id = t.customer_type_id AND lower(c.name) = lower(:customerType) AND lower(t.label) = lower(:label)
          AND t.id <> :id`,
      replacements,
    );
    await run(
      context,
      `INSERT INTO tags (id, customer_type_id, label, color, priority)
       SELECT :id, c.id, :label, :color, :priority FROM customer_types c WHERE lower(c.name) = lower(:customerType)
       ON CONFLICT (id) DO UPDATE SET customer_type_id = EXCLUDED.customer_type_id, label = EXCLUDED.label,
         color = EXCLUDED.color, priority = EXCLUDED.priority, updated_at = now()`,
      replacements,
    );
  }
  return file.tags.length;
}

/**
 * Users of a backup: one already here (same id or name) is kept as it is and stands for the
 * file's; a new one is created without a usable password (the Admin sets one). Answers the
 * map from the file's user ids to this installation's.
 */
async function importUsers(context: ImportContext, file: ImportPlan, changes: string[]): Promise<Map<string, string>> {
  const existing = await rows<{ id: string; username: string }>(context, 'SELECT id, username FROM users');
  const byId = new Set(existing.map((user) => user.id));
  const byName = new Map(existing.map((user) => [user.username.toLowerCase(), user.id]));
  const map = new Map<string, string>();
  let created = 0;
  let matched = 0;
  for (const user of file.users) {
    const here = byId.has(user.id) ? user.id : byName.get(user.username.toLowerCase());
    if (here) {
      map.set(user.id, here);
      matched++;
      continue;
    }
    await run(
      context,
      `INSERT INTO users (id, username, password_hash, role, email, phone, private_phone, address, website, other_info,
                          username_color, profile_visibility, direct_messages_enabled, message_digest, settings,
                          created_at, updated_at)
       VALUES (:id, :username, :passwordHash, :role, :email, :phone, :privatePhone, :address, :website, :otherInfo,
               :usernameColor, :profileVisibility, :directMessagesEnabled, :messageDigest, :settings::jsonb,
               now(), now())`,
      {
        ...user,
        role: user.role ?? 'Monteur',
        directMessagesEnabled: user.directMessagesEnabled ?? true,
        settings: JSON.stringify(user.settings),
        // Not an argon2 hash: no password verifies against it until the Admin sets one.
        passwordHash: `restored:${crypto.randomBytes(16).toString('hex')}`,
      },
    );
    map.set(user.id, user.id);
    byId.add(user.id);
    byName.set(user.username.toLowerCase(), user.id);
    created++;
  }
  if (created) changes.push(c.usersCreated(created));
  if (matched) changes.push(c.usersMatched(matched));
  return map;
}

async function importExternalUsers(context: ImportContext, file: ImportPlan): Promise<void> {
  if (context.mode === 'replace') await run(context, 'DELETE FROM external_users');
  for (const external of file.externalUsers)
    await run(
      context,
      `INSERT INTO external_users (id, name, created_at, updated_at) VALUES (:id, :name, now(), now())
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
      external,
    );
}

async function importProjectGroups(context: ImportContext, file: ImportPlan): Promise<void> {
  if (context.mode === 'replace') await run(context, 'DELETE FROM project_groups');
  for (const group of file.projectGroups)
    await run(
      context,
      `INSERT INTO project_groups (id, name, description, color, icon, icon_color) VALUES (:id, :name, :description, :color, :icon, :iconColor)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, color = EXCLUDED.color,
         icon = EXCLUDED.icon, icon_color = EXCLUDED.icon_color, updated_at = now()`,
      group,
    );
}

/** The file's user ids as this installation's, everywhere a project names a user. */
function remapUsers(project: ImportedProject, users: Map<string, string>): void {
  if (users.size === 0) return;
  const map = (id: string | null) => (id === null ? null : (users.get(id) ?? id));
  const assignee = (id: string | null) => (id === null || id.startsWith(EXTERNAL_ASSIGNEE_PREFIX) ? id : map(id));
  project.ownerId = map(project.ownerId);
  project.deputyOwnerId = map(project.deputyOwnerId);
  project.memberIds = project.memberIds.map((id) => map(id)!);
  const document = project.document;
  for (const [group, who] of Object.entries(document.groupAssignments))
    document.groupAssignments[group] = assignee(who)!;
  for (const column of document.columns)
    for (const card of column.cards) {
      card.assignedTo = assignee(card.assignedTo);
      for (const entry of card.timeEntries) entry.userId = map(entry.userId);
    }
  for (const note of document.notes) note.authorId = map(note.authorId);
  for (const signoff of document.signoffs) signoff.collectedById = map(signoff.collectedById);
  for (const entry of document.changeLog) entry.userId = map(entry.userId);
}

interface ProjectRefs {
  users: Set<string>;
  groups: Set<string>;
}

async function projectRefs(context: ImportContext): Promise<ProjectRefs> {
  const users = await rows<{ id: string }>(context, 'SELECT id FROM users');
  const groups = await rows<{ id: string }>(context, 'SELECT id FROM project_groups');
  return { users: new Set(users.map((row) => row.id)), groups: new Set(groups.map((row) => row.id)) };
}

/** Every id of a project's entities and change log, as the tables key them. */
function entityIdsOf(project: ImportedProject): string[] {
  const document = project.document;
  return [...flattenDocument(document).keys(), ...document.changeLog.map((entry) => entry.id)];
}

/**
 * Entity ids that another project already uses (or used: the history keeps them) would make
 * the merge refuse that project's next save: they get new ids, and the references follow.
 * One query for the whole file.
 */
async function rekeyForeignEntities(context: ImportContext, projects: readonly ImportedProject[]): Promise<number> {
  const owner = new Map<string, ImportedProject>();
  for (const project of projects) for (const id of entityIdsOf(project)) owner.set(id, project);
  if (owner.size === 0) return 0;
  const used = await rows<{ id: string; projectId: string }>(
    context,
    `SELECT DISTINCT entity_id AS id, project_id AS "projectId" FROM entity_versions WHERE entity_id = ANY(ARRAY[:ids]::uuid[])
     UNION SELECT id, project_id FROM change_log_entries WHERE id = ANY(ARRAY[:ids]::uuid[])`,
    { ids: [...owner.keys()] },
  );
  const fresh = new Map<string, string>();
  for (const { id, projectId } of used) if (owner.get(id)?.id !== projectId) fresh.set(id, crypto.randomUUID());
  if (fresh.size === 0) return 0;
  const next = (id: string) => fresh.get(id) ?? id;
  for (const { document } of projects) {
    for (const column of document.columns) {
      column.id = next(column.id);
      for (const card of column.cards) {
        card.id = next(card.id);
        for (const entry of card.timeEntries) entry.id = next(entry.id);
        for (const entry of card.materialEntries) entry.id = next(entry.id);
      }
    }
    for (const appointment of document.appointments) appointment.id = next(appointment.id);
    for (const note of document.notes) note.id = next(note.id);
    for (const signoff of document.signoffs) {
      // A sign-off follows the new ids of its card and of the entries it seals.
      signoff.id = next(signoff.id);
      signoff.cardId = signoff.cardId === null ? null : next(signoff.cardId);
      signoff.coveredTimeEntryIds = signoff.coveredTimeEntryIds.map(next);
      signoff.coveredMaterialEntryIds = signoff.coveredMaterialEntryIds.map(next);
    }
    for (const entry of document.changeLog) entry.id = next(entry.id);
  }
  return fresh.size;
}

/** What the projects of a file write besides their own rows: collected, then written for many at once. */
interface ProjectParts {
  members: [string, string][];
  entities: { projectId: string; entities: Entity[] }[];
  tombstones: (EntityVersion & { projectId: string })[];
  changeLogs: { projectId: string; entries: ChangeLogEntryDto[] }[];
}

const emptyParts = (): ProjectParts => ({ members: [], entities: [], tombstones: [], changeLogs: [] });

/**
 * Projects written per statement of the parts (members, entities with their versions, change
 * log): the statements of a file of 500 projects drop from about 15 per project to a few per
 * batch, and a batch's rows are all that is held beyond the file.
 */
const PROJECT_BATCH = 100;

async function writeParts(context: ImportContext, parts: ProjectParts): Promise<void> {
  const { sequelize, transaction, actor } = context;
  const memberRows = parts.members.map(([projectId, userId]) => ({ projectId, userId }));
  if (memberRows.length > 0)
    await run(
      context,
      `INSERT INTO project_members (project_id, user_id)
       SELECT * FROM unnest(ARRAY[:projectIds]::uuid[], ARRAY[:userIds]::uuid[])`,
      { projectIds: memberRows.map((row) => row.projectId), userIds: memberRows.map((row) => row.userId) },
    );
  await writeEntitiesOf(sequelize, transaction, parts.entities, actor.id);
  // Entities of the replaced content get a tombstone, so an old copy cannot bring them back.
  await recordVersionsOf(sequelize, transaction, actor.id, parts.tombstones);
  await insertChangeLogs(sequelize, transaction, parts.changeLogs);
}

/**
 * Writes one project or template's row as the file has it, at a revision above any a client
 * has seen; its parts go into `parts`. `stored` is the project of the same id already here.
 */
async function writeProject(
  context: ImportContext,
  project: ImportedProject,
  stored: { revision: number } | undefined,
  refs: ProjectRefs,
  counters: { owners: number },
  parts: ProjectParts,
): Promise<void> {
  const { actor } = context;
  const document = project.document;
  let ownerId = project.ownerId;
  if (ownerId !== null && !refs.users.has(ownerId)) ownerId = null;
  if (ownerId === null && !(project.isTemplate && project.ownerId === null)) {
    ownerId = actor.id;
    counters.owners++;
  }
  const deputyOwnerId =
    project.deputyOwnerId !== null && refs.users.has(project.deputyOwnerId) && project.deputyOwnerId !== ownerId
      ? project.deputyOwnerId
      : null;
  const memberIds = project.memberIds.filter((id) => refs.users.has(id) && id !== ownerId && id !== deputyOwnerId);
  const groupId = document.groupId !== null && refs.groups.has(document.groupId) ? document.groupId : null;

  const revision = (stored?.revision ?? 0) + 1;
  const values = {
    id: project.id,
    isTemplate: project.isTemplate,
    name: document.name,
    description: document.description,
    icon: document.icon,
    projectNumber: document.projectNumber,
    customerType: document.customerType,
    status: project.status,
    ownerId,
    deputyOwnerId,
    groupId,
    groupAssignments: JSON.stringify(document.groupAssignments),
    tagIds: JSON.stringify(document.tagIds),
    cardGroups: JSON.stringify(document.cardGroups),
    revision,
    createdAt: project.createdAt ?? new Date().toISOString(),
  };
  await withUniqueName(async () => {
    if (stored) {
      // The project's parts are the file's now; its images stay (a backup brings its own by id).
      for (const table of [
        'project_columns',
        'appointments',
        'project_notes',
        'project_signoffs',
        'change_log_entries',
        'project_members',
      ])
        await run(context, `DELETE FROM ${table} WHERE project_id = :id`, { id: project.id });
      await run(
        context,
        `UPDATE projects SET is_template = :isTemplate, name = :name, description = :description, icon = :icon,
           project_number = :projectNumber, customer_type = :customerType, status = :status, owner_id = :ownerId,
           deputy_owner_id = :deputyOwnerId, group_id = :groupId, group_assignments = :groupAssignments::jsonb,
           thumbnail_image_id = NULL, tag_ids = :tagIds::jsonb, card_groups = :cardGroups::jsonb, revision = :revision,
           fields_rev = :revision, delta_from = :revision, archived_at = CASE WHEN :status = 'archived' THEN now() END,
           last_modified = now(), updated_at = now()
         WHERE id = :id`,
        values,
      );
    } else
      await run(
        context,
        `INSERT INTO projects (id, is_template, name, description, icon, project_number, customer_type, status, owner_id,
           deputy_owner_id, group_id, group_assignments, tag_ids, card_groups, revision, fields_rev, delta_from, archived_at,
           created_at)
         VALUES (:id, :isTemplate, :name, :description, :icon, :projectNumber, :customerType, :status, :ownerId,
           :deputyOwnerId, :groupId, :groupAssignments::jsonb, :tagIds::jsonb, :cardGroups::jsonb, :revision, :revision,
           :revision, CASE WHEN :status = 'archived' THEN now() END, :createdAt)`,
        values,
      );
  });
  for (const userId of memberIds) parts.members.push([project.id, userId]);
  const entities = [...flattenDocument(document).values()].map((entity) => ({ ...entity, rev: revision }));
  parts.entities.push({ projectId: project.id, entities });
  if (stored) {
    const kept = new Set(entities.map((entity) => entity.id));
    const gone = (
      await rows<{ id: string; kind: string }>(
        context,
        `SELECT DISTINCT entity_id AS id, kind FROM entity_versions WHERE project_id = :id AND kind <> 'project'`,
        { id: project.id },
      )
    ).filter((entity) => !kept.has(entity.id));
    for (const entity of gone) parts.tombstones.push({ ...entity, projectId: project.id, rev: revision, data: null });
  }
  // The log is replaced too (delta_from above: a client behind this revision reads the whole document).
  // The fields as stored: recorded once the thumbnail is known (recordFieldVersions).
  document.groupId = groupId;
  project.revision = revision;
  parts.changeLogs.push({
    projectId: project.id,
    entries: [...document.changeLog, logEntry(actor, de.transfer.logImported)],
  });
}

/** What is kept of a written project until the photos are in: then its thumbnail and fields are recorded. */
interface WrittenProject {
  id: string;
  revision: number;
  thumbnailImageId: string | null;
  fields: ProjectFieldsDto;
}

/**
 * Writes the projects and templates of a file as they are read, PROJECT_BATCH at a time: a
 * batch is all that is held of them besides what each leaves for the thumbnails.
 */
class ProjectWriter {
  readonly written: WrittenProject[] = [];
  private batch: ImportedProject[] = [];
  /** Revisions of the projects this import wrote (a template may replace a project of its id). */
  private readonly revisions = new Map<string, number>();
  private readonly counters = { owners: 0 };
  private rekeyed = 0;

  constructor(
    private readonly context: ImportContext,
    private readonly refs: ProjectRefs,
    private readonly users: Map<string, string>,
    private readonly customerTypes: Map<string, string>,
  ) {}

  async add(project: ImportedProject): Promise<void> {
    // Projects name their type by its stored spelling.
    project.document.customerType = this.customerTypes.get(project.document.customerType.toLocaleLowerCase('de'))!;
    remapUsers(project, this.users);
    // A template with a project's id in the same file replaces what that project wrote: that goes first.
    if (this.batch.length >= PROJECT_BATCH || this.batch.some((each) => each.id === project.id)) await this.flush();
    this.batch.push(project);
  }

  async flush(): Promise<void> {
    const projects = this.batch;
    if (projects.length === 0) return;
    this.batch = [];
    const { context } = this;
    this.rekeyed += await rekeyForeignEntities(context, projects);
    const stored = new Map<string, { revision: number }>();
    const fresh = projects.filter((project) => !this.revisions.has(project.id)).map((project) => project.id);
    if (fresh.length > 0)
      for (const row of await rows<{ id: string; revision: number }>(
        context,
        'SELECT id, revision FROM projects WHERE id = ANY(ARRAY[:ids]::uuid[]) FOR UPDATE',
        { ids: fresh },
      ))
        stored.set(row.id, row);
    for (const [id, revision] of this.revisions) stored.set(id, { revision });
    const parts = emptyParts();
    for (const project of projects) {
      await writeProject(context, project, stored.get(project.id), this.refs, this.counters, parts);
      this.revisions.set(project.id, project.revision);
      const { document } = project;
      this.written.push({
        id: project.id,
        revision: project.revision,
        thumbnailImageId: document.thumbnailImageId,
        fields: fieldsOf(document),
      });
    }
    await writeParts(context, parts);
  }

  /** What was changed to make the projects fit. */
  changes(): string[] {
    const changes: string[] = [];
    if (this.counters.owners) changes.push(c.ownersDefaulted(this.counters.owners));
    if (this.rekeyed) changes.push(c.idsDuplicated(this.rekeyed));
    return changes;
  }
}

/** An image of the file checked like an upload; a refusal names the image. */
async function inspectFileImage(image: ImportedImage, index: number) {
  try {
    return await inspectImage(image.dataUrl, { keepStoredForm: true });
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(400, m.itemInvalid(m.backupInvalid, m.imageAt(index), error.message), 'validation');
    throw error;
  }
}

/** Decoded in small batches (sharp works on its own threads); a batch's bytes are all that is held. */
const IMAGE_BATCH = 4;

/** Photos of a backup as they are read: checked like an upload, files written under their id, rows by id. */
class ImageWriter {
  /** Files this import created: removed again if it fails. */
  readonly files: string[] = [];
  private batch: ImportedImage[] = [];
  private count = 0;

  constructor(
    private readonly context: ImportContext,
    private readonly users: Map<string, string>,
  ) {}

  async add(image: ImportedImage): Promise<void> {
    this.batch.push(image);
    if (this.batch.length >= IMAGE_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const { context, users } = this;
    const batch = this.batch;
    this.batch = [];
    const start = this.count;
    this.count += batch.length;
    const inspected = await Promise.all(batch.map((image, offset) => inspectFileImage(image, start + offset)));
    for (const [offset, image] of batch.entries()) {
      const { bytes, thumbnail, mimeType, width, height } = inspected[offset]!;
      const files = imageFilePaths(context.dataDir, { ...image, mimeType });
      await fs.mkdir(path.dirname(files.full), { recursive: true, mode: PRIVATE_DIR_MODE });
      for (const [file, content] of [
        [files.full, bytes],
        [files.thumbnail, thumbnail],
      ] as const) {
        // An image never changes under its id: a file already here stays (and a failed import never removes it).
        const created = await fs
          .writeFile(file, content, { flag: 'wx', mode: PRIVATE_FILE_MODE })
          .then(() => true)
          .catch((error: NodeJS.ErrnoException) => {
            if (error.code === 'EEXIST') return false;
            throw error;
          });
        if (created) this.files.push(file);
      }
      const uploadedBy = image.uploadedBy === null ? null : (users.get(image.uploadedBy) ?? image.uploadedBy);
      await run(
        context,
        `INSERT INTO project_images (id, project_id, name, mime_type, size, width, height, uploaded_by, uploaded_by_username, created_at)
         VALUES (:id, :projectId, :name, :mimeType, :size, :width, :height,
                 (SELECT id FROM users WHERE id = :uploadedBy), :uploadedByUsername, COALESCE(:createdAt::timestamptz, now()))
         ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id, name = EXCLUDED.name,
           mime_type = EXCLUDED.mime_type, size = EXCLUDED.size, width = EXCLUDED.width, height = EXCLUDED.height`,
        { ...image, uploadedBy, mimeType, size: bytes.length, width, height },
      );
    }
  }
}

/**
 * Thumbnails point at images, so they are set once the images are there (an image of the
 * project, from the file or already here); then each project's fields are recorded at its
 * revision for the merge's history.
 */
async function setThumbnailsAndRecordFields(
  context: ImportContext,
  projects: readonly WrittenProject[],
): Promise<void> {
  const wanted = projects.map((project) => project.thumbnailImageId).filter((id) => id !== null);
  const images = wanted.length
    ? await rows<{ id: string; projectId: string }>(
        context,
        'SELECT id, project_id AS "projectId" FROM project_images WHERE id = ANY(ARRAY[:wanted]::uuid[])',
        { wanted },
      )
    : [];
  const projectOf = new Map(images.map((image) => [image.id, image.projectId]));
  const fields: (EntityVersion & { projectId: string })[] = [];
  const thumbnails: { id: string; thumbnailImageId: string }[] = [];
  for (const project of projects) {
    const thumbnailImageId =
      project.thumbnailImageId !== null && projectOf.get(project.thumbnailImageId) === project.id
        ? project.thumbnailImageId
        : null;
    if (thumbnailImageId) thumbnails.push({ id: project.id, thumbnailImageId });
    fields.push({
      projectId: project.id,
      id: project.id,
      kind: 'project',
      rev: project.revision,
      data: { content: fieldsOf({ ...project.fields, thumbnailImageId }), owned: null },
    });
  }
  if (thumbnails.length > 0)
    await run(
      context,
      `UPDATE projects p SET thumbnail_image_id = t.image_id
         FROM unnest(ARRAY[:ids]::uuid[], ARRAY[:imageIds]::uuid[]) AS t(id, image_id) WHERE p.id = t.id`,
      { ids: thumbnails.map((each) => each.id), imageIds: thumbnails.map((each) => each.thumbnailImageId) },
    );
  await recordVersionsOf(context.sequelize, context.transaction, context.actor.id, fields);
}

/** An import may fill the Free limits but not go beyond them. */
async function requireWithinLimits(context: ImportContext, kinds: readonly LimitKind[]): Promise<void> {
  const licenseType = await currentLicenseType(context.transaction);
  for (const kind of kinds) {
    const max = limitFor(licenseType, kind);
    if (max !== null && (await countOf(context.sequelize, kind, context.transaction)) > max)
      throw limitReached(kind, max);
  }
}

/**
 * Writes a checked file (commands/importFile.ts, readImportPlan): the small parts first, then
 * the projects and templates as they are read from the file again, then the photos; answers
 * what it wrote and what it changed.
 */
export async function importFile(context: ImportContext, plan: ImportPlan): Promise<ImportResult> {
  const { kind, mode } = context;
  const changes = [...plan.changes];
  const isBackup = kind === 'backup';
  let images: ImageWriter | null = null;
  try {
    if (mode === 'replace' && (kind === 'projects' || isBackup)) await deleteAll(context, false);
    if (mode === 'replace' && (kind === 'templates' || isBackup)) await deleteAll(context, true);
    const users = isBackup ? await importUsers(context, plan, changes) : new Map<string, string>();
    if (isBackup) {
      await importExternalUsers(context, plan);
      await importProjectGroups(context, plan);
      if (plan.rolePermissions) await writeRolePermissions(context.transaction, plan.rolePermissions);
    }
    const customerTypes = await importCustomerTypes(context, plan, changes);
    await importTags(context, plan);
    const projects = new ProjectWriter(context, await projectRefs(context), users, customerTypes);
    const writer = (images = new ImageWriter(context, users));
    await readImportItems(plan, {
      projects: (project) => projects.add(project),
      templates: (project) => projects.add(project),
      images: async (image) => {
        // Every project is read before the first photo; the last batch is written before the photos need it.
        await projects.flush();
        await writer.add(image);
      },
    });
    await projects.flush();
    await writer.flush();
    changes.push(...projects.changes());
    await setThumbnailsAndRecordFields(context, projects.written);
    await requireWithinLimits(context, ['activeProjects', 'templates', 'users', 'externalUsers']);
  } catch (error) {
    await Promise.all((images?.files ?? []).map((file) => fs.rm(file, { force: true })));
    throw error;
  }
  const counts = {
    projects: plan.counts.projects,
    templates: plan.counts.templates,
    customerTypes: plan.customerTypes.length,
    tags: plan.tags.length,
    images: plan.counts.images,
    users: plan.users.length,
    externalUsers: plan.externalUsers.length,
    projectGroups: plan.projectGroups.length,
  };
  const imported = Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
  return { mode, imported, changes };
}
