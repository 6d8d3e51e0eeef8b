import crypto from 'node:crypto';
import type { MessageEnvelope, MessageKeyRequest, SealedBox } from '@werkboard/common';
import type { TestServer } from './testServer';

/**
 * Message keys and envelopes of the right shape for the API tests. The server sees only
 * ciphertext and cannot tell a real box from this one (the browser's sealing is tested in
 * renderer/src/entities/messaging/messageCrypto.test.ts and in the e2e test): the text is
 * AES-256-GCM-encrypted under a throwaway key, the ephemeral key is a real P-256 point.
 */
const b64 = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64');

export function messageKeyRequest(): MessageKeyRequest {
  return {
    publicKey: b64(crypto.createECDH('prime256v1').generateKeys()),
    wrappedPrivateKey: b64(crypto.randomBytes(150)),
    wrapIv: b64(crypto.randomBytes(12)),
    salt: b64(crypto.randomBytes(16)),
    iterations: 600_000,
  };
}

export function sealedBox(keyId: string, text: string): SealedBox {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', crypto.randomBytes(32), iv);
  const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { keyId, epk: b64(crypto.createECDH('prime256v1').generateKeys()), iv: b64(iv), ct: b64(ct) };
}

export function envelope(recipientKeyId: string, senderKeyId: string, text = 'Hallo'): MessageEnvelope {
  return { v: 1, forRecipient: sealedBox(recipientKeyId, text), forSender: sealedBox(senderKeyId, text) };
}

/** Gives the token's user a key pair; answers its id. */
export async function giveMessageKey(t: TestServer, token: string): Promise<string> {
  const answer = await t.request<{ keyId: string }>('PUT', '/api/messages/keys/me', {
    token,
    body: messageKeyRequest(),
  });
  if (answer.status !== 200) throw new Error(`key not stored: ${answer.status}`);
  return answer.body.keyId;
}
