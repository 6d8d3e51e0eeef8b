import {
  canExportBackup,
  canImport,
  canSeeAllProjects,
  de,
  exportFileName,
  importRequestSchema,
  type ImportMode,
  isManagementRole,
  type TransferKind,
  validate,
} from '@werkboard/common';
import { Readable } from 'node:stream';
import type { SessionActor } from '../auth/sessionActor';
import { readImportPlan } from '../commands/importFile';
import { authorize, validOrThrow } from '../errors';
import type { ApiRoutes, UserRequest } from '../http/endpoint';
import { SpooledBody } from '../http/spooledBody';
import { backupJson, exportCustomerTypes, exportProjects, exportTags, exportTemplates } from '../services/backupExport';
import { importFile } from '../services/backupImport';

const m = de.transfer;

/**
 * The JSON exports and imports of every type and the full backup (spec sections 5, 7 and 9;
 * docs/api.md "Export, import and backup"). They live together because they share one file
 * format and one importer. Registered before the prefix files, so '/projects/export' is not
 * taken for a project id. Imports are one transaction each and take large bodies.
 */

function exportRoute(
  api: ApiRoutes,
  path: string,
  kind: TransferKind,
  read: (request: UserRequest<unknown, unknown, unknown>) => Promise<unknown>,
  allowed: (actor: SessionActor) => boolean = () => true,
): void {
  api.get(path, {
    authorize: ({ actor }) => authorize(allowed(actor), m.forbiddenBackupExport),
    handle: async (request) => {
      const content = await read(request);
      request.ctx.set('Content-Disposition', `attachment; filename="${exportFileName(kind, new Date())}"`);
      return content;
    },
  });
}

function importRoute(api: ApiRoutes, path: string, kind: TransferKind): void {
  const refusal = (mode: 'merge' | 'replace') =>
    mode === 'replace'
      ? m.forbiddenReplace
      : kind === 'customerTypes' || kind === 'tags'
        ? m.forbiddenCustomerTypes
        : m.forbiddenAdminOnly;
  api.post(path, {
    bodySize: 'import',
    // Who may not even merge is refused before a file of up to 256 MB is read.
    authorizeCaller: (actor) => authorize(canImport(actor, kind, 'merge'), refusal('merge')),
    // The body is a file (http/spooledBody.ts), read as a stream: one project or photo at a time.
    body: async (raw: unknown) => {
      if (!(raw instanceof SpooledBody)) throw new Error('an import route without its spooled body');
      const request: { mode: ImportMode } = { mode: 'merge' };
      const plan = await readImportPlan(kind, { file: raw.file, root: ['data'] }, (outer) => {
        request.mode = validOrThrow(validate(importRequestSchema, outer)).mode;
      });
      return { mode: request.mode, plan };
    },
    authorize: ({ actor, body }) => authorize(canImport(actor, kind, body.mode), refusal(body.mode)),
    transaction: true,
    handle: ({ sequelize, transaction, services, actor, body }) =>
      importFile({ sequelize, transaction, dataDir: services.config.dataDir, actor, kind, mode: body.mode }, body.plan),
  });
}

export function registerBackupRoutes(api: ApiRoutes): void {
  exportRoute(api, '/projects/export', 'projects', ({ sequelize, actor }) =>
    exportProjects(sequelize, actor, canSeeAllProjects(actor)),
  );
  exportRoute(api, '/templates/export', 'templates', ({ sequelize, actor }) =>
    exportTemplates(sequelize, actor, isManagementRole(actor.role)),
  );
  exportRoute(api, '/customer-types/export', 'customerTypes', ({ sequelize }) => exportCustomerTypes(sequelize));
  exportRoute(api, '/tags/export', 'tags', ({ sequelize }) => exportTags(sequelize));
  exportRoute(
    api,
    '/backup/export',
    'backup',
    ({ sequelize, actor, services, ctx }) => {
      // Written piece by piece as the client reads it (backpressure), never whole in memory.
      ctx.type = 'application/json';
      return Promise.resolve(
        Readable.from(backupJson(sequelize, actor, services.config.dataDir), { objectMode: false }),
      );
    },
    canExportBackup,
  );

  importRoute(api, '/projects/import', 'projects');
  importRoute(api, '/templates/import', 'templates');
  importRoute(api, '/customer-types/import', 'customerTypes');
  importRoute(api, '/tags/import', 'tags');
  importRoute(api, '/backup/import', 'backup');
}
