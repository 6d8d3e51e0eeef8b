import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { de } from '@werkboard/common';
import type { Logger } from '../logger';
import type { Secrets } from '../secrets';
import { APP_DATABASE, APP_ROLE, ensureAppRole } from './appRole';
import { findFreePort } from './freePort';
import { postgresBinaries } from './postgresBinaries';
import { clearLeftoverPostmaster, DatabaseStartError, readPostmasterPid, SHUTDOWN_TIMEOUTS } from './postmasterLock';

const m = de.server;

export interface EmbeddedDatabase {
  /** Connection URL of the app's role (not the superuser). */
  url: string;
  stop(): Promise<void>;
}

/** Told when the running database dies (a German message) and when it is back (null). */
export type DatabaseProblemListener = (message: string | null) => void;

interface RunAs {
  uid: number;
  gid: number;
}

const READY_TIMEOUT_MS = 60_000;
/** Restarts after an unexpected exit wait this long, doubling up to the maximum. */
export const RESTART_DELAYS = { firstMs: 250, maxMs: 5_000 };

export const databaseDirOf = (dataDir: string): string => path.join(dataDir, 'pg');

/** PostgreSQL refuses to run as root; then it runs as the system user 'postgres', made if missing. */
function postgresUser(): RunAs | null {
  if (os.userInfo().uid !== 0) return null;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('groupadd', ['--force', '--system', 'postgres']);
      execFileSync('useradd', [
        '--system',
        '--gid',
        'postgres',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
      return lookup();
    } catch {
      throw new DatabaseStartError(m.postgresUserMissing);
    }
  }
}

/**
 * The 'postgres' user must pass through every folder above its data folder. DATA_DIR gets
 * the search bit for others (not read); a parent that blocks the way gets a clear message.
 */
function ensureReachableForPostgresUser(dataDir: string): void {
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o011);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) throw new DatabaseStartError(m.folderNotReachable(dir));
    if (path.dirname(dir) === dir) break;
  }
}

/** The last lines a PostgreSQL program wrote (without time and pid), for the message when it fails. */
function tail(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '').trim())
    .filter((line) => line !== '');
  return lines.slice(-3).join(' ') || m.noOutput;
}

/**
 * initdb into a folder beside the final one, renamed when complete: a server killed during
 * the first start leaves no half-made cluster that would later refuse to start.
 */
