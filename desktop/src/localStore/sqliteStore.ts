import Database from 'better-sqlite3';
import type { LocalQueueRow, LocalStoreAnswer, LocalStoreRequest } from '@werkboard/common';

/**
 * The desktop's local store (architecture decision 5): kept reads, the sync queue and its
 * owner in one SQLite file in the user's folder. WAL with synchronous=FULL: a write the
 * renderer was told about is on disk, so a crash or a killed process loses nothing
 * acknowledged (sqliteStore.crash.test.ts). The renderer's adapter
 * (renderer/src/platform/localStore/desktop.ts) keeps the LocalStore interface on top.
 */

export const LOCAL_STORE_FILE_NAME = 'werkboard-local.sqlite';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS reads (
    tbl TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (tbl, key)
  );
  CREATE TABLE IF NOT EXISTS queue (
    key TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    list TEXT NOT NULL CHECK (list IN ('pending', 'failed')),
    write TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
`;

export interface SqliteLocalStore {
  /** Runs one validated request (ipc.ts validates before). */
  run(request: LocalStoreRequest): LocalStoreAnswer;
  close(): void;
}

export function openSqliteLocalStore(file: string): SqliteLocalStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: every commit is synced, so what was acknowledged survives a power cut too.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const getRead = db.prepare<[string, string], { value: string }>('SELECT value FROM reads WHERE tbl = ? AND key = ?');
  const putRead = db.prepare<[string, string, string]>(
    'INSERT INTO reads (tbl, key, value) VALUES (?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET value = excluded.value',
  );
  const getMeta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE name = ?');
  const putMeta = db.prepare<[string, string]>(
    'INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const deleteMeta = db.prepare<[string]>('DELETE FROM meta WHERE name = ?');
  const allRows = db.prepare<[], LocalQueueRow>('SELECT key, position, list, write FROM queue ORDER BY position');
  const putRow = db.prepare<[string, number, string, string]>(
    `INSERT INTO queue (key, position, list, write) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET position = excluded.position, list = excluded.list, write = excluded.write`,
  );
  const deleteRow = db.prepare<[string]>('DELETE FROM queue WHERE key = ?');

  const version = (): number => Number(getMeta.get('queueVersion')?.value ?? '0');

  // IMMEDIATE: the version is read and raised under the write lock, so two writers never
  // both apply a change based on the same version.
  const applyQueue = db.transaction((baseVersion: number, puts: LocalQueueRow[], deletes: string[]) => {
    const current = version();
    if (current !== baseVersion) return { applied: false, version: current };
    for (const key of deletes) deleteRow.run(key);
    for (const row of puts) putRow.run(row.key, row.position, row.list, row.write);
    putMeta.run('queueVersion', String(current + 1));
    return { applied: true, version: current + 1 };
  });
  const loadQueue = db.transaction(() => ({ version: version(), rows: allRows.all() }));
  const clearAll = db.transaction(() => {
    db.exec('DELETE FROM reads; DELETE FROM queue;');
    deleteMeta.run('owner');
    // The version goes on counting, so a copy of the queue held elsewhere is reread.
    putMeta.run('queueVersion', String(version() + 1));
  });

  return {
    run(request) {
      switch (request.op) {
        case 'getRead':
          return { value: getRead.get(request.table, request.key)?.value ?? null };
        case 'putRead':
          putRead.run(request.table, request.key, request.value);
          return { done: true };
        case 'loadQueue':
          return loadQueue.immediate();
        case 'applyQueue':
          return applyQueue.immediate(request.baseVersion, request.puts, request.deletes);
        case 'getOwner':
          return { value: getMeta.get('owner')?.value ?? null };
        case 'setOwner':
          putMeta.run('owner', request.userId);
          return { done: true };
        case 'clearReads':
          db.exec('DELETE FROM reads');
          return { done: true };
        case 'clearAll':
          clearAll.immediate();
          return { done: true };
      }
    },
    close() {
      db.close();
    },
  };
}
