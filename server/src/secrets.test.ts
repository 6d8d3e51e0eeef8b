import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateSecrets } from './secrets';

describe('the secrets of an installation', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-secrets-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('are generated once into secrets.json (0600) and read back', () => {
    const first = loadOrCreateSecrets(dataDir);
    expect(Object.keys(first).sort()).toEqual([
      'databaseAppPassword',
      'databasePassword',
      'jwtSecret',
      'vapidPrivateKey',
      'vapidPublicKey',
    ]);
    expect(new Set(Object.values(first)).size).toBe(5);
    // The VAPID pair of this installation: an uncompressed P-256 point and its 32-byte key.
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecrets(dataDir)).toEqual(first);
  });

  it('gain the app role’s password in an older file without losing the others', () => {
    // The superuser password of an existing database must never change.
    const older = { jwtSecret: 'alter-jwt-schluessel', databasePassword: 'altes-superuser-passwort' };
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify(older));
    const secrets = loadOrCreateSecrets(dataDir);
    expect(secrets).toMatchObject(older);
    expect(secrets.databaseAppPassword).toMatch(/^[\w-]{32}$/);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual(secrets);
  });
});
