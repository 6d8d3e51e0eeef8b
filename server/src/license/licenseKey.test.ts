import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPackageRoot } from '../paths';
import { createTestLicenseKeys, signLicensePayload } from '../test/licenseKeys';
import { licenseKeyHash, parseLicensePublicKey, verifyLicenseKey } from './licenseKey';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './publicKey';

const keys = createTestLicenseKeys();
const publicKey = parseLicensePublicKey(keys.publicKeyPem);

describe('verifyLicenseKey', () => {
  it('accepts a key signed with the matching private key and reads its payload', () => {
    const check = verifyLicenseKey(keys.sign({ email: 'chefin@firma.de', issued: '2026-11-23' }), publicKey);
    expect(check).toEqual({
      ok: true,
      payload: { v: 1, email: 'chefin@firma.de', type: 'Lifetime', issued: '2026-11-23' },
    });
  });

  it('ignores line breaks and blanks pasted into the key', () => {
    const key = keys.sign({ email: 'a@b.de' });
    const pasted = `  ${key.slice(0, 20)}\n${key.slice(20, 60)} \r\n${key.slice(60)}  `;
    expect(verifyLicenseKey(pasted, publicKey).ok).toBe(true);
    expect(licenseKeyHash(pasted)).toBe(licenseKeyHash(key));
  });

  it('refuses a key signed by another key pair', () => {
    const other = createTestLicenseKeys();
    expect(verifyLicenseKey(other.sign({ email: 'a@b.de' }), publicKey)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a key whose payload was changed after signing', () => {
    const [, signature] = keys.sign({ email: 'a@b.de' }).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ v: 1, email: 'dieb@b.de', type: 'Lifetime', issued: '2026-01-01' }),
    ).toString('base64url');
    expect(verifyLicenseKey(`${forgedPayload}.${signature}`, publicKey)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses garbage', () => {
    for (const garbage of ['', 'abc', 'a.b.c', 'äöü.xyz', '.', `${'A'.repeat(40)}.${'B'.repeat(86)}`]) {
      expect(verifyLicenseKey(garbage, publicKey).ok).toBe(false);
    }
  });

  it('refuses a correctly signed payload of another shape or type', () => {
    expect(verifyLicenseKey(keys.sign({ email: 'a@b.de', type: 'Free' }), publicKey).ok).toBe(false);
    expect(verifyLicenseKey(keys.sign({ email: 'a@b.de', v: 2 }), publicKey).ok).toBe(false);
    expect(verifyLicenseKey(signLicensePayload({ hello: 'world' }, keys.privateKey), publicKey).ok).toBe(false);
  });
});

describe('the license public key', () => {
  it('built into the server is an Ed25519 key', () => {
    expect(parseLicensePublicKey(BUILT_IN_LICENSE_PUBLIC_KEY).asymmetricKeyType).toBe('ed25519');
  });

  it('may be written on one line with \\n, and must be Ed25519', () => {
    expect(parseLicensePublicKey(keys.publicKeyPem.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('ed25519');
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    expect(() => parseLicensePublicKey(rsa.toString())).toThrow(/Ed25519/);
  });
});

describe('build tools', () => {
  const root = findPackageRoot('werkboard');
  const tool = (name: string) => path.join(root, 'build', name);

  it('generate a key pair and issue keys that the server verifies', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-license-'));
    try {
      const privateKeyFile = path.join(dir, 'private.pem');
      const publicPem = execFileSync(process.execPath, [tool('generateLicenseKeyPair.mjs'), privateKeyFile], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(fs.statSync(privateKeyFile).mode & 0o777).toBe(0o600);
      const key = execFileSync(
        process.execPath,
        [tool('issueLicenseKey.mjs'), '--key', privateKeyFile, '--email', 'kunde@firma.de', '--issued', '2026-12-01'],
        { encoding: 'utf8' },
      ).trim();
      expect(verifyLicenseKey(key, parseLicensePublicKey(publicPem))).toEqual({
        ok: true,
        payload: { v: 1, email: 'kunde@firma.de', type: 'Lifetime', issued: '2026-12-01' },
      });
      // The test's own key pair does not accept it.
      expect(verifyLicenseKey(key, publicKey).ok).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse to write a private key into the repository', () => {
    const inside = path.join(root, 'build', 'private-test.pem');
    expect(() =>
      execFileSync(process.execPath, [tool('generateLicenseKeyPair.mjs'), inside], { stdio: 'pipe' }),
    ).toThrow();
    expect(fs.existsSync(inside)).toBe(false);
  });
});
