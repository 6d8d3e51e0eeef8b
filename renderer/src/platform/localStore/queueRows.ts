import type { FailedWrite, QueuedWrite, QueueState } from '../syncQueue';

/** One row of the syncQueue store: the write, which list it is in, and its place there. */
export interface QueueRow {
  key: string;
  position: number;
  list: 'pending' | 'failed';
  write: QueuedWrite | FailedWrite;
}

/** The queue as last read or written, with its rows by key (to tell what changed). */
export interface QueueSnapshot {
  state: QueueState;
  rows: ReadonlyMap<string, QueueRow>;
}

export function snapshotOf(rows: readonly QueueRow[]): QueueSnapshot {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  return {
    state: {
      pending: sorted.filter((row) => row.list === 'pending').map((row) => row.write),
      failed: sorted.filter((row) => row.list === 'failed').map((row) => row.write as FailedWrite),
    },
    rows: new Map(sorted.map((row) => [row.key, row])),
  };
}

export interface QueueDiff {
  snapshot: QueueSnapshot;
  puts: QueueRow[];
  deletes: string[];
}

/**
 * The rows to write and delete to go from `before` to `after`. A write keeps its position while
 * the order allows (it is the same object in the same list, after the one before it); an added
 * or moved write, and every one after it in its list, gets a new position past all others. The
 * queue's rules only append, replace in place or remove, so a change touches one or two rows.
 */
export function diffQueue(before: QueueSnapshot, after: QueueState): QueueDiff {
  let highest = Math.max(-1, ...[...before.rows.values()].map((row) => row.position));
  const rows = new Map<string, QueueRow>();
  const puts: QueueRow[] = [];
  const place = (list: QueueRow['list'], writes: readonly (QueuedWrite | FailedWrite)[]) => {
    let last = -1;
    let renumber = false;
    for (const write of writes) {
      const old = before.rows.get(write.key);
      const keeps = !renumber && old !== undefined && old.list === list && old.position > last;
      if (!keeps) renumber = true;
      const position = keeps ? old.position : ++highest;
      last = position;
      const row: QueueRow = keeps && old.write === write ? old : { key: write.key, position, list, write };
      rows.set(write.key, row);
      if (row !== old) puts.push(row);
    }
  };
  place('pending', after.pending);
  place('failed', after.failed);
  const deletes = [...before.rows.keys()].filter((key) => !rows.has(key));
  return { snapshot: { state: after, rows }, puts, deletes };
}
