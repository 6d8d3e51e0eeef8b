import {
  canWriteDirectMessage,
  de,
  messageKeySchema,
  type OwnMessageKeyAnswer,
  sendMessageSchema,
  type UnreadCountDto,
} from '@werkboard/common';
import type { Sequelize } from 'sequelize';
import { authorize, invalidField, notFound } from '../errors';
import type { ApiRoutes, Params } from '../http/endpoint';
import { idParam } from '../http/params';
import {
  announceMessage,
  announceUnreadCount,
  findOwnKey,
  findPublicKey,
  findRecipient,
  listConversations,
  listThread,
  markConversationRead,
  type Recipient,
  replaceOwnKey,
  storeMessage,
  unreadCount,
} from '../services/messages';

const m = de.directMessages;
const otherUserId = (params: Params) => idParam(params.userId, m.messageNotFound);

/** The user a path names (the other side of the caller's conversation); 404 when there is none. */
async function loadOtherUser({ sequelize, params }: { sequelize: Sequelize; params: Params }): Promise<Recipient> {
  const other = await findRecipient(sequelize, otherUserId(params));
  if (!other) throw notFound(m.messageNotFound);
  return other;
}

/**
 * Direct messages (spec sections 2-8) and their keys (docs/security.md, "Direct messages").
 * Every route works on the caller's own messages only: the path names the other user, the
 * caller is always one side of the pair, so nobody can read a conversation they are not in.
 */
export function registerMessageRoutes(api: ApiRoutes): void {
  api.get('/messages/unread-count', {
    handle: async ({ sequelize, actor }): Promise<UnreadCountDto> => ({
      count: await unreadCount(sequelize, actor.id),
    }),
  });

  api.get('/messages/conversations', {
    handle: ({ sequelize, actor }) => listConversations(sequelize, actor.id),
  });

  api.get('/messages/conversation/:userId', {
    load: loadOtherUser,
    handle: ({ sequelize, actor, resource }) => listThread(sequelize, actor.id, resource.id),
  });

  api.post('/messages/read/:userId', {
    load: loadOtherUser,
    handle: async ({ sequelize, actor, resource }): Promise<UnreadCountDto> => {
      const count = await markConversationRead(sequelize, actor.id, resource.id);
      await announceUnreadCount(sequelize, actor.id, count);
      return { count };
    },
  });

  api.post('/messages', {
    body: sendMessageSchema,
    load: async ({ sequelize, actor, body }) => {
      if (body.recipientId === actor.id) throw invalidField('recipientId', m.recipientSelf);
      const recipient = await findRecipient(sequelize, body.recipientId);
      if (!recipient) throw invalidField('recipientId', m.recipientUnknown);
      return recipient;
    },
    authorize: ({ actor, resource }) => authorize(canWriteDirectMessage(actor, resource), m.recipientRefusesServer),
    handle: async ({ sequelize, actor, body, services }) => {
      const sent = await storeMessage(sequelize, actor.id, body);
      await announceMessage(sequelize, services, sent, actor.username);
      return sent;
    },
    status: 201,
    present: (sent) => sent.message,
  });

  // Registered before /messages/keys/:userId so that 'me' is never taken for an id.
  api.get('/messages/keys/me', {
    handle: async ({ sequelize, actor }): Promise<OwnMessageKeyAnswer> => ({
      key: await findOwnKey(sequelize, actor.id),
    }),
  });

  api.put('/messages/keys/me', {
    body: messageKeySchema,
    handle: async ({ sequelize, actor, body, services }) => {
      const key = await replaceOwnKey(sequelize, actor.id, body);
      services.logger.info({ userId: actor.id, keyId: key.keyId }, 'message key replaced');
      return key;
    },
  });

  api.get('/messages/keys/:userId', {
    handle: async ({ sequelize, params }) => {
      const key = await findPublicKey(sequelize, otherUserId(params));
      if (!key) throw notFound(m.recipientHasNoKey);
      return key;
    },
  });
}
