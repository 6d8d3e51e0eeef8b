import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** HS256 key for login tokens. */
  jwtSecret: string;
  /** Superuser password of the embedded PostgreSQL. */
  databasePassword: string;
}

/**
 * Secrets are generated on first start and kept in dataDir/secrets.json (mode 600),
 * so every installation has its own and none is ever committed or logged.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (stored.jwtSecret && stored.databasePassword) return stored as Secrets;
  }
  const secrets: Secrets = {
    jwtSecret: crypto.randomBytes(48).toString('base64url'),
    databasePassword: crypto.randomBytes(24).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
