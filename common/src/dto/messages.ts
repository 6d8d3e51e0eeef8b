/**
 * Direct messages (spec section 3) as the API carries them. The server never sees a
 * message's text: `content` is an envelope of two sealed boxes, one the recipient can
 * open and one the sender can open (docs/security.md, "Direct messages").
 */

/** The message types of spec section 3; unknown values are shown and stored as 'Diverses'. */
export const MESSAGE_TYPES = [
  'Private Nachricht',
  'Projektbezogene Nachricht',
  'Verspätungen',
  'Materialbeschaffung',
  'Diverses',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const DEFAULT_MESSAGE_TYPE: MessageType = 'Private Nachricht';

export function messageTypeOf(value: unknown): MessageType {
  if (value === undefined || value === null || value === '') return DEFAULT_MESSAGE_TYPE;
  return (MESSAGE_TYPES as readonly unknown[]).includes(value) ? (value as MessageType) : 'Diverses';
}

/**
 * The text encrypted for one key pair: an ephemeral P-256 public key (raw, base64), the
 * AES-GCM nonce and the ciphertext with its tag (ECIES: ECDH + HKDF-SHA256 + AES-256-GCM).
 */
export interface SealedBox {
  /** The id of the recipient's key pair the box was sealed for. */
  keyId: string;
  epk: string;
  iv: string;
  ct: string;
}

export interface MessageEnvelope {
  v: 1;
  forRecipient: SealedBox;
  forSender: SealedBox;
}

export interface MessageDto {
  id: string;
  content: MessageEnvelope;
  senderId: string;
  recipientId: string;
  timestamp: string;
  read: boolean;
  messageType: MessageType;
}

export interface ConversationDto {
  otherUser: { id: string; username: string; directMessagesEnabled: boolean };
  lastMessage: MessageDto;
  unreadCount: number;
}

export interface UnreadCountDto {
  count: number;
}

/** Another user's public key, to seal a message for them. */
export interface PublicMessageKeyDto {
  userId: string;
  keyId: string;
  publicKey: string;
}

/**
 * The caller's own key pair: the private key (PKCS#8) encrypted with AES-GCM under a key
 * derived from the password (PBKDF2-SHA256, `salt`, `iterations`). Only the browser that
 * knows the password can open it.
 */
export interface OwnMessageKeyDto extends PublicMessageKeyDto {
  wrappedPrivateKey: string;
  wrapIv: string;
  salt: string;
  iterations: number;
}

export interface OwnMessageKeyAnswer {
  key: OwnMessageKeyDto | null;
}
