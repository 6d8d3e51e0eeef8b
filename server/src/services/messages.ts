import {
  type ConversationDto,
  de,
  type MessageDto,
  type MessageEnvelope,
  type MessageKeyRequest,
  type MessageType,
  newId,
  type OwnMessageKeyDto,
  type PublicMessageKeyDto,
  type RewrappedKeyRequest,
  type SendMessageInput,
} from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { publish } from '../live/liveUpdates';
import { sendMessagePush } from '../push/messagePush';
import type { Services } from '../serverState';
import { invalidField } from '../errors';

const m = de.directMessages;

/** The longest thread answer: the newest messages of a conversation. */
export const THREAD_LIMIT = 500;

interface MessageRow {
  id: string;
  senderId: string;
  recipientId: string;
  messageType: MessageType;
  content: MessageEnvelope;
  createdAt: Date;
  readAt: Date | null;
}

const MESSAGE_COLUMNS = `id, sender_id AS "senderId", recipient_id AS "recipientId", message_type AS "messageType",
  content, created_at AS "createdAt", read_at AS "readAt"`;

export function presentMessage(row: MessageRow): MessageDto {
  return {
    id: row.id,
    content: row.content,
    senderId: row.senderId,
    recipientId: row.recipientId,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    messageType: row.messageType,
  };
}

export interface Recipient {
  id: string;
  username: string;
  directMessagesEnabled: boolean;
}

/** A user one may address (for the policy), or null. */
export async function findRecipient(
  sequelize: Sequelize,
  id: string,
  transaction?: Transaction,
): Promise<Recipient | null> {
  const [row] = await sequelize.query<Recipient>(
    `SELECT id, username, direct_messages_enabled AS "directMessagesEnabled" FROM users WHERE id = :id`,
    { type: QueryTypes.SELECT, replacements: { id }, transaction },
  );
  return row ?? null;
}

export async function unreadCount(sequelize: Sequelize, userId: string): Promise<number> {
  const [row] = await sequelize.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM messages WHERE recipient_id = :userId AND read_at IS NULL',
    { type: QueryTypes.SELECT, replacements: { userId } },
  );
  return row?.count ?? 0;
}

/**
 * One row per partner: the newest message of each pair (an index probe per user through
 * messages_pair_time, not a scan of the caller's messages) and the unread count from the
 * partial index. Newest conversation first.
 */
export async function listConversations(sequelize: Sequelize, userId: string): Promise<ConversationDto[]> {
  const rows = await sequelize.query<
    MessageRow & { otherId: string; otherName: string; otherAccepts: boolean; unread: number }
  >(
    `SELECT u.id AS "otherId", u.username AS "otherName", u.direct_messages_enabled AS "otherAccepts",
       last.id, last.sender_id AS "senderId", last.recipient_id AS "recipientId", last.message_type AS "messageType",
       last.content, last.created_at AS "createdAt", last.read_at AS "readAt",
       (SELECT count(*)::int FROM messages c
         WHERE c.recipient_id = :userId AND c.sender_id = u.id AND c.read_at IS NULL) AS unread
     FROM users u
     CROSS JOIN LATERAL (
       SELECT * FROM messages m
       WHERE m.pair_low = LEAST(u.id, CAST(:userId AS uuid)) AND m.pair_high = GREATEST(u.id, CAST(:userId AS uuid))
       ORDER BY m.created_at DESC, m.id DESC LIMIT 1
     ) last
     WHERE u.id <> :userId
     ORDER BY last.created_at DESC, last.id DESC`,
    { type: QueryTypes.SELECT, replacements: { userId } },
  );
  return rows.map((row) => ({
    otherUser: { id: row.otherId, username: row.otherName, directMessagesEnabled: row.otherAccepts },
    lastMessage: presentMessage(row),
    unreadCount: row.unread,
  }));
}

