import {
  canInviteToProject,
  canReadProject,
  canRespondToInvitation,
  canWithdrawInvitation,
  canWorkOnProject,
  de,
  invitationCreateSchema,
  invitationRespondSchema,
  isProjectReadOnly,
  type MessageResponse,
} from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes, Params, UserRequest } from '../http/endpoint';
import { idParam } from '../http/params';
import { sendInvitationMail } from '../mail/invitationMail';
import { sendInvitationPush } from '../push/invitationPush';
import { presentInvitation } from '../presenters/invitation';
import { findLockedInvitation, invite, myInvitations, respond, withdraw } from '../services/invitations';
import { findProject } from '../services/projects';

const m = de.team.invitations;
const invitationId = (params: Params) => idParam(params.id, m.notFound);
const loadInvitation = ({ sequelize, params, transaction }: UserRequest<unknown, unknown, undefined, true>) =>
  findLockedInvitation(sequelize, invitationId(params), transaction);

/** Invitations (spec sections 3 and 7; docs/api.md "Invitations"): the caller's own, inviting, answering, withdrawing. */
export function registerInvitationRoutes(api: ApiRoutes): void {
  api.get('/invitations', {
    handle: ({ sequelize, actor }) => myInvitations(sequelize, actor.id),
    present: (rows) => rows.map(presentInvitation),
  });

  api.post('/invitations', {
    body: invitationCreateSchema,
    transaction: true,
    load: ({ sequelize, body, transaction }) => findProject(sequelize, body.project, { transaction, lock: true }),
    // Who may invite is asked first, whether the project takes new people second.
    authorize: ({ actor, resource }) => {
      authorize(canReadProject(actor, resource), de.projects.accessForbidden);
      authorize(canInviteToProject(actor, resource), m.forbidden);
      authorize(canWorkOnProject(actor, resource), m.readOnly);
    },
    handle: async ({ ctx, services, sequelize, transaction, actor, resource, body }) => {
      const invitation = await invite(sequelize, transaction, actor, resource, body.toUserId);
      // After the commit: an e-mail never goes out for an invitation that was rolled back.
      const appUrl = services.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
      transaction.afterCommit(() => {
        void sendInvitationMail(services, invitation, appUrl);
        void sendInvitationPush(services, invitation);
      });
      return invitation;
    },
    status: 201,
    present: presentInvitation,
  });

  api.post('/invitations/:id/respond', {
    body: invitationRespondSchema,
    transaction: true,
    load: loadInvitation,
    authorize: ({ actor, resource, body }) => {
      authorize(canRespondToInvitation(actor, resource), m.respondForbidden);
      // Joining a completed or archived project waits: the invitation stays pending until it is active again.
      if (body.status === 'accepted' && resource.project) authorize(!isProjectReadOnly(resource.project), m.readOnly);
    },
    handle: ({ sequelize, transaction, actor, resource, body }) =>
      respond(sequelize, transaction, actor, resource, body.status),
    present: presentInvitation,
  });

  api.delete('/invitations/:id', {
    transaction: true,
    load: loadInvitation,
    authorize: ({ actor, resource }) =>
      authorize(resource.project !== null && canWithdrawInvitation(actor, resource.project), m.withdrawForbidden),
    handle: async ({ sequelize, transaction, actor, resource }): Promise<MessageResponse> => {
      await withdraw(sequelize, transaction, actor, resource);
      return { message: m.withdrawn };
    },
  });
}
