import { canManagePermissions, de, PERMISSION_KEYS, rolePermissionsUpdateSchema } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { readRolePermissions, writeRolePermissions } from '../services/permissions';

/**
 * The permission keys (any signed-in user) and the role-permission matrix (Admin only).
 * Saved changes reach a user at their next login: a running session keeps the permissions
 * in its token (middleware/authenticate.ts).
 */
export function registerPermissionRoutes(api: ApiRoutes): void {
  api.get('/permissions/keys', {
    handle: () => [...PERMISSION_KEYS],
  });

  api.get('/permissions/roles', {
    authorize: ({ actor }) => authorize(canManagePermissions(actor), de.permissions.adminOnly),
    handle: () => readRolePermissions(),
  });

  api.put('/permissions/roles', {
    body: rolePermissionsUpdateSchema,
    authorize: ({ actor }) => authorize(canManagePermissions(actor), de.permissions.adminOnly),
    transaction: true,
    handle: async ({ transaction, body, actor, services }) => {
      const matrix = await writeRolePermissions(transaction, body);
      services.logger.info({ userId: actor.id, roles: Object.keys(body) }, 'role permissions changed');
      return matrix;
    },
  });
}
