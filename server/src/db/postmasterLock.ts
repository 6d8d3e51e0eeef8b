import fs from 'node:fs';
import path from 'node:path';
import { de } from '@werkboard/common';
import type { Logger } from '../logger';

/** The lines of PostgreSQL's lock file `postmaster.pid` that matter here. */
export interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number;
  /** 'starting', 'ready' or 'stopping' (PostgreSQL 10 and later). */
  status: string;
}

/** A German message for the Admin: the start cannot go on by itself. */
export class DatabaseStartError extends Error {}

export const postmasterPidFile = (databaseDir: string): string => path.join(databaseDir, 'postmaster.pid');

export function parsePostmasterPid(text: string): PostmasterPid | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, dataDir: lines[1] ?? '', port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

export function readPostmasterPid(databaseDir: string): PostmasterPid | null {
  try {
    return parsePostmasterPid(fs.readFileSync(postmasterPidFile(databaseDir), 'utf8'));
  } catch {
    return null;
  }
}

/** What the lock file of a data directory says about a postmaster from an earlier start. */
export type Leftover =
  | { kind: 'none' }
  /** The process is gone: PostgreSQL itself replaces such a lock file. */
  | { kind: 'stale'; pid: number }
  /** A postmaster running in this data directory: ours, left behind by a killed server. */
  | { kind: 'ours'; pid: number }
  /** A postmaster of this data directory whose server still runs (a second start, or the CLI). */
  | { kind: 'in-use'; pid: number; serverPid: number }
  /** The number now belongs to a process that is not a postmaster of this directory. */
  | { kind: 'foreign'; pid: number }
  /** Alive, but this process may not look at it (another user, or no /proc). */
  | { kind: 'unverifiable'; pid: number };

/** Alive and not a zombie (an orphan whose new parent does not reap it stays one). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Is the pid in the lock file a postmaster of this data directory? On Linux /proc tells: the
 * program is PostgreSQL's `postgres` and its working directory is the data directory (a
 * postmaster always changes into it). Elsewhere, or without permission, it cannot be known.
 * `procRoot` is /proc; a test names a folder without it to be a system that has none.
 */
export function findLeftoverPostmaster(databaseDir: string, procRoot = '/proc'): Leftover {
  const lock = readPostmasterPid(databaseDir);
  if (!lock) return { kind: 'none' };
  const { pid } = lock;
  if (!isRunning(pid)) return { kind: 'stale', pid };
  if (pid === process.pid) return { kind: 'foreign', pid };
  let program: string;
  let workingDir: string;
  try {
    program = fs.readlinkSync(path.join(procRoot, String(pid), 'exe')).replace(/ \(deleted\)$/, '');
    workingDir = fs.readlinkSync(path.join(procRoot, String(pid), 'cwd'));
  } catch (error) {
    // Without /proc (not Linux) or without permission nothing can be known; with /proc, a
    // running process without a program file is a kernel thread, not a postmaster.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.existsSync(path.join(procRoot, 'self'))) {
      return { kind: 'unverifiable', pid };
    }
    return isRunning(pid) ? { kind: 'foreign', pid } : { kind: 'stale', pid };
  }
  const isPostgres = path.basename(program) === 'postgres';
  if (!isPostgres || workingDir !== fs.realpathSync(databaseDir)) return { kind: 'foreign', pid };
  const serverPid = runningServerOf(pid, procRoot);
  return serverPid === null ? { kind: 'ours', pid } : { kind: 'in-use', pid, serverPid };
}

/**
 * The server a postmaster belongs to while that server runs: its parent, if that is a Node
 * process. A killed server's postmaster has been handed to init or to a subreaper (tini,
 * systemd), which are not Node.
 */
function runningServerOf(pid: number, procRoot: string): number | null {
  try {
    const stat = fs.readFileSync(path.join(procRoot, String(pid), 'stat'), 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(parent) || parent <= 1) return null;
    const program = path.basename(fs.readlinkSync(path.join(procRoot, String(parent), 'exe')));
    return /^node/i.test(program) || program === path.basename(process.execPath) ? parent : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the signal and waits up to `timeoutMs` for the process to end. */
async function signalAndWait(pid: number, signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return !isRunning(pid);
  }
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Timeouts of a postmaster's shutdown: fast (SIGINT) first, then immediate (SIGQUIT). */
export const SHUTDOWN_TIMEOUTS = { fastMs: 30_000, immediateMs: 10_000 };

/**
 * Clears the way for a start on this data directory. A postmaster of ours that survived a
 * killed server gets a fast shutdown (SIGINT: transactions end, a checkpoint is written)
 * and, if that hangs, an immediate one (SIGQUIT: crash recovery at the next start; no
 * committed write is lost either way). A lock file naming another process is removed. What
 * cannot be checked or stopped is a DatabaseStartError with a German message.
 */
export async function clearLeftoverPostmaster(databaseDir: string, logger: Logger, procRoot = '/proc'): Promise<void> {
  const leftover = findLeftoverPostmaster(databaseDir, procRoot);
  switch (leftover.kind) {
    case 'none':
    case 'stale':
      return;
    case 'foreign':
      logger.warn({ pid: leftover.pid }, de.server.leftoverStaleLock(leftover.pid));
      fs.rmSync(postmasterPidFile(databaseDir), { force: true });
      return;
    case 'unverifiable':
      throw new DatabaseStartError(de.server.leftoverUnverifiable(leftover.pid, databaseDir));
    case 'in-use':
      throw new DatabaseStartError(de.server.databaseInUse(leftover.serverPid));
    case 'ours': {
      logger.warn({ pid: leftover.pid }, de.server.leftoverStopping(leftover.pid));
      const stopped =
        (await signalAndWait(leftover.pid, 'SIGINT', SHUTDOWN_TIMEOUTS.fastMs)) ||
        (await signalAndWait(leftover.pid, 'SIGQUIT', SHUTDOWN_TIMEOUTS.immediateMs));
      if (!stopped) throw new DatabaseStartError(de.server.leftoverNotStopped(leftover.pid));
      logger.info({ pid: leftover.pid }, de.server.leftoverStopped(leftover.pid));
    }
  }
}
