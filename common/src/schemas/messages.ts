import { z } from 'zod';
import { messageTypeOf } from '../dto/messages';
import { isUuid } from '../domain/uuid';
import { directMessageTexts as m } from '../messages/directMessages';
import { BODY_ERROR } from './fields';

/** The longest message text the client lets one write (characters). */
export const MESSAGE_MAX_LENGTH = 5000;
/** AES-GCM's tag; a UTF-8 character takes at most 4 bytes. */
const GCM_TAG_BYTES = 16;
const MAX_CIPHERTEXT_BYTES = MESSAGE_MAX_LENGTH * 4 + GCM_TAG_BYTES;
/** PBKDF2 rounds a stored key may name: below the floor is too weak, above the ceiling a denial of service at login. */
export const MIN_KEY_ITERATIONS = 100_000;
export const MAX_KEY_ITERATIONS = 10_000_000;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The number of bytes a strict base64 string decodes to, or null when it is not strict base64. */
export function base64Bytes(value: string): number | null {
  if (!BASE64.test(value)) return null;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

function bytes(error: string, min: number, max = min) {
  return z.string({ error }).refine(
    (value) => {
      const length = base64Bytes(value);
      return length !== null && length >= min && length <= max;
    },
    { error },
  );
}

/** An uncompressed P-256 point: 65 bytes starting with 0x04 (base64 'B...'). */
const p256PublicKey = (error: string) => bytes(error, 65).refine((value) => value.startsWith('B'), { error });
const keyId = (error: string) =>
  z
    .string({ error })
    .refine(isUuid, { error })
    .transform((id) => id.toLowerCase());

const sealedBoxSchema = z.object(
  {
    keyId: keyId(m.contentInvalid),
    epk: p256PublicKey(m.contentInvalid),
    iv: bytes(m.contentInvalid, 12),
    // At least one byte of text: an empty message is not sent (spec section 5).
    ct: bytes(m.contentInvalid, GCM_TAG_BYTES + 1, MAX_CIPHERTEXT_BYTES),
  },
  { error: m.contentInvalid },
);

export const messageEnvelopeSchema = z.strictObject(
  { v: z.literal(1, { error: m.contentInvalid }), forRecipient: sealedBoxSchema, forSender: sealedBoxSchema },
  { error: m.contentInvalid },
);

/** POST /api/messages {recipientId, content, messageType}: content is the sealed envelope. */
export const sendMessageSchema = z.object(
  {
    recipientId: z
      .string({ error: m.recipientRequired })
      .refine(isUuid, { error: m.recipientUnknown })
      .transform((id) => id.toLowerCase()),
    content: messageEnvelopeSchema,
    messageType: z.unknown().optional().transform(messageTypeOf),
  },
  BODY_ERROR,
);
export type SendMessageRequest = z.input<typeof sendMessageSchema>;
export type SendMessageInput = z.output<typeof sendMessageSchema>;

const wrappedKeyFields = {
  wrappedPrivateKey: bytes(m.keyInvalid, 64, 512),
  wrapIv: bytes(m.keyInvalid, 12),
  salt: bytes(m.keyInvalid, 16, 64),
  iterations: z
    .number({ error: m.keyInvalid })
    .int({ error: m.keyInvalid })
    .min(MIN_KEY_ITERATIONS, { error: m.keyInvalid })
    .max(MAX_KEY_ITERATIONS, { error: m.keyInvalid }),
};

/** PUT /api/messages/keys/me: a new key pair made in the browser (the server gives it its id). */
export const messageKeySchema = z.object({ publicKey: p256PublicKey(m.keyInvalid), ...wrappedKeyFields }, BODY_ERROR);
export type MessageKeyRequest = z.infer<typeof messageKeySchema>;

/** The same private key wrapped anew under the new password (part of POST /api/users/change-password). */
export const rewrappedKeySchema = z.object({ keyId: keyId(m.keyInvalid), ...wrappedKeyFields }, BODY_ERROR);
export type RewrappedKeyRequest = z.infer<typeof rewrappedKeySchema>;
