import { canManagePermissions, de, PERMISSION_KEYS, rolePermissionsUpdateSchema, validate } from '@werkboard/common';
import { authorize, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { readRolePermissions, writeRolePermissions } from '../services/permissions';
import type { AppRouter } from '../appTypes';
import { actorOf } from './context';

/**
 * The permission keys (any signed-in user) and the role-permission matrix (Admin only).
 * Saved changes reach a user at their next login: a running session keeps the permissions
 * in its token (middleware/authenticate.ts).
 */
export function registerPermissionRoutes(router: AppRouter): void {
  router.get('/permissions/keys', (ctx) => {
    ctx.body = [...PERMISSION_KEYS];
  });

  router.get('/permissions/roles', async (ctx) => {
    authorize(canManagePermissions(actorOf(ctx)), de.permissions.adminOnly);
    ctx.body = await readRolePermissions();
  });

  router.put('/permissions/roles', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canManagePermissions(actor), de.permissions.adminOnly);
    const update = validOrThrow(validate(rolePermissionsUpdateSchema, ctx.request.body));
    ctx.body = await writeRolePermissions(requireDatabase(ctx).sequelize, update);
    ctx.services.logger.info({ userId: actor.id, roles: Object.keys(update) }, 'role permissions changed');
  });
}
