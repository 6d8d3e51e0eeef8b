import crypto from 'node:crypto';

/**
 * Encrypts secrets the server must keep readable (the SMTP password) before they go into
 * the database: AES-256-GCM with a key derived from the installation's secret in
 * DATA_DIR/secrets.json, so a database dump alone does not reveal them.
 */
export interface SealedSecret {
  iv: string;
  tag: string;
  data: string;
}

function keyFrom(masterSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', masterSecret, 'werkboard', 'secret-box-v1', 32));
}

export function sealSecret(plain: string, masterSecret: string): SealedSecret {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(masterSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** The plain secret, or null when it cannot be opened (another installation's secret, damaged data). */
export function openSecret(sealed: SealedSecret, masterSecret: string): string | null {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(masterSecret), Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const { iv, tag, data } = value as Record<string, unknown>;
  return typeof iv === 'string' && typeof tag === 'string' && typeof data === 'string';
}
