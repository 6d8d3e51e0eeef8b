import crypto from 'node:crypto';

/** TOTP as RFC 6238 with the parameters every authenticator app uses: SHA-1, 6 digits, 30 s. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step before and after the current one count (clock drift of the phone). */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Null when the text is no base32 (spaces and lower case are accepted, as apps show them). */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226) of a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (unixMs: number): number => Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);

/** A new secret: 20 random bytes (RFC 4226's recommended length for SHA-1), base32. */
export const newTotpSecret = (): string => base32Encode(crypto.randomBytes(20));

/** The code of a base32 secret at a time. */
export function totpCode(secret: string, unixMs: number): string {
  return hotp(base32Decode(secret) ?? Buffer.alloc(0), totpStep(unixMs));
}

/**
 * The step whose code this is, within the window around `unixMs`; null when none matches.
 * Compared in constant time so the answer's timing does not reveal digits.
 */
export function matchingStep(secret: string, code: string, unixMs: number): number | null {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const current = totpStep(unixMs);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if (crypto.timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** What the QR code carries: the Key URI format authenticator apps read. */
export function otpauthUri(username: string, secret: string): string {
  const label = `Werkboard:${encodeURIComponent(username)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=Werkboard&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
