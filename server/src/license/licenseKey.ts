import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * License keys: base64url(JSON payload) + '.' + base64url(Ed25519 signature over the first
 * part's ASCII bytes). Verified offline against a public key; build/issueLicenseKey.mjs
 * writes the same format.
 */

const payloadSchema = z.object({
  v: z.literal(1),
  email: z.string().min(3).max(254),
  type: z.literal('Lifetime'),
  issued: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type LicensePayload = z.infer<typeof payloadSchema>;

export type LicenseKeyCheck = { ok: true; payload: LicensePayload } | { ok: false; reason: 'malformed' | 'signature' };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Pasted keys often carry line breaks or blanks; they are not part of the key. */
function normalizeLicenseKey(key: string): string {
  return key.replace(/\s+/g, '');
}

export function licenseKeyHash(key: string): string {
  return crypto.createHash('sha256').update(normalizeLicenseKey(key)).digest('hex');
}

/** Reads a PEM public key (also one written on one line with literal \n) and checks it is Ed25519. */
export function parseLicensePublicKey(pem: string): crypto.KeyObject {
  const key = crypto.createPublicKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the license public key is not an Ed25519 key');
  return key;
}

export function verifyLicenseKey(key: string, publicKey: crypto.KeyObject): LicenseKeyCheck {
  const parts = normalizeLicenseKey(key).split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [payloadPart, signaturePart] = parts as [string, string];
  if (!BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart)) return { ok: false, reason: 'malformed' };
  const signature = Buffer.from(signaturePart, 'base64url');
  // An Ed25519 signature is 64 bytes; anything else cannot verify.
  if (signature.length !== 64) return { ok: false, reason: 'signature' };
  if (!crypto.verify(null, Buffer.from(payloadPart, 'ascii'), publicKey, signature))
    return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const payload = payloadSchema.safeParse(json);
  return payload.success ? { ok: true, payload: payload.data } : { ok: false, reason: 'malformed' };
}
