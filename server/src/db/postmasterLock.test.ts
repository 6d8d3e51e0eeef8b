import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { de } from '@werkboard/common';
import {
  clearLeftoverPostmaster,
  DatabaseStartError,
  findLeftoverPostmaster,
  isRunning,
  parsePostmasterPid,
  postmasterPidFile,
} from './postmasterLock';

const silent = pino({ level: 'silent' });

/** A lock file as PostgreSQL 18 writes it. */
const lockFile = (pid: number, dir: string) =>
  `${pid}\n${dir}\n1795462174\n40281\n\n127.0.0.1\n  2146352        55\nready   \n`;

describe('the lock file of a data directory', () => {
  let databaseDir: string;
  beforeEach(() => {
    databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-lock-'));
  });
  afterEach(() => fs.rmSync(databaseDir, { recursive: true, force: true }));

  it('reads pid, folder, port and status', () => {
    expect(parsePostmasterPid(lockFile(13201, '/data/pg'))).toEqual({
      pid: 13201,
      dataDir: '/data/pg',
      port: 40281,
      status: 'ready',
    });
    expect(parsePostmasterPid('')).toBeNull();
    expect(parsePostmasterPid('kein pid\n')).toBeNull();
  });

  it('finds nothing without a lock file', () => {
    expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'none' });
  });

  it('calls a lock file of an ended process stale and leaves it to PostgreSQL', async () => {
    const ended = spawn('true');
    await new Promise((resolve) => ended.once('exit', resolve));
    const pid = ended.pid ?? 0;
    expect(isRunning(pid)).toBe(false);
    fs.writeFileSync(postmasterPidFile(databaseDir), lockFile(pid, databaseDir));
    expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'stale', pid });
    await clearLeftoverPostmaster(databaseDir, silent);
    expect(fs.existsSync(postmasterPidFile(databaseDir))).toBe(true);
  });

  it('removes a lock file whose pid now belongs to another program, and leaves that program alone', async () => {
    // After a restart of the machine or container the number may belong to anything.
    const other = spawn('sleep', ['30']);
    try {
      const pid = other.pid ?? 0;
      fs.writeFileSync(postmasterPidFile(databaseDir), lockFile(pid, databaseDir));
      expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'foreign', pid });
      await clearLeftoverPostmaster(databaseDir, silent);
      expect(fs.existsSync(postmasterPidFile(databaseDir))).toBe(false);
      expect(isRunning(pid)).toBe(true);
    } finally {
      other.kill();
    }
  });

  it('does not take the server itself for a postmaster', () => {
    fs.writeFileSync(postmasterPidFile(databaseDir), lockFile(process.pid, databaseDir));
    expect(findLeftoverPostmaster(databaseDir)).toEqual({ kind: 'foreign', pid: process.pid });
  });

  it('stops nothing it cannot check (no /proc, or no permission) and says so in German', async () => {
    const other = spawn('sleep', ['30']);
    const withoutProc = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-noproc-'));
    try {
      const pid = other.pid ?? 0;
      fs.writeFileSync(postmasterPidFile(databaseDir), lockFile(pid, databaseDir));
      expect(findLeftoverPostmaster(databaseDir, withoutProc)).toEqual({ kind: 'unverifiable', pid });
      await expect(clearLeftoverPostmaster(databaseDir, silent, withoutProc)).rejects.toThrow(
        new DatabaseStartError(de.server.leftoverUnverifiable(pid, databaseDir)),
      );
      expect(isRunning(pid)).toBe(true);
      expect(fs.existsSync(postmasterPidFile(databaseDir))).toBe(true);
    } finally {
      other.kill();
      fs.rmSync(withoutProc, { recursive: true, force: true });
    }
  });
});
