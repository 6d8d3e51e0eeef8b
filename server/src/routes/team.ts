import {
  de,
  deputySchema,
  invitationCreateSchema,
  invitationRespondSchema,
  type MessageResponse,
  newOwnerSchema,
  validate,
} from '@werkboard/common';
import { validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { invite, myInvitations, projectInvitations, respond, withdraw } from '../services/invitations';
import { handOver, reassign, removeFromTeam, setDeputy } from '../services/team';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { idParam, projectActorOf } from './context';

const projectId = (ctx: AppRouterContext) => idParam(ctx.params.id, de.projects.notFound);
const invitationId = (ctx: AppRouterContext) => idParam(ctx.params.id, de.team.invitations.notFound);

/** Teams and invitations (spec sections 3, 6 and 7; docs/api.md "Teams" and "Invitations"). */
export function registerTeamRoutes(router: AppRouter): void {
  router.put('/projects/:id/deputy', async (ctx) => {
    const id = projectId(ctx);
    const { userId } = validOrThrow(validate(deputySchema, ctx.request.body));
    ctx.body = await setDeputy(requireDatabase(ctx).sequelize, projectActorOf(ctx), id, userId);
  });

  router.delete('/projects/:id/members/:userId', async (ctx) => {
    const id = projectId(ctx);
    const userId = idParam(ctx.params.userId, de.team.team.notMember);
    ctx.body = await removeFromTeam(requireDatabase(ctx).sequelize, projectActorOf(ctx), id, userId.toLowerCase());
  });

  router.post('/projects/:id/handover', async (ctx) => {
    const id = projectId(ctx);
    const { newOwnerId } = validOrThrow(validate(newOwnerSchema, ctx.request.body));
    ctx.body = await handOver(requireDatabase(ctx).sequelize, projectActorOf(ctx), id, newOwnerId);
  });

  router.post('/projects/:id/reassign', async (ctx) => {
    const id = projectId(ctx);
    const { newOwnerId } = validOrThrow(validate(newOwnerSchema, ctx.request.body));
    ctx.body = await reassign(requireDatabase(ctx).sequelize, projectActorOf(ctx), id, newOwnerId);
  });

  router.get('/projects/:id/invitations', async (ctx) => {
    ctx.body = await projectInvitations(requireDatabase(ctx).sequelize, projectActorOf(ctx), projectId(ctx));
  });

  router.get('/invitations', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await myInvitations(requireDatabase(ctx).sequelize, projectActorOf(ctx).id);
  });

  router.post('/invitations', async (ctx) => {
    const { project, toUserId } = validOrThrow(validate(invitationCreateSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = await invite(requireDatabase(ctx).sequelize, projectActorOf(ctx), project, toUserId);
  });

  router.post('/invitations/:id/respond', async (ctx) => {
    const id = invitationId(ctx);
    const { status } = validOrThrow(validate(invitationRespondSchema, ctx.request.body));
    ctx.body = await respond(requireDatabase(ctx).sequelize, projectActorOf(ctx), id, status);
  });

  router.delete('/invitations/:id', async (ctx) => {
    await withdraw(requireDatabase(ctx).sequelize, projectActorOf(ctx), invitationId(ctx));
    const body: MessageResponse = { message: de.team.invitations.withdrawn };
    ctx.body = body;
  });
}
