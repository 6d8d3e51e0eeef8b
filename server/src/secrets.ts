import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface Secrets {
  /** HS256 key for login tokens. */
  jwtSecret: string;
  /** Superuser password of the embedded PostgreSQL (used only to set up the app's role). */
  databasePassword: string;
  /** Password of the embedded PostgreSQL's app role, which the server connects with. */
  databaseAppPassword: string;
  /** This installation's VAPID key pair for web push (base64url), made once like the others. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

const newSecret = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

function vapidKeys(): Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey };
}

/**
 * Secrets are generated on first start and kept in dataDir/secrets.json (mode 600), so every
 * installation has its own and none is ever committed or logged. A secret that a newer
 * version added is generated into an older file; the ones already there are kept (a new
 * superuser password would lock the server out of its own database).
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret || newSecret(48),
    databasePassword: stored.databasePassword || newSecret(24),
    databaseAppPassword: stored.databaseAppPassword || newSecret(24),
    ...(stored.vapidPublicKey && stored.vapidPrivateKey
      ? { vapidPublicKey: stored.vapidPublicKey, vapidPrivateKey: stored.vapidPrivateKey }
      : vapidKeys()),
  };
  if (Object.keys(secrets).some((key) => stored[key as keyof Secrets] !== secrets[key as keyof Secrets])) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written aside and renamed: a kill while writing never leaves a file without the passwords.
    fs.writeFileSync(`${file}.new`, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    fs.renameSync(`${file}.new`, file);
  }
  return secrets;
}
