import {
  canCompleteProject,
  canCreateProject,
  canDeleteProject,
  canEditProject,
  canManageArchivedProjects,
  canReopenProject,
  canSeeAllProjects,
  canViewArchive,
  de,
  type MessageResponse,
  projectCreateSchema,
  projectDocumentSchema,
  validate,
} from '@werkboard/common';
import type { Sequelize } from 'sequelize';
import { ApiError, authorize, notFound, validOrThrow } from '../errors';
import { removeProjectImageFiles } from '../images/imageStore';
import { requireDatabase } from '../middleware/requireDatabase';
import { createWithinLimit } from '../services/limits';
import { writeDocument } from '../services/documentWrite';
import { findProjectRow, loadEntities, type ProjectRow } from '../services/projectStore';
import {
  accessFacts,
  changeStatus,
  createProject,
  deleteProjectPermanently,
  findReadableProject,
  listArchivedProjects,
  listProjects,
  logEntry,
  presentFor,
  readDocument,
  withUniqueName,
} from '../services/projects';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam, projectActorOf } from './context';

const projectId = (ctx: AppRouterContext) => idParam(ctx.params.id, de.projects.notFound);

/** An archived project found for the archive routes (Admin only). */
async function findArchived(sequelize: Sequelize, ctx: AppRouterContext, message: string): Promise<ProjectRow> {
  authorize(canManageArchivedProjects(actorOf(ctx)), de.projects.archiveForbidden);
  const row = await findProjectRow(sequelize, projectId(ctx));
  if (!row || row.isTemplate) throw notFound(de.projects.notFound);
  if (row.status !== 'archived') throw new ApiError(400, message, 'validation');
  return row;
}

/**
 * Projects (spec sections 2, 4 and 7; architecture decision 4). The whole-project PUT merges
 * concurrent writes; status changes (complete, reopen, archive, restore) have their own
 * routes and are never taken from a PUT.
 */
export function registerProjectRoutes(router: AppRouter): void {
  router.get('/projects', async (ctx) => {
    const actor = actorOf(ctx);
    ctx.body = await listProjects(requireDatabase(ctx).sequelize, actor, canSeeAllProjects(actor));
  });

  router.post('/projects', async (ctx) => {
    const actor = projectActorOf(ctx);
    authorize(canCreateProject(actor), de.projects.createForbidden);
    const request = validOrThrow(validate(projectCreateSchema, ctx.request.body));
    const { sequelize } = requireDatabase(ctx);
    const id = await withUniqueName(() =>
      createWithinLimit(sequelize, 'activeProjects', (transaction) =>
        createProject(sequelize, transaction, actor, request),
      ),
    );
    ctx.status = 201;
    ctx.body = await readDocument(sequelize, actor, id);
  });

  router.get('/projects/archived', async (ctx) => {
    authorize(canViewArchive(actorOf(ctx)));
    ctx.body = await listArchivedProjects(requireDatabase(ctx).sequelize);
  });

  router.get('/projects/:id', async (ctx) => {
    const { sequelize } = requireDatabase(ctx);
    const actor = actorOf(ctx);
    const row = await findReadableProject(sequelize, actor, projectId(ctx));
    ctx.body = await presentFor(sequelize, actor, { row, ...(await loadEntities(sequelize, row.id)) });
  });

  router.put('/projects/:id', async (ctx) => {
    const actor = projectActorOf(ctx);
    const id = projectId(ctx);
    const { sequelize } = requireDatabase(ctx);
    const document = validOrThrow(validate(projectDocumentSchema, ctx.request.body));
    ctx.body = await withUniqueName(() =>
      sequelize.transaction(async (transaction) => {
        const row = await findReadableProject(sequelize, actor, id, { transaction, lock: true });
        return writeDocument(sequelize, transaction, actor, row, document, {
          canEditFields: canEditProject(actor, accessFacts(row)),
          canChangeAnything: true,
        });
      }),
    );
  });

  router.delete('/projects/:id', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    await sequelize.transaction(async (transaction) => {
      const row = await findReadableProject(sequelize, actor, projectId(ctx), { transaction, lock: true });
      authorize(canDeleteProject(actor, accessFacts(row)), de.projects.deleteForbidden);
      await changeStatus(sequelize, transaction, row, 'archived', logEntry(actor, de.projects.log.archived));
    });
    const body: MessageResponse = { message: de.projects.archived };
    ctx.body = body;
  });

  router.post('/projects/:id/restore', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    const row = await findArchived(sequelize, ctx, de.projects.restoreOnlyArchived);
    await withUniqueName(() =>
      createWithinLimit(sequelize, 'activeProjects', (transaction) =>
        changeStatus(sequelize, transaction, row, 'active', logEntry(actor, de.projects.log.restored)),
      ),
    );
    ctx.body = await readDocument(sequelize, actor, row.id);
  });

  router.delete('/projects/:id/permanent', async (ctx) => {
    const { sequelize } = requireDatabase(ctx);
    const row = await findArchived(sequelize, ctx, de.projects.permanentOnlyArchived);
    await deleteProjectPermanently(sequelize, row.id);
    await removeProjectImageFiles(ctx.services.config.dataDir, row.id);
    const body: MessageResponse = { message: de.projects.deletedPermanently };
    ctx.body = body;
  });

  router.post('/projects/:id/complete', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    await sequelize.transaction(async (transaction) => {
      const row = await findReadableProject(sequelize, actor, projectId(ctx), { transaction, lock: true });
      authorize(canEditProject(actor, accessFacts(row)), de.projects.editForbidden);
      if (!canCompleteProject(actor, accessFacts(row))) throw new ApiError(400, de.projects.notActive, 'validation');
      await changeStatus(sequelize, transaction, row, 'completed', logEntry(actor, de.projects.log.completed));
    });
    ctx.body = await readDocument(sequelize, actor, projectId(ctx));
  });

  router.post('/projects/:id/reopen', async (ctx) => {
    const actor = projectActorOf(ctx);
    const { sequelize } = requireDatabase(ctx);
    const row = await findReadableProject(sequelize, actor, projectId(ctx));
    authorize(canEditProject(actor, accessFacts(row)), de.projects.editForbidden);
    if (!canReopenProject(actor, accessFacts(row))) throw new ApiError(400, de.projects.notCompleted, 'validation');
    await createWithinLimit(sequelize, 'activeProjects', async (transaction) => {
      const locked = await findReadableProject(sequelize, actor, row.id, { transaction, lock: true });
      if (locked.status !== 'completed') throw new ApiError(400, de.projects.notCompleted, 'validation');
      await changeStatus(sequelize, transaction, locked, 'active', logEntry(actor, de.projects.log.reopened));
    });
    ctx.body = await readDocument(sequelize, actor, row.id);
  });
}
