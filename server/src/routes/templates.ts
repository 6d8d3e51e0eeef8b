import {
  canCreateTemplate,
  canDeleteTemplate,
  canEditTemplate,
  canMakeGlobalTemplates,
  canManageArchivedProjects,
  canPublishTemplate,
  canShareTemplate,
  canViewArchive,
  de,
  type MessageResponse,
  projectDocumentSchema,
  templateFromProjectSchema,
  templateShareSchema,
  validate,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { ApiError, authorize, forbidden, notFound, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { writeDocument } from '../services/documentWrite';
import { createWithinLimit } from '../services/limits';
import { findProjectRow, loadEntities } from '../services/projectStore';
import {
  changeStatus,
  deleteProjectPermanently,
  findReadableProject,
  listTemplates,
  logEntry,
  presentFor,
} from '../services/projects';
import {
  copyIntoTemplate,
  createEmptyTemplate,
  findReadableTemplate,
  publishTemplate,
  templateSummary,
} from '../services/templates';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam, projectActorOf } from './context';

const t = de.organisation.templates;
const templateId = (ctx: AppRouterContext) => idParam(ctx.params.id, t.notFound).toLowerCase();

async function findArchivedTemplate(ctx: AppRouterContext, message: string) {
  authorize(canManageArchivedProjects(actorOf(ctx)), de.projects.archiveForbidden);
  const row = await findProjectRow(requireDatabase(ctx).sequelize, templateId(ctx));
  if (!row || !row.isTemplate) throw notFound(de.projects.templateNotFound);
  if (row.status !== 'archived') throw new ApiError(400, message, 'validation');
  return row;
}

/**
 * Templates (spec sections 2, 4, 6 and 7): the list, the editor's GET and merging PUT (a PUT
 * to a new id creates a personal template), archive, save from a project, share (the
 * chosen user gets a personal copy) and publish (personal to global, irreversible).
 */
export function registerTemplateRoutes(router: AppRouter): void {
  router.get('/templates', async (ctx) => {
    ctx.body = await listTemplates(requireDatabase(ctx).sequelize, actorOf(ctx), 'active');
  });

  router.get('/templates/archived', async (ctx) => {
    authorize(canViewArchive(actorOf(ctx)));
    ctx.body = await listTemplates(requireDatabase(ctx).sequelize, actorOf(ctx), 'archived');
  });

  router.post('/templates/save-from-project', async (ctx) => {
    const actor = projectActorOf(ctx);
    authorize(canCreateTemplate(actor), t.createForbidden);
    const request = validOrThrow(validate(templateFromProjectSchema, ctx.request.body));
    if (request.ownerId === null) authorize(canMakeGlobalTemplates(actor), t.globalForbidden);
    else if (request.ownerId !== actor.id)
      throw new ApiError(400, t.ownerInvalid, 'validation', { ownerId: t.ownerInvalid });
    const { sequelize } = requireDatabase(ctx);
    const source = await findReadableProject(sequelize, actor, request.project);
    const id = randomUUID();
    await createWithinLimit(sequelize, 'templates', (transaction) =>
      copyIntoTemplate(sequelize, transaction, actor, source, {
        id,
        name: request.name,
        description: request.description,
        customerType: request.customerType ?? source.customerType,
        ownerId: request.ownerId,
        logAction: t.log.savedFromProject(source.name),
      }),
    );
    ctx.status = 201;
    ctx.body = await templateSummary(sequelize, id);
  });

  router.get('/templates/:id', async (ctx) => {
    const { sequelize } = requireDatabase(ctx);
    const actor = actorOf(ctx);
    const row = await findReadableTemplate(sequelize, actor, templateId(ctx));
    ctx.body = await presentFor(sequelize, actor, { row, ...(await loadEntities(sequelize, row.id)) });
  });

  router.put('/templates/:id', async (ctx) => {
    const actor = projectActorOf(ctx);
    const id = templateId(ctx);
    const { sequelize } = requireDatabase(ctx);
    const document = validOrThrow(validate(projectDocumentSchema, ctx.request.body));
    const existing = await findProjectRow(sequelize, id);
    if (existing && !existing.isTemplate) throw notFound(t.notFound);
    if (!existing) {
      authorize(canCreateTemplate(actor), t.createForbidden);
      ctx.body = await createWithinLimit(sequelize, 'templates', async (transaction) => {
        const created = await createEmptyTemplate(sequelize, transaction, actor, id, document);
        const row = await findReadableTemplate(sequelize, actor, id, { transaction, lock: true });
        const mayEdit = canEditTemplate(actor, row);
        return writeDocument(sequelize, transaction, actor, row, document, {
          canEditFields: mayEdit,
          canChangeAnything: mayEdit,
          // The fields were just written from this document; its entities are all new.
          ...(created ? { base: row.revision } : {}),
        });
      });
      return;
    }
    ctx.body = await sequelize.transaction(async (transaction) => {
      const row = await findReadableTemplate(sequelize, actor, id, { transaction, lock: true });
      const mayEdit = canEditTemplate(actor, row);
      return writeDocument(sequelize, transaction, actor, row, document, {
        canEditFields: mayEdit,
        canChangeAnything: mayEdit,
      });
    });
  });

  router.delete('/templates/:id', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    await sequelize.transaction(async (transaction) => {
      const row = await findReadableTemplate(sequelize, actor, templateId(ctx), { transaction, lock: true });
      authorize(canDeleteTemplate(actor, row), t.deleteForbidden);
      if (row.status === 'archived') throw notFound(t.notFound);
      await changeStatus(sequelize, transaction, row, 'archived', logEntry(actor, t.log.archived));
    });
    const body: MessageResponse = { message: t.archived };
    ctx.body = body;
  });

  router.post('/templates/:id/share', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    const row = await findReadableTemplate(sequelize, actor, templateId(ctx));
    authorize(canShareTemplate(actor, row), t.shareForbidden);
    const { userId } = validOrThrow(validate(templateShareSchema, ctx.request.body));
    if (userId === actor.id) throw new ApiError(400, t.shareSelf, 'validation', { userId: t.shareSelf });
    const [target] = await sequelize.query<{ id: string; username: string }>(
      'SELECT id, username FROM users WHERE id = :userId',
      { type: QueryTypes.SELECT, replacements: { userId } },
    );
    if (!target) throw new ApiError(400, t.shareUserUnknown, 'validation', { userId: t.shareUserUnknown });
    if (row.status === 'archived') throw notFound(t.notFound);
    await createWithinLimit(sequelize, 'templates', (transaction) =>
      copyIntoTemplate(sequelize, transaction, actor, row, {
        id: randomUUID(),
        name: row.name,
        description: row.description,
        customerType: row.customerType,
        ownerId: target.id,
        logAction: t.log.sharedFrom(row.name, actor.username),
      }),
    );
    ctx.status = 201;
    const body: MessageResponse = { message: t.shared(target.username) };
    ctx.body = body;
  });

  router.post('/templates/:id/publish', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    await sequelize.transaction(async (transaction) => {
      const row = await findReadableTemplate(sequelize, actor, templateId(ctx), { transaction, lock: true });
      if (row.ownerId === null) throw new ApiError(400, t.alreadyGlobal, 'validation');
      if (!canPublishTemplate(actor, row)) throw forbidden(t.globalForbidden);
      if (row.status === 'archived') throw forbidden(de.projects.readOnlyArchived);
      await publishTemplate(sequelize, transaction, actor, row);
    });
    ctx.body = await templateSummary(sequelize, templateId(ctx));
  });

  router.post('/templates/:id/restore', async (ctx) => {
    const row = await findArchivedTemplate(ctx, de.projects.restoreOnlyArchived);
    const { sequelize } = requireDatabase(ctx);
    const actor = projectActorOf(ctx);
    await createWithinLimit(sequelize, 'templates', (transaction) =>
      changeStatus(sequelize, transaction, row, 'active', logEntry(actor, t.log.restored)),
    );
    const body: MessageResponse = { message: de.projects.templateRestored };
    ctx.body = body;
  });

  router.delete('/templates/:id/permanent', async (ctx) => {
    const row = await findArchivedTemplate(ctx, de.projects.permanentOnlyArchived);
    await deleteProjectPermanently(requireDatabase(ctx).sequelize, row.id);
    const body: MessageResponse = { message: de.projects.templateDeletedPermanently };
    ctx.body = body;
  });
}
