import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { de } from '@werkboard/common';
import { loadOrCreateSecrets, type Secrets } from '../secrets';
import { APP_ROLE } from './appRole';
import { databaseDirOf, startEmbeddedDatabase } from './embeddedDatabase';
import { findFreePort } from './freePort';
import { postgresBinaries } from './postgresBinaries';
import { findLeftoverPostmaster, isRunning, readPostmasterPid } from './postmasterLock';

jest.setTimeout(60_000);

async function query<T extends pg.QueryResultRow>(url: string | pg.ClientConfig, sql: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the embedded database', () => {
  let dataDir: string;
  let databaseDir: string;
  let secrets: Secrets;
  const messages: string[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) },
  );
  const superuser = (port: number, database = 'werkboard'): pg.ClientConfig => ({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: secrets.databasePassword,
    database,
  });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-embedded-'));
    databaseDir = databaseDirOf(dataDir);
    secrets = loadOrCreateSecrets(dataDir);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts under a role of its own that owns the database and is no superuser, and stops cleanly', async () => {
    const database = await startEmbeddedDatabase(dataDir, secrets, logger);
    try {
      expect(new URL(database.url).username).toBe(APP_ROLE);
      const [role] = await query<{ user: string; rolsuper: boolean; rolcreaterole: boolean; owner: string }>(
        database.url,
        `SELECT current_user AS user, rolsuper, rolcreaterole,
           (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()) AS owner
         FROM pg_roles WHERE rolname = current_user`,
      );
      expect(role).toEqual({ user: APP_ROLE, rolsuper: false, rolcreaterole: false, owner: APP_ROLE });
      // The owner creates the app's tables (migrations), as it must.
      await query(database.url, 'CREATE TABLE made_by_app (id serial PRIMARY KEY)');
      expect(fs.statSync(databaseDir).mode & 0o777).toBe(0o700);
    } finally {
      await database.stop();
    }
    expect(fs.existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
  });

  /** A postmaster on the data directory, started by a shell that exits (`detached`: orphaned) or by this process. */
  async function postmaster(orphaned: boolean): Promise<number> {
    const { uid, gid } = fs.statSync(databaseDir);
    const runAs = os.userInfo().uid === 0 ? { uid, gid } : {};
    const args = ['-D', databaseDir, '-p', String(await findFreePort())];
    args.push('-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=');
    const command = [postgresBinaries().postgres, ...args].map((arg) => `'${arg}'`).join(' ');
    const child = orphaned
      ? spawn('sh', ['-c', `${command} > /dev/null 2>&1 &`], { ...runAs, stdio: 'ignore' })
      : spawn(postgresBinaries().postgres, args, { ...runAs, stdio: 'ignore' });
    await waitFor(() => readPostmasterPid(databaseDir)?.status === 'ready', 'the postmaster to be ready');
    return readPostmasterPid(databaseDir)?.pid ?? child.pid ?? 0;
  }

  it('stops a postmaster that a killed server left running, then starts', async () => {
    // What a SIGKILLed server leaves: a postmaster on the data directory whose parent is gone.
    const orphanPid = await postmaster(true);
    expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'ours', pid: orphanPid });

    const database = await startEmbeddedDatabase(dataDir, secrets, logger);
    try {
      expect(isRunning(orphanPid)).toBe(false);
      expect(messages).toContain(de.server.leftoverStopping(orphanPid));
      expect(messages).toContain(de.server.leftoverStopped(orphanPid));
      expect(await query<{ n: number }>(database.url, 'SELECT count(*)::int AS n FROM made_by_app')).toEqual([
        { n: 0 },
      ]);
    } finally {
      await database.stop();
    }
  });

  it('leaves alone a postmaster whose server still runs, and says so in German', async () => {
    // A second server or the CLI on the DATA_DIR of a running server: here this process is that server.
    const running = await postmaster(false);
    try {
      expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'in-use', pid: running, serverPid: process.pid });
      await expect(startEmbeddedDatabase(dataDir, secrets, logger)).rejects.toThrow(
        de.server.databaseInUse(process.pid),
      );
      expect(isRunning(running)).toBe(true);
    } finally {
      process.kill(running, 'SIGINT');
      await waitFor(() => !isRunning(running), 'the postmaster to stop');
    }
  });

  it('restarts a postmaster that dies while the server runs, on the same address', async () => {
    const problems: (string | null)[] = [];
    const database = await startEmbeddedDatabase(dataDir, secrets, logger, (problem) => problems.push(problem));
    try {
      await query(database.url, 'INSERT INTO made_by_app DEFAULT VALUES');
      const before = readPostmasterPid(databaseDir)?.pid ?? 0;
      process.kill(before, 'SIGKILL');
      await waitFor(() => problems.includes(null), 'the restart');
      expect(problems[0]).toBe(de.server.databaseDied);
      expect(readPostmasterPid(databaseDir)?.pid).not.toBe(before);
      // The committed row survived the kill; the same URL works again.
      expect(await query<{ n: number }>(database.url, 'SELECT count(*)::int AS n FROM made_by_app')).toEqual([
        { n: 1 },
      ]);
    } finally {
      await database.stop();
    }
    expect(readPostmasterPid(databaseDir)).toBeNull();
  });

  it('moves an installation of an older version (everything owned by the superuser) to the app role', async () => {
    // Make the state older versions left: no app role, database and tables owned by postgres.
    let database = await startEmbeddedDatabase(dataDir, secrets, logger);
    const port = Number(new URL(database.url).port);
    await query(database.url, "CREATE TYPE legacy_state AS ENUM ('offen', 'erledigt')");
    await query(database.url, 'CREATE TABLE legacy (id serial PRIMARY KEY, state legacy_state)');
    await query(superuser(port), `REASSIGN OWNED BY ${APP_ROLE} TO postgres`);
    await query(superuser(port, 'postgres'), `DROP ROLE ${APP_ROLE}`);
    await database.stop();
    const file = path.join(dataDir, 'secrets.json');
    const { jwtSecret, databasePassword } = secrets;
    fs.writeFileSync(file, JSON.stringify({ jwtSecret, databasePassword }), { mode: 0o644 });

    secrets = loadOrCreateSecrets(dataDir);
    expect(secrets).toMatchObject({ jwtSecret, databasePassword });
    database = await startEmbeddedDatabase(dataDir, secrets, logger);
    try {
      const owners = await query<{ name: string; owner: string }>(
        superuser(Number(new URL(database.url).port)),
        `SELECT relname AS name, pg_get_userbyid(relowner) AS owner FROM pg_class
           WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'S')
         UNION ALL SELECT typname, pg_get_userbyid(typowner) FROM pg_type WHERE typname = 'legacy_state'
         UNION ALL SELECT datname, pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'werkboard'
         ORDER BY 1`,
      );
      expect(owners).toEqual(
        ['legacy', 'legacy_id_seq', 'legacy_state', 'made_by_app', 'made_by_app_id_seq', 'werkboard'].map((name) => ({
          name,
          owner: APP_ROLE,
        })),
      );
      await query(database.url, "INSERT INTO legacy (state) VALUES ('erledigt')");
      await query(database.url, 'ALTER TABLE legacy ADD COLUMN note text');
    } finally {
      await database.stop();
    }
  });
});
