import type { BACKUP_TYPE } from '../domain/constants';
import type { RolePermissionMap } from '../domain/permissions';
import type { ImageDto } from './images';
import type { ProjectGroupDto, TagDto } from './organisation';
import type { ProjectDocument } from './projects';
import type { ExternalUserDto, ManagedUserDto } from './users';

/**
 * JSON exports, imports and the full backup (spec sections 5, 7 and 9; docs/api.md
 * "Export, import and backup"). A backup restores a company completely: beyond the spec's
 * projects, templates, customer types and tags it carries photos, users (never a password
 * hash), external workers, project groups and the role permissions.
 */

export const BACKUP_VERSION = 2;

/** merge (default): same id updated, the rest kept; replace: that type's existing data deleted first. */
export const IMPORT_MODES = ['merge', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The largest body the import routes take (the server's limit; the renderer checks it before sending). */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;

export type TransferKind = 'projects' | 'templates' | 'customerTypes' | 'tags' | 'backup';

/** The file name part of each export: 'Werkboard-<what>-<yyyy-mm-dd>.json'. */
export const EXPORT_FILE_PARTS: Record<TransferKind, string> = {
  projects: 'projects',
  templates: 'templates',
  customerTypes: 'customer-types',
  tags: 'tags',
  backup: 'backup',
};

export function exportFileName(kind: TransferKind, date: Date): string {
  return `Werkboard-${EXPORT_FILE_PARTS[kind]}-${date.toISOString().slice(0, 10)}.json`;
}

/** Tags as the files carry them: per customer type name. */
export type TagsByCustomerType = Record<string, Omit<TagDto, 'customerType'>[]>;

export interface BackupImageDto extends ImageDto {
  /** The original file, 'data:<mime>;base64,...'. */
  dataUrl: string;
}

/** A user in the backup: the profile and settings, no password hash, no sessions. */
export interface BackupUserDto extends Omit<ManagedUserDto, 'lastLogin' | 'lastModified'> {
  settings: Record<string, unknown>;
  /** The daily e-mail digest of unread messages; absent in older files and the existing product's (off). */
  messageDigest?: boolean;
}

export interface BackupData {
  projects: ProjectDocument[];
  templates: ProjectDocument[];
  customerTypes: string[];
  tags: TagsByCustomerType;
  images: BackupImageDto[];
  users: BackupUserDto[];
  externalUsers: ExternalUserDto[];
  projectGroups: ProjectGroupDto[];
  rolePermissions: RolePermissionMap;
}

export interface BackupFile {
  type: typeof BACKUP_TYPE;
  version: typeof BACKUP_VERSION;
  timestamp: string;
  data: BackupData;
}

/** The answer of every import: what it wrote, and what it changed to make the file fit. */
export interface ImportResult {
  mode: ImportMode;
  imported: Partial<
    Record<
      'projects' | 'templates' | 'customerTypes' | 'tags' | 'images' | 'users' | 'externalUsers' | 'projectGroups',
      number
    >
  >;
  changes: string[];
}
