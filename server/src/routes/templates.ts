import { canManageArchivedProjects, canViewArchive, de, type MessageResponse } from '@werkboard/common';
import { ApiError, authorize, notFound } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { createWithinLimit } from '../services/limits';
import { findProjectRow } from '../services/projectStore';
import { changeStatus, deleteProjectPermanently, listTemplates, logEntry } from '../services/projects';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam } from './context';

async function findArchivedTemplate(ctx: AppRouterContext, message: string) {
  authorize(canManageArchivedProjects(actorOf(ctx)), de.projects.archiveForbidden);
  const row = await findProjectRow(
    requireDatabase(ctx).sequelize,
    idParam(ctx.params.id, de.projects.templateNotFound),
  );
  if (!row || !row.isTemplate) throw notFound(de.projects.templateNotFound);
  if (row.status !== 'archived') throw new ApiError(400, message, 'validation');
  return row;
}

/**
 * Templates as far as projects need them: the list to create a project from, and the
 * template archive. Editing, sharing and publishing templates is the organisation issue's.
 */
export function registerTemplateRoutes(router: AppRouter): void {
  router.get('/templates', async (ctx) => {
    ctx.body = await listTemplates(requireDatabase(ctx).sequelize, actorOf(ctx), 'active');
  });

  router.get('/templates/archived', async (ctx) => {
    authorize(canViewArchive(actorOf(ctx)));
    ctx.body = await listTemplates(requireDatabase(ctx).sequelize, actorOf(ctx), 'archived');
  });

  router.post('/templates/:id/restore', async (ctx) => {
    const row = await findArchivedTemplate(ctx, de.projects.restoreOnlyArchived);
    const { sequelize } = requireDatabase(ctx);
    const actor = { ...actorOf(ctx), username: ctx.state.actor!.user.username };
    await createWithinLimit(sequelize, 'templates', (transaction) =>
      changeStatus(sequelize, transaction, row, 'active', logEntry(actor, de.projects.log.restored)),
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
