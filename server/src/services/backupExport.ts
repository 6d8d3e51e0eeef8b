import {
  type Actor,
  BACKUP_TYPE,
  BACKUP_VERSION,
  type BackupData,
  type BackupFile,
  type BackupImageDto,
  type BackupUserDto,
  type ExternalUserDto,
  type ProjectDocument,
  type TagsByCustomerType,
} from '@werkboard/common';
import { QueryTypes, type Sequelize } from 'sequelize';
import { readImageFile } from '../images/imageStore';
import type { ImageRow } from '../presenters/image';
import { presentImage } from '../presenters/image';
import { listCustomerTypes, listTags } from './customerTypes';
import { listProjectGroups } from './projectGroups';
import { readRolePermissions } from './permissions';
import { listProjects, listTemplates, readDocuments } from './projects';

/**
 * The JSON exports (docs/api.md, "Export, import and backup"): each holds what the caller may
 * read, as the API shows it, so an export imports again unchanged. The full backup (Admin)
 * holds everything, photos included, and no password hash.
 */

/** Documents read this many at a time: a few queries per batch instead of about ten per project. */
const DOCUMENT_BATCH = 100;

/** The documents of `ids` in batches, one batch held at a time. */
async function* documentBatches(
  sequelize: Sequelize,
  actor: Actor,
  ids: readonly string[],
): AsyncGenerator<ProjectDocument> {
  for (let start = 0; start < ids.length; start += DOCUMENT_BATCH)
    yield* await readDocuments(sequelize, actor, ids.slice(start, start + DOCUMENT_BATCH));
}

async function documents(sequelize: Sequelize, actor: Actor, ids: readonly string[]): Promise<ProjectDocument[]> {
  const result: ProjectDocument[] = [];
  for await (const document of documentBatches(sequelize, actor, ids)) result.push(document);
  return result;
}

/** The caller's active and completed projects (every one for Admin and Firmenleiter). */
export async function exportProjects(sequelize: Sequelize, actor: Actor, seesAll: boolean) {
  const rows = await listProjects(sequelize, actor, seesAll);
  return documents(
    sequelize,
    actor,
    rows.map((row) => row.id),
  );
}

/** The templates the caller can use: global ones and their own (every one for management). */
export async function exportTemplates(sequelize: Sequelize, actor: Actor, everyone: boolean) {
  const rows = await listTemplates(sequelize, actor, 'active', everyone ? 'everyone' : 'mine');
  return documents(
    sequelize,
    actor,
    rows.map((row) => row.id),
  );
}

export const exportCustomerTypes = listCustomerTypes;

export async function exportTags(sequelize: Sequelize): Promise<TagsByCustomerType> {
  const byType: TagsByCustomerType = {};
  for (const { customerType, ...tag } of await listTags(sequelize)) (byType[customerType] ??= []).push(tag);
  return byType;
}

async function allProjectIds(sequelize: Sequelize, isTemplate: boolean): Promise<string[]> {
  const rows = await sequelize.query<{ id: string }>(
    'SELECT id FROM projects WHERE is_template = :isTemplate ORDER BY created_at, id',
    { type: QueryTypes.SELECT, replacements: { isTemplate } },
  );
  return rows.map((row) => row.id);
}

function backupImageRows(sequelize: Sequelize): Promise<ImageRow[]> {
  return sequelize.query<ImageRow>(
    `SELECT id, project_id AS "projectId", name, mime_type AS "mimeType", size, width, height,
            uploaded_by AS "uploadedBy", uploaded_by_username AS "uploadedByUsername", created_at AS "createdAt"
       FROM project_images ORDER BY created_at, id`,
    { type: QueryTypes.SELECT },
  );
}

/** One photo with its original file: read, encoded and let go before the next one. */
async function backupImage(dataDir: string, row: ImageRow): Promise<BackupImageDto> {
  const { bytes, mimeType } = await readImageFile(dataDir, row, 'full');
  return { ...presentImage(row), dataUrl: `data:${mimeType};base64,${bytes.toString('base64')}` };
}

function backupUsers(sequelize: Sequelize): Promise<BackupUserDto[]> {
  // The settings without their SMTP part: that is the server's (and holds a password).
  return sequelize.query<BackupUserDto>(
    `SELECT id, username, role, email, phone, private_phone AS "privatePhone", address, website,
            other_info AS "otherInfo", username_color AS "usernameColor",
            profile_visibility AS "profileVisibility", direct_messages_enabled AS "directMessagesEnabled",
            message_digest AS "messageDigest", settings - 'smtp' AS settings
       FROM users ORDER BY lower(username)`,
    { type: QueryTypes.SELECT },
  );
}

function externalUsers(sequelize: Sequelize): Promise<ExternalUserDto[]> {
  return sequelize.query<ExternalUserDto>('SELECT id, name FROM external_users ORDER BY lower(name), id', {
    type: QueryTypes.SELECT,
  });
}

/** How many of each the backup holds (the CLI says so). */
export interface BackupCounts {
  projects: number;
  templates: number;
  images: number;
}

/** `"key":[item,item,...]`, one item read and written at a time. */
async function* jsonArray(key: string, items: AsyncIterable<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(key)}:[`;
  let first = true;
  for await (const item of items) {
    yield `${first ? '' : ','}${JSON.stringify(item)}`;
    first = false;
  }
  yield ']';
}

/** The photos with their files, a few read at once (the disk and the base64 work overlap). */
async function* backupImages(dataDir: string, rows: readonly ImageRow[]): AsyncGenerator<BackupImageDto> {
  const AHEAD = 4;
  for (let start = 0; start < rows.length; start += AHEAD)
    yield* await Promise.all(rows.slice(start, start + AHEAD).map((row) => backupImage(dataDir, row)));
}

/**
 * The whole company (every project, archived too, and template, as Admin reads them) as the
 * text of a `BackupFile`, piece by piece: one project or photo at a time is read, written and
 * let go, so the server never holds the whole file (500 projects with photos: 52 MB, which
 * built in memory peaked at 702 MB RSS; docs/performance.md). The small parts come whole.
 */
export async function* backupJson(
  sequelize: Sequelize,
  admin: Actor,
  dataDir: string,
  counts: BackupCounts = { projects: 0, templates: 0, images: 0 },
): AsyncGenerator<string> {
  const [projectIds, templateIds, imageRows] = [
    await allProjectIds(sequelize, false),
    await allProjectIds(sequelize, true),
    await backupImageRows(sequelize),
  ];
  Object.assign(counts, { projects: projectIds.length, templates: templateIds.length, images: imageRows.length });
  const head: Omit<BackupFile, 'data'> = {
    type: BACKUP_TYPE,
    version: BACKUP_VERSION,
    timestamp: new Date().toISOString(),
  };
  yield `${JSON.stringify(head).slice(0, -1)},"data":{`;
  yield* jsonArray('projects', documentBatches(sequelize, admin, projectIds));
  yield ',';
  yield* jsonArray('templates', documentBatches(sequelize, admin, templateIds));
  const rest: Omit<BackupData, 'projects' | 'templates' | 'images'> = {
    customerTypes: await listCustomerTypes(sequelize),
    tags: await exportTags(sequelize),
    users: await backupUsers(sequelize),
    externalUsers: await externalUsers(sequelize),
    projectGroups: await listProjectGroups(sequelize),
    rolePermissions: await readRolePermissions(),
  };
  yield `,${JSON.stringify(rest).slice(1, -1)},`;
  yield* jsonArray('images', backupImages(dataDir, imageRows));
  yield '}}';
}
