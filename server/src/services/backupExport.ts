import {
  type Actor,
  BACKUP_TYPE,
  BACKUP_VERSION,
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

async function backupImages(sequelize: Sequelize, dataDir: string): Promise<BackupImageDto[]> {
  const rows = await sequelize.query<ImageRow>(
    `SELECT id, project_id AS "projectId", name, mime_type AS "mimeType", size, width, height,
            uploaded_by AS "uploadedBy", uploaded_by_username AS "uploadedByUsername", created_at AS "createdAt"
       FROM project_images ORDER BY created_at, id`,
    { type: QueryTypes.SELECT },
  );
  const images: BackupImageDto[] = [];
  for (const row of rows) {
    const { bytes, mimeType } = await readImageFile(dataDir, row, 'full');
    images.push({ ...presentImage(row), dataUrl: `data:${mimeType};base64,${bytes.toString('base64')}` });
  }
  return images;
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

/** The whole company: every project (archived too) and template, as Admin reads them. */
export async function exportBackup(sequelize: Sequelize, admin: Actor, dataDir: string): Promise<BackupFile> {
  return {
    type: BACKUP_TYPE,
    version: BACKUP_VERSION,
    timestamp: new Date().toISOString(),
    data: {
      projects: await documents(sequelize, admin, await allProjectIds(sequelize, false)),
      templates: await documents(sequelize, admin, await allProjectIds(sequelize, true)),
      customerTypes: await listCustomerTypes(sequelize),
      tags: await exportTags(sequelize),
      images: await backupImages(sequelize, dataDir),
      users: await backupUsers(sequelize),
      externalUsers: await externalUsers(sequelize),
      projectGroups: await listProjectGroups(sequelize),
      rolePermissions: await readRolePermissions(),
    },
  };
}
