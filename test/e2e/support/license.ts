import crypto from 'node:crypto';

/**
 * A license key pair of the test's own: the server trusts the public half through
 * LICENSE_PUBLIC_KEY, the test signs keys with the private half, in the format the server
 * verifies (server/src/license/licenseKey.ts, build/issueLicenseKey.mjs):
 * base64url(JSON {v: 1, email, type: 'Lifetime', issued}) '.' base64url(Ed25519 signature
 * over the ASCII bytes of the first part).
 */
export interface TestLicenseIssuer {
  /** PEM for the server's LICENSE_PUBLIC_KEY. */
  publicKeyPem: string;
  issue(email: string, issued?: string): string;
}

export function createTestLicenseIssuer(): TestLicenseIssuer {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    issue(email, issued = new Date().toISOString().slice(0, 10)) {
      const payload = Buffer.from(JSON.stringify({ v: 1, email, type: 'Lifetime', issued }), 'utf8').toString(
        'base64url',
      );
      const signature = crypto.sign(null, Buffer.from(payload, 'ascii'), privateKey).toString('base64url');
      return `${payload}.${signature}`;
    },
  };
}
