import { canManageProjectGroups, de, type MessageResponse, projectGroupSchema, validate } from '@werkboard/common';
import { authorize, notFound, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import {
  deleteProjectGroup,
  listProjectGroups,
  requireGroupsLicensed,
  saveProjectGroup,
} from '../services/projectGroups';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam } from './context';

const groupId = (ctx: AppRouterContext) => idParam(ctx.params.id, de.organisation.groups.notFound);

/**
 * Project groups (spec sections 2, 3 and 7): everyone reads them (the dashboard groups by
 * them); creating, changing and deleting needs can_manage_project_groups and a license other
 * than Free. PUT creates under the client's id, so a retried PUT is harmless.
 */
export function registerProjectGroupRoutes(router: AppRouter): void {
  router.get('/project-groups', async (ctx) => {
    ctx.body = await listProjectGroups(requireDatabase(ctx).sequelize);
  });

  router.put('/project-groups/:id', async (ctx) => {
    authorize(canManageProjectGroups(actorOf(ctx)), de.organisation.groups.forbidden);
    const id = groupId(ctx);
    const input = validOrThrow(validate(projectGroupSchema, ctx.request.body));
    const { sequelize } = requireDatabase(ctx);
    await requireGroupsLicensed();
    ctx.body = await saveProjectGroup(sequelize, id.toLowerCase(), input);
  });

  router.delete('/project-groups/:id', async (ctx) => {
    authorize(canManageProjectGroups(actorOf(ctx)), de.organisation.groups.forbidden);
    const id = groupId(ctx);
    await requireGroupsLicensed();
    if (!(await deleteProjectGroup(requireDatabase(ctx).sequelize, id)))
      throw notFound(de.organisation.groups.notFound);
    const body: MessageResponse = { message: de.organisation.groups.deleted };
    ctx.body = body;
  });
}
