import type {
  MessageEnvelope,
  MessageKeyRequest,
  OwnMessageKeyDto,
  PublicMessageKeyDto,
  RewrappedKeyRequest,
  SealedBox,
} from '@werkboard/common';

/**
 * The end-to-end encryption of direct messages (docs/security.md, "Direct messages"), with
 * WebCrypto only:
 * - a key pair per user: ECDH P-256 (X25519 is not yet in every browser this app runs in);
 * - each message sealed twice, for the recipient's and for the sender's public key: an
 *   ephemeral ECDH key pair, HKDF-SHA256 (salt: the ephemeral public key) to an AES-256-GCM
 *   key, the key id as additional data;
 * - the private key leaves the browser only wrapped (AES-GCM) under a key derived from the
 *   password with PBKDF2-SHA256, a per-user random salt and PBKDF2_ITERATIONS rounds.
 * Every failure to open (other key, tampered bytes, wrong password) answers null, never throws.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256: costly per guess, still under a second at login on a phone. */
export const PBKDF2_ITERATIONS = 600_000;
const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
const HKDF_INFO = new TextEncoder().encode('werkboard-dm-v1');

/** WebCrypto exists only in a secure context (https, localhost): never a plaintext fallback. */
export function messageCryptoAvailable(): boolean {
  return globalThis.isSecureContext !== false && typeof globalThis.crypto?.subtle?.deriveBits === 'function';
}

const subtle = () => globalThis.crypto.subtle;

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const randomBytes = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const base = await subtle().importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

async function wrap(privateKey: CryptoKey, password: string) {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrapping = await passwordKey(password, salt, PBKDF2_ITERATIONS);
  const wrapped = await subtle().wrapKey('pkcs8', privateKey, wrapping, { name: 'AES-GCM', iv });
  return {
    wrappedPrivateKey: toBase64(wrapped),
    wrapIv: toBase64(iv),
    salt: toBase64(salt),
    iterations: PBKDF2_ITERATIONS,
  };
}

/** A new key pair: what the server keeps (public key, wrapped private key) and the private key to use now. */
export async function createMessageKey(
  password: string,
): Promise<{ request: MessageKeyRequest; privateKey: CryptoKey }> {
  const pair = await subtle().generateKey(CURVE, true, ['deriveBits']);
  const publicKey = toBase64(await subtle().exportKey('raw', pair.publicKey));
  const wrapped = await wrap(pair.privateKey, password);
  const privateKey = await unwrapPrivateKey(password, wrapped);
  if (!privateKey) throw new Error('a freshly wrapped key did not unwrap');
  return { request: { publicKey, ...wrapped }, privateKey };
}

/** The private key from its wrapping, or null when the password does not open it. Non-extractable unless asked. */
export async function unwrapPrivateKey(
  password: string,
  key: Pick<OwnMessageKeyDto, 'wrappedPrivateKey' | 'wrapIv' | 'salt' | 'iterations'>,
  extractable = false,
): Promise<CryptoKey | null> {
  try {
    const wrapping = await passwordKey(password, fromBase64(key.salt), key.iterations);
    return await subtle().unwrapKey(
      'pkcs8',
      fromBase64(key.wrappedPrivateKey),
      wrapping,
      { name: 'AES-GCM', iv: fromBase64(key.wrapIv) },
      CURVE,
      extractable,
      ['deriveBits'],
    );
  } catch {
    return null;
  }
}

/** The same private key wrapped under a new password (password change), or null when the current password does not open it. */
export async function rewrapMessageKey(
  currentPassword: string,
  newPassword: string,
  key: OwnMessageKeyDto,
): Promise<RewrappedKeyRequest | null> {
  const privateKey = await unwrapPrivateKey(currentPassword, key, true);
  if (!privateKey) return null;
  return { keyId: key.keyId, ...(await wrap(privateKey, newPassword)) };
}

async function boxKey(
  shared: ArrayBuffer,
  epk: ArrayBuffer | Uint8Array<ArrayBuffer>,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: epk, info: HKDF_INFO },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

async function seal(text: string, key: Pick<PublicMessageKeyDto, 'keyId' | 'publicKey'>): Promise<SealedBox> {
  const recipient = await subtle().importKey('raw', fromBase64(key.publicKey), CURVE, false, []);
  const ephemeral = await subtle().generateKey(CURVE, true, ['deriveBits']);
  const shared = await subtle().deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256);
  const epk = await subtle().exportKey('raw', ephemeral.publicKey);
  const iv = randomBytes(12);
  const ct = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(key.keyId) },
    await boxKey(shared, epk, 'encrypt'),
    new TextEncoder().encode(text),
  );
  return { keyId: key.keyId, epk: toBase64(epk), iv: toBase64(iv), ct: toBase64(ct) };
}

/** The message for the wire: sealed for the recipient and for the sender (who reads it back later). */
export async function sealMessage(
  text: string,
  recipient: Pick<PublicMessageKeyDto, 'keyId' | 'publicKey'>,
  sender: Pick<PublicMessageKeyDto, 'keyId' | 'publicKey'>,
): Promise<MessageEnvelope> {
  return { v: 1, forRecipient: await seal(text, recipient), forSender: await seal(text, sender) };
}

export interface UnlockedKey {
  keyId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

/** The text of a message for `own`, or null when it cannot be opened (another key, tampered, malformed). */
export async function openMessage(
  envelope: MessageEnvelope,
  own: UnlockedKey,
  ownIsSender: boolean,
): Promise<string | null> {
  try {
    const box = ownIsSender ? envelope.forSender : envelope.forRecipient;
    if (box.keyId !== own.keyId) return null;
    const epk = fromBase64(box.epk);
    const ephemeral = await subtle().importKey('raw', epk, CURVE, false, []);
    const shared = await subtle().deriveBits({ name: 'ECDH', public: ephemeral }, own.privateKey, 256);
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: fromBase64(box.iv), additionalData: new TextEncoder().encode(box.keyId) },
      await boxKey(shared, epk, 'decrypt'),
      fromBase64(box.ct),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
