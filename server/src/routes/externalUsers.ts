import { canManageExternalUsers, de, externalUserSchema, type MessageResponse } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { idParam } from '../http/params';
import { presentExternalUser } from '../presenters/user';
import { requireRoomFor } from '../services/limits';
import { createExternalUser, findExternalUser, listExternalUsers } from '../services/externalUsers';

const externalUserId = (params: { id?: string }) => idParam(params.id, de.externalUsers.notFound);

/**
 * External workers: every signed-in user reads the list (cards are assigned to them);
 * writing follows the user management rule (Admin, Firmenleiter with can_manage_users).
 */
export function registerExternalUserRoutes(api: ApiRoutes): void {
  api.get('/external-users', {
    handle: () => listExternalUsers(),
    present: (externalUsers) => externalUsers.map(presentExternalUser),
  });

  api.post('/external-users', {
    body: externalUserSchema,
    authorize: ({ actor }) => authorize(canManageExternalUsers(actor), de.users.manageForbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, body }) => {
      await requireRoomFor(sequelize, transaction, 'externalUsers');
      return createExternalUser(transaction, body.name);
    },
    status: 201,
    present: presentExternalUser,
  });

  api.put('/external-users/:id', {
    body: externalUserSchema,
    load: ({ params }) => findExternalUser(externalUserId(params)),
    authorize: ({ actor }) => authorize(canManageExternalUsers(actor), de.users.manageForbidden),
    handle: ({ resource: externalUser, body }) => {
      externalUser.name = body.name;
      return externalUser.save();
    },
    present: presentExternalUser,
  });

  api.delete('/external-users/:id', {
    load: ({ params }) => findExternalUser(externalUserId(params)),
    authorize: ({ actor }) => authorize(canManageExternalUsers(actor), de.users.manageForbidden),
    handle: async ({ resource: externalUser }): Promise<MessageResponse> => {
      await externalUser.destroy();
      return { message: de.externalUsers.deleted };
    },
  });
}
