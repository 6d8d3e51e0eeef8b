import { z } from 'zod';
import { BACKUP_TYPE, PROFILE_VISIBILITIES } from '../domain/constants';
import { IMPORT_MODES, type TransferKind } from '../dto/transfer';
import { de } from '../messages';
import { transferMessages as m } from '../messages/transfer';
import { BODY_ERROR, booleanField, hexColor } from './fields';
import { userSettingsPatchSchema } from './settings';
import { userCreateSchema } from './users';

/**
 * The import routes' body `{data, mode}` (spec section 7) and the file shapes of spec
 * section 5, checked the same way by the renderer (before it sends) and the server.
 */
export const importRequestSchema = z.object(
  {
    data: z.unknown(),
    mode: z
      .enum(IMPORT_MODES, { error: m.modeInvalid })
      .nullish()
      .transform((mode) => mode ?? 'merge'),
  },
  BODY_ERROR,
);
export type ImportRequest = z.infer<typeof importRequestSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The spec's message for each kind of file. */
export const IMPORT_FORMAT_MESSAGES: Record<TransferKind, string> = {
  projects: m.projectsInvalid,
  templates: m.templatesInvalid,
  customerTypes: m.customerTypesInvalid,
  tags: m.tagsInvalid,
  backup: m.backupInvalid,
};

/**
 * Spec section 5: projects an array of items each with id, name, columns; templates an array
 * with id and name; customer types an array of strings; tags an object that is not an
 * array; a backup the backup type marker and a data field. Answers the message, or null.
 */
export function importShapeProblem(kind: TransferKind, data: unknown): string | null {
  const ok = (() => {
    switch (kind) {
      case 'projects':
        return (
          Array.isArray(data) &&
          data.every((item) => isRecord(item) && 'id' in item && 'name' in item && Array.isArray(item.columns))
        );
      case 'templates':
        return Array.isArray(data) && data.every((item) => isRecord(item) && 'id' in item && 'name' in item);
      case 'customerTypes':
        return Array.isArray(data) && data.every((item) => typeof item === 'string');
      case 'tags':
        return isRecord(data);
      case 'backup':
        return isRecord(data) && data.type === BACKUP_TYPE && isRecord(data.data);
    }
  })();
  return ok ? null : IMPORT_FORMAT_MESSAGES[kind];
}

/**
 * A user of a backup: the user form's fields plus colour, visibility and settings (profiles
 * have no avatar yet: none is taken).
 * The id is checked by the server's importer (files of the existing product carry other ids).
 */
export const backupUserSchema = userCreateSchema.omit({ password: true }).extend({
  usernameColor: hexColor(de.settings.colorInvalid)
    .nullish()
    .transform((value) => value ?? '#FFFFFF'),
  profileVisibility: z
    .enum(PROFILE_VISIBILITIES, { error: BODY_ERROR.error })
    .nullish()
    .transform((value) => value ?? 'everyone'),
  // Checked as the settings route checks them; unknown parts are dropped.
  settings: userSettingsPatchSchema.nullish().transform((value) => value ?? {}),
  messageDigest: booleanField.nullish().transform((value) => value ?? false),
});
export type BackupUserInput = z.infer<typeof backupUserSchema>;
