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
import { listProjects, listTemplates, readDocument } from './projects';

/**
 * The JSON exports (docs/api.md, "Export, import and backup"): each holds what the caller may
 * read, as the API shows it, so an export imports again unchanged. The full backup (Admin)
 * holds everything, photos included, and no password hash.
 */

async function documents(sequelize: Sequelize, actor: Actor, ids: readonly string[]): Promise<ProjectDocument[]> {
  const result: ProjectDocument[] = [];
  // One project at a time: a large installation is never held twice in flight.
  for (const id of ids) result.push(await readDocument(sequelize, actor, id));
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
            settings - 'smtp' AS settings
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
async function* jsonArray<T>(
  key: string,
  items: readonly T[],
  read: (item: T) => Promise<unknown>,
): AsyncGenerator<string> {
  yield `${JSON.stringify(key)}:[`;
  for (const [index, item] of items.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(await read(item))}`;
  yield ']';
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
  yield* jsonArray('projects', projectIds, (id) => readDocument(sequelize, admin, id));
  yield ',';
  yield* jsonArray('templates', templateIds, (id) => readDocument(sequelize, admin, id));
  const rest: Omit<BackupData, 'projects' | 'templates' | 'images'> = {
    customerTypes: await listCustomerTypes(sequelize),
    tags: await exportTags(sequelize),
    users: await backupUsers(sequelize),
    externalUsers: await externalUsers(sequelize),
    projectGroups: await listProjectGroups(sequelize),
    rolePermissions: await readRolePermissions(),
  };
  yield `,${JSON.stringify(rest).slice(1, -1)},`;
  yield* jsonArray('images', imageRows, (row) => backupImage(dataDir, row));
  yield '}}';
}
