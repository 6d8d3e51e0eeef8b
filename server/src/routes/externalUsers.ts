import { canManageExternalUsers, de, externalUserSchema, type MessageResponse, validate } from '@werkboard/common';
import { col, fn } from 'sequelize';
import { authorize, notFound, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { ExternalUser } from '../models';
import { presentExternalUser } from '../presenters/user';
import { createWithinLimit } from '../services/limits';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam } from './context';

async function findExternalUser(ctx: AppRouterContext): Promise<ExternalUser> {
  const externalUser = await ExternalUser.findByPk(idParam(ctx.params.id, de.externalUsers.notFound));
  if (!externalUser) throw notFound(de.externalUsers.notFound);
  return externalUser;
}

/**
 * External workers: every signed-in user reads the list (cards are assigned to them);
 * writing follows the user management rule (Admin, Firmenleiter with can_manage_users).
 */
export function registerExternalUserRoutes(router: AppRouter): void {
  router.get('/external-users', async (ctx) => {
    const externalUsers = await ExternalUser.findAll({ order: [[fn('lower', col('name')), 'ASC']] });
    ctx.body = externalUsers.map(presentExternalUser);
  });

  router.post('/external-users', async (ctx) => {
    authorize(canManageExternalUsers(actorOf(ctx)), de.users.manageForbidden);
    const { name } = validOrThrow(validate(externalUserSchema, ctx.request.body));
    const externalUser = await createWithinLimit(requireDatabase(ctx).sequelize, 'externalUsers', (transaction) =>
      ExternalUser.create({ name }, { transaction }),
    );
    ctx.status = 201;
    ctx.body = presentExternalUser(externalUser);
  });

  router.put('/external-users/:id', async (ctx) => {
    authorize(canManageExternalUsers(actorOf(ctx)), de.users.manageForbidden);
    const { name } = validOrThrow(validate(externalUserSchema, ctx.request.body));
    const externalUser = await findExternalUser(ctx);
    externalUser.name = name;
    await externalUser.save();
    ctx.body = presentExternalUser(externalUser);
  });

  router.delete('/external-users/:id', async (ctx) => {
    authorize(canManageExternalUsers(actorOf(ctx)), de.users.manageForbidden);
    const externalUser = await findExternalUser(ctx);
    await externalUser.destroy();
    const body: MessageResponse = { message: de.externalUsers.deleted };
    ctx.body = body;
  });
}
