import type { QueuedWrite } from '../syncQueue';
import { enqueue, settleAttempt } from '../queuedSaves';
import { markAttempts, retryFailed } from '../syncQueue';
import type { QueueRow } from './queueRows';
import { diffQueue, snapshotOf } from './queueRows';

const write = (key: string): QueuedWrite => ({
  key,
  queuedAt: '2026-11-23T08:00:00.000Z',
  method: 'POST',
  path: `/x/${key}`,
  userId: 'u-1',
  attempts: 0,
});

/** Applies a diff to a row list, as the store does. */
function applied(rows: readonly QueueRow[], diff: ReturnType<typeof diffQueue>): QueueRow[] {
  const next = new Map(rows.map((row) => [row.key, row]));
  for (const key of diff.deletes) next.delete(key);
  for (const row of diff.puts) next.set(row.key, row);
  return [...next.values()];
}

describe('diffQueue', () => {
  it('writes only the rows a change of the queue touches, and reading the rows back gives the queue', () => {
    let snapshot = snapshotOf([]);
    let rows: QueueRow[] = [];
    const steps = [
      (state: typeof snapshot.state) => ({ ...state, pending: enqueue(state.pending, write('a')) }),
      (state: typeof snapshot.state) => ({ ...state, pending: enqueue(state.pending, write('b')) }),
      (state: typeof snapshot.state) => ({ ...state, pending: enqueue(state.pending, write('c')) }),
      (state: typeof snapshot.state) => markAttempts(state, ['b']),
      (state: typeof snapshot.state) =>
        settleAttempt(state, 'b', { kind: 'refused', status: 400, message: 'Nein.' }, new Date(0)),
      (state: typeof snapshot.state) => settleAttempt(state, 'a', { kind: 'applied' }, new Date(0)),
      (state: typeof snapshot.state) => retryFailed(state, 'b'),
      (state: typeof snapshot.state) => ({ ...state, pending: enqueue(state.pending, write('d')) }),
    ];
    const touched: number[] = [];
    for (const step of steps) {
      const after = step(snapshot.state);
      const diff = diffQueue(snapshot, after);
      touched.push(diff.puts.length + diff.deletes.length);
      rows = applied(rows, diff);
      snapshot = diff.snapshot;
      expect(snapshotOf(rows).state).toEqual(after);
    }
    expect(touched).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(snapshot.state.pending.map((entry) => entry.key)).toEqual(['c', 'b', 'd']);
  });

  it('keeps the order when writes are reordered, renumbering from the first moved one', () => {
    const before = snapshotOf([
      { key: 'a', position: 0, list: 'pending', write: write('a') },
      { key: 'b', position: 1, list: 'pending', write: write('b') },
      { key: 'c', position: 2, list: 'pending', write: write('c') },
    ]);
    const [a, b, c] = before.state.pending;
    const diff = diffQueue(before, { pending: [a!, c!, b!], failed: [] });
    expect(snapshotOf(applied([...before.rows.values()], diff)).state.pending.map((entry) => entry.key)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });
});