/** The caller's conversation with one other user, oldest first (the newest THREAD_LIMIT). */
export async function listThread(sequelize: Sequelize, userId: string, otherId: string): Promise<MessageDto[]> {
  const rows = await sequelize.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE pair_low = LEAST(CAST(:userId AS uuid), CAST(:otherId AS uuid))
       AND pair_high = GREATEST(CAST(:userId AS uuid), CAST(:otherId AS uuid))
     ORDER BY created_at DESC, id DESC LIMIT ${THREAD_LIMIT}`,
    { type: QueryTypes.SELECT, replacements: { userId, otherId } },
  );
  return rows.reverse().map(presentMessage);
}

/** Marks what the other user sent the caller as read; answers the caller's unread count left. */
export async function markConversationRead(sequelize: Sequelize, userId: string, otherId: string): Promise<number> {
  await sequelize.query(
    'UPDATE messages SET read_at = now() WHERE recipient_id = :userId AND sender_id = :otherId AND read_at IS NULL',
    { replacements: { userId, otherId } },
  );
  return unreadCount(sequelize, userId);
}

/** A stored message and whom it is for: what the live channel (event stream, push) announces. */
export interface SentMessage {
  message: MessageDto;
  recipientId: string;
}

/**
 * Stores a sealed message after the route's checks (recipient exists, policy). Both boxes
 * must be sealed for the current keys (a box for a replaced key could never be opened): one
 * statement checks both and inserts, so a key replaced meanwhile cannot slip between.
 */
export async function storeMessage(
  sequelize: Sequelize,
  senderId: string,
  input: SendMessageInput,
): Promise<SentMessage> {
  const { forRecipient, forSender } = input.content;
  const [row] = await sequelize.query<MessageRow>(
    `INSERT INTO messages (id, sender_id, recipient_id, message_type, content)
     SELECT :id, :senderId, :recipientId, :messageType, CAST(:content AS jsonb)
     WHERE (SELECT key_id FROM message_keys WHERE user_id = :recipientId) = :recipientKey
       AND (SELECT key_id FROM message_keys WHERE user_id = :senderId) = :senderKey
     RETURNING ${MESSAGE_COLUMNS}`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        id: newId(),
        senderId,
        recipientId: input.recipientId,
        messageType: input.messageType,
        content: JSON.stringify(input.content),
        recipientKey: forRecipient.keyId,
        senderKey: forSender.keyId,
      },
    },
  );
  if (row) return { message: presentMessage(row), recipientId: input.recipientId };
  if (!(await findPublicKey(sequelize, input.recipientId))) throw invalidField('recipientId', m.recipientHasNoKey);
  throw invalidField('content', m.staleKey);
}

/**
 * The one place a sent message is announced (issue 16): the recipient's open tabs get the new
 * unread count on the live stream; a recipient without an open tab gets a push saying who
 * wrote. Only metadata: the text is sealed and never here.
 */
export async function announceMessage(
  sequelize: Sequelize,
  services: Services,
  sent: SentMessage,
  senderName: string,
): Promise<void> {
  services.logger.info(
    { messageId: sent.message.id, senderId: sent.message.senderId, recipientId: sent.recipientId },
    'message sent',
  );
  await announceUnreadCount(sequelize, sent.recipientId);
  await sendMessagePush(services, sent.recipientId, { id: sent.message.senderId, name: senderName });
}

/** The user's other tabs learn the unread count after a read or a new message. */
export async function announceUnreadCount(sequelize: Sequelize, userId: string, count?: number): Promise<void> {
  const unread = count ?? (await unreadCount(sequelize, userId));
  await publish(sequelize, { userId }, { type: 'unread-messages', count: unread });
}

const KEY_COLUMNS = `user_id AS "userId", key_id AS "keyId", public_key AS "publicKey",
  wrapped_private_key AS "wrappedPrivateKey", wrap_iv AS "wrapIv", salt, iterations`;

export async function findOwnKey(sequelize: Sequelize, userId: string): Promise<OwnMessageKeyDto | null> {
  const [row] = await sequelize.query<OwnMessageKeyDto>(
    `SELECT ${KEY_COLUMNS} FROM message_keys WHERE user_id = :userId`,
    {
      type: QueryTypes.SELECT,
      replacements: { userId },
    },
  );
  return row ?? null;
}

export async function findPublicKey(sequelize: Sequelize, userId: string): Promise<PublicMessageKeyDto | null> {
  const [row] = await sequelize.query<PublicMessageKeyDto>(
    `SELECT user_id AS "userId", key_id AS "keyId", public_key AS "publicKey" FROM message_keys WHERE user_id = :userId`,
    { type: QueryTypes.SELECT, replacements: { userId } },
  );
  return row ?? null;
}

/** A new key pair for the caller (first login, or after a reset); it replaces the old one under a new id. */
export async function replaceOwnKey(
  sequelize: Sequelize,
  userId: string,
  input: MessageKeyRequest,
): Promise<OwnMessageKeyDto> {
  const [row] = await sequelize.query<OwnMessageKeyDto>(
    `INSERT INTO message_keys (user_id, key_id, public_key, wrapped_private_key, wrap_iv, salt, iterations)
     VALUES (:userId, :keyId, :publicKey, :wrappedPrivateKey, :wrapIv, :salt, :iterations)
     ON CONFLICT (user_id) DO UPDATE SET key_id = EXCLUDED.key_id, public_key = EXCLUDED.public_key,
       wrapped_private_key = EXCLUDED.wrapped_private_key, wrap_iv = EXCLUDED.wrap_iv, salt = EXCLUDED.salt,
       iterations = EXCLUDED.iterations, created_at = now(), updated_at = now()
     RETURNING ${KEY_COLUMNS}`,
    { type: QueryTypes.SELECT, replacements: { userId, keyId: newId(), ...input } },
  );
  return row!;
}

/** Throws unless the caller's current key is the one the new wrapping is for (checked before the password changes). */
export async function requireCurrentKey(sequelize: Sequelize, userId: string, keyId: string): Promise<void> {
  const key = await findPublicKey(sequelize, userId);
  if (key?.keyId !== keyId) throw invalidField('messageKey', m.staleKey);
}

/** The same private key under the new password (password change). */
export async function rewrapOwnKey(sequelize: Sequelize, userId: string, input: RewrappedKeyRequest): Promise<void> {
  await sequelize.query(
    `UPDATE message_keys SET wrapped_private_key = :wrappedPrivateKey, wrap_iv = :wrapIv, salt = :salt,
       iterations = :iterations, updated_at = now()
     WHERE user_id = :userId AND key_id = :keyId`,
    { replacements: { userId, ...input } },
  );
}

/**
 * Someone else set the user's password (Admin reset): nobody can open the wrapped key any
 * more, so it goes; the user makes a new pair at the next login and senders wait for it.
 */
export async function dropMessageKey(sequelize: Sequelize, userId: string): Promise<void> {
  await sequelize.query('DELETE FROM message_keys WHERE user_id = :userId', { replacements: { userId } });
}