async function initialiseCluster(dataDir: string, password: string, runAs: RunAs | null, log: Logger) {
  const databaseDir = databaseDirOf(dataDir);
  const pending = `${databaseDir}.init`;
  const passwordFile = path.join(dataDir, '.pg-init-password');
  fs.rmSync(pending, { recursive: true, force: true });
  fs.mkdirSync(pending, { mode: 0o700 });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(pending, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  log.info({ databaseDir }, 'initialising embedded PostgreSQL');
  try {
    const args = [
      `--pgdata=${pending}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      // Unicode-aware, the same on every platform, independent of the machine's locales.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--lc-messages=C',
    ];
    const child = spawn(postgresBinaries().initdb, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new DatabaseStartError(m.initdbFailed(tail(output)));
    fs.renameSync(pending, databaseDir);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the postmaster and resolves once its lock file says 'ready' (locale-independent,
 * unlike its log lines); if it exits first, the error carries what it wrote.
 */
async function runPostmaster(databaseDir: string, port: number, runAs: RunAs | null, log: Logger) {
  const args = ['-D', databaseDir, '-p', String(port)];
  // TCP on loopback only; no unix socket, so nothing depends on a writable socket folder.
  args.push('-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=');
  const child = spawn(postgresBinaries().postgres, args, {
    ...runAs,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    for (const line of text.trim().split('\n')) {
      if (/FATAL|PANIC/.test(line)) log.error(line);
      else log.debug(line);
    }
  });
  let exit: string | null = null;
  child.once('exit', (code, signal) => (exit = signal ?? String(code)));
  child.once('error', (error) => (exit = error.message));
  for (const deadline = Date.now() + READY_TIMEOUT_MS; ;) {
    if (exit !== null) throw new DatabaseStartError(m.postgresExited(tail(output)));
    const lock = readPostmasterPid(databaseDir);
    if (lock && lock.pid === child.pid && lock.status === 'ready') return child;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new DatabaseStartError(m.postgresStartTimeout);
    }
    await sleep(100);
  }
}

/** Fast shutdown, then immediate, then kill: a hanging postmaster never blocks the server's stop. */
async function stopPostmaster(child: ChildProcess): Promise<void> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const waitFor = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (exited()) return resolve(true);
      const timer = setTimeout(() => resolve(exited()), ms);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  for (const [signal, ms] of [
    ['SIGINT', SHUTDOWN_TIMEOUTS.fastMs],
    ['SIGQUIT', SHUTDOWN_TIMEOUTS.immediateMs],
    ['SIGKILL', SHUTDOWN_TIMEOUTS.immediateMs],
  ] as const) {
    if (exited()) return;
    child.kill(signal);
    if (await waitFor(ms)) return;
  }
}

/** As PostgreSQL wants it: 0700 (it refuses to start on a data directory others may enter). */
function securePostgresDir(databaseDir: string): void {
  const mode = fs.statSync(databaseDir).mode & 0o777;
  if ((mode & 0o077) !== 0 && mode !== 0o750) fs.chmodSync(databaseDir, 0o700);
}

/**
 * Runs PostgreSQL from the npm-shipped binaries under DATA_DIR/pg: initialised on the first
 * start, started on a free port, with the app's own role. A postmaster left running by a
 * killed server is stopped first; one that dies while the server runs is restarted on the
 * same port (so the connection pool reconnects), and `onProblem` reports it meanwhile.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  secrets: Secrets,
  logger: Logger,
  onProblem: DatabaseProblemListener = () => undefined,
): Promise<EmbeddedDatabase> {
  const log = logger.child({ component: 'embedded-postgres' });
  const databaseDir = databaseDirOf(dataDir);
  const runAs = postgresUser();
  if (runAs) ensureReachableForPostgresUser(dataDir);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await initialiseCluster(dataDir, secrets.databasePassword, runAs, log);
  }
  securePostgresDir(databaseDir);

  const port = await findFreePort();
  const start = async () => {
    await clearLeftoverPostmaster(databaseDir, log);
    return runPostmaster(databaseDir, port, runAs, log);
  };
  let child = await start();
  try {
    await ensureAppRole(
      { host: '127.0.0.1', port, user: 'postgres', password: secrets.databasePassword },
      secrets.databaseAppPassword,
    );
  } catch (error) {
    await stopPostmaster(child);
    throw error;
  }
  log.info({ port, pid: child.pid }, 'embedded PostgreSQL started');

  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;
  // Any exit of node short of SIGKILL asks the postmaster to shut down too.
  const stopWithProcess = () => child.kill('SIGINT');
  process.on('exit', stopWithProcess);

  const restart = async (attempt: number): Promise<void> => {
    try {
      const next = await start();
      if (stopping) {
        await stopPostmaster(next);
        return;
      }
      child = next;
      watch(child);
      log.info({ port, pid: child.pid, attempt }, m.databaseRestarted);
      onProblem(null);
    } catch (error) {
      if (stopping) return;
      const message = m.databaseRestartFailed((error as Error).message);
      log.error({ attempt }, message);
      onProblem(message);
      const delay = Math.min(RESTART_DELAYS.firstMs * 2 ** attempt, RESTART_DELAYS.maxMs);
      restartTimer = setTimeout(() => {
        restarting = restart(attempt + 1);
      }, delay);
    }
  };
  const watch = (postmaster: ChildProcess) =>
    postmaster.once('exit', (code, signal) => {
      if (stopping) return;
      log.error({ code, signal }, m.databaseDied);
      onProblem(m.databaseDied);
      restartTimer = setTimeout(() => {
        restarting = restart(0);
      }, RESTART_DELAYS.firstMs);
    });
  watch(child);

  return {
    url: `postgres://${APP_ROLE}:${encodeURIComponent(secrets.databaseAppPassword)}@127.0.0.1:${port}/${APP_DATABASE}`,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await restarting;
      await stopPostmaster(child);
      process.off('exit', stopWithProcess);
      log.info('embedded PostgreSQL stopped');
    },
  };
}
