import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Database from 'better-sqlite3';
import type { LocalQueueRow } from '@werkboard/common';

import { compileModules, runUntilKilled } from '../testing/crashTest';
import { openSqliteLocalStore } from './sqliteStore';

const row = (key: string, position: number, list: 'pending' | 'failed' = 'pending'): LocalQueueRow => ({
  key,
  position,
  list,
  write: JSON.stringify({ key, method: 'PUT', path: `/projects/${key}`, body: { name: 'Bad Müller' } }),
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'werkboard-sqlite-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite local store', () => {
  it('keeps reads, the queue and the owner across a reopen of the file', () => {
    const file = path.join(dir, 'local.sqlite');
    const first = openSqliteLocalStore(file);
    first.run({ op: 'putRead', table: 'projects', key: 'p1', value: '{"id":"p1"}' });
    first.run({ op: 'putRead', table: 'projects', key: 'p1', value: '{"id":"p1","name":"neu"}' });
    first.run({ op: 'putRead', table: 'tags', key: 'list', value: '[]' });
    first.run({ op: 'applyQueue', baseVersion: 0, puts: [row('a', 0), row('b', 1)], deletes: [] });
    first.run({ op: 'setOwner', userId: 'u-1' });
    first.close();

    const second = openSqliteLocalStore(file);
    expect(second.run({ op: 'getRead', table: 'projects', key: 'p1' })).toEqual({ value: '{"id":"p1","name":"neu"}' });
    expect(second.run({ op: 'getRead', table: 'templates', key: 'p1' })).toEqual({ value: null });
    expect(second.run({ op: 'loadQueue' })).toEqual({ version: 1, rows: [row('a', 0), row('b', 1)] });
    expect(second.run({ op: 'getOwner' })).toEqual({ value: 'u-1' });
    second.close();
  });

  it('applies a change of the queue only on the version it was based on', () => {
    const store = openSqliteLocalStore(path.join(dir, 'local.sqlite'));
    expect(store.run({ op: 'applyQueue', baseVersion: 0, puts: [row('a', 0)], deletes: [] })).toEqual({
      applied: true,
      version: 1,
    });
    // A second writer that read version 0 is refused and rereads; nothing of it is written.
    expect(store.run({ op: 'applyQueue', baseVersion: 0, puts: [row('x', 5)], deletes: ['a'] })).toEqual({
      applied: false,
      version: 1,
    });
    expect(store.run({ op: 'applyQueue', baseVersion: 1, puts: [row('b', 1, 'failed')], deletes: ['a'] })).toEqual({
      applied: true,
      version: 2,
    });
    expect(store.run({ op: 'loadQueue' })).toEqual({ version: 2, rows: [row('b', 1, 'failed')] });
    store.close();
  });

  it('clears the reads alone, or everything with the owner, and counts the version on', () => {
    const store = openSqliteLocalStore(path.join(dir, 'local.sqlite'));
    store.run({ op: 'putRead', table: 'reads', key: '/settings', value: '{}' });
    store.run({ op: 'applyQueue', baseVersion: 0, puts: [row('a', 0)], deletes: [] });
    store.run({ op: 'setOwner', userId: 'u-1' });
    store.run({ op: 'clearReads' });
    expect(store.run({ op: 'getRead', table: 'reads', key: '/settings' })).toEqual({ value: null });
    expect(store.run({ op: 'loadQueue' })).toMatchObject({ rows: [row('a', 0)] });
    store.run({ op: 'clearAll' });
    expect(store.run({ op: 'loadQueue' })).toEqual({ version: 2, rows: [] });
    expect(store.run({ op: 'getOwner' })).toEqual({ value: null });
    store.close();
  });

  it('runs in WAL mode with full sync', () => {
    const store = openSqliteLocalStore(path.join(dir, 'local.sqlite'));
    store.close();
    // The journal mode is stored in the file; a fresh connection sees it.
    const db = new Database(path.join(dir, 'local.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});

/** A child that queues writes one by one and prints each index once the store has answered. */
function writeCrashWriter(): string {
  compileModules(dir, ['localStore/sqliteStore']);
  const writer = `
    const { openSqliteLocalStore } = require('./sqliteStore.js');
    const store = openSqliteLocalStore(process.argv[2]);
    let version = store.run({ op: 'loadQueue' }).version;
    for (let i = Number(process.argv[3]); ; i++) {
      const key = 'w' + i;
      const write = JSON.stringify({ key, method: 'PUT', path: '/projects/' + i, body: { text: 'x'.repeat(2000) } });
      const deletes = i % 3 === 2 ? ['w' + (i - 2)] : [];
      const answer = store.run({ op: 'applyQueue', baseVersion: version, puts: [{ key, position: i, list: 'pending', write }], deletes });
      version = answer.version;
      require('node:fs').writeSync(1, 'ack ' + i + '\\n');
    }
  `;
  const file = path.join(dir, 'writer.js');
  writeFileSync(file, writer);
  return file;
}

describe('a crash between writes', () => {
  it('loses no acknowledged write: every reopen has each one the writer was told about', async () => {
    const database = path.join(dir, 'crash.sqlite');
    const writer = writeCrashWriter();
    let expected = new Set<string>();
    // Three kills at different points, each run going on with the file the last one left.
    for (const [round, killAfter] of [40, 75, 120].entries()) {
      const acked = await runUntilKilled(writer, [database, String(round * 1000)], killAfter);
      expect(acked.length).toBeGreaterThanOrEqual(killAfter);
      for (const i of acked) {
        if (i % 3 === 2) expected.delete(`w${i - 2}`);
        expected.add(`w${i}`);
      }
      // The write in flight at the kill may have landed too, with the delete it carried.
      const inFlight = Math.max(...acked) + 1;
      const mayBeGone = inFlight % 3 === 2 ? `w${inFlight - 2}` : null;

      const reopened = openSqliteLocalStore(database);
      const answer = reopened.run({ op: 'loadQueue' }) as { version: number; rows: LocalQueueRow[] };
      reopened.close();
      const keys = new Set(answer.rows.map((entry) => entry.key));
      const lost = [...expected].filter((key) => !keys.has(key) && key !== mayBeGone);
      expect(lost).toEqual([]);
      // Nothing beyond the acknowledged writes and the one in flight.
      expect([...keys].filter((key) => !expected.has(key) && key !== `w${inFlight}`)).toEqual([]);
      // Every row is whole: its JSON parses and names its own key.
      for (const entry of answer.rows) expect((JSON.parse(entry.write) as { key: string }).key).toBe(entry.key);
      expected = keys;
    }
  }, 60_000);
});
