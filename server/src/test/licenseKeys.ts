import crypto from 'node:crypto';
import { ServerSetting } from '../models';

/** A key pair of the test's own, so tests sign license keys the server verifies (config.licensePublicKey). */
export interface TestLicenseKeys {
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
  sign(payload: { email: string; type?: string; issued?: string; v?: number }): string;
}

/** Same format as build/issueLicenseKey.mjs: base64url(JSON) + '.' + base64url(Ed25519 signature). */
export function signLicensePayload(payload: Record<string, unknown>, privateKey: crypto.KeyObject): string {
  const payloadPart = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = crypto.sign(null, Buffer.from(payloadPart, 'ascii'), privateKey).toString('base64url');
  return `${payloadPart}.${signature}`;
}

export function createTestLicenseKeys(): TestLicenseKeys {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
    sign: ({ email, type = 'Lifetime', issued = '2026-11-23', v = 1 }) =>
      signLicensePayload({ v, email, type, issued }, privateKey),
  };
}

/** Puts the server on a Lifetime license directly (for tests about other things than licensing). */
export async function grantLifetimeLicense(): Promise<void> {
  await ServerSetting.upsert({
    key: 'license',
    value: {
      type: 'Lifetime',
      email: 'test@example.com',
      deviceId: 'test-device',
      activatedAt: new Date().toISOString(),
      keyHash: 'test',
    },
  });
}
