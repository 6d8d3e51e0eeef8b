import { produce } from 'immer';
import type { ProjectDeltaRequest, ProjectDocument } from '@werkboard/common';
import { documentDelta, SAVE_BATCH_LIMITS } from '@werkboard/common';
import { buildProject, CARD, cardIn, PROJECT_ID } from '../test/project';
import { enqueue, replay, replayQueue } from './queuedSaves';
import {
  discardFailed,
  queuedDocument,
  nextWrites,
  outcomeOfStatus,
  type QueuedWrite,
  type QueueState,
  REPLAY_LANES,
  retryFailed,
  type SendOutcome,
} from './syncQueue';

const PROJECT = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';
const OTHER_PROJECT = '/projects/7c0e1d2a-1111-4c4c-8a8a-000000000001';
let counter = 0;

function write(overrides: Partial<QueuedWrite> = {}): QueuedWrite {
  counter += 1;
  return {
    key: `key-${counter}`,
    queuedAt: new Date(2026, 10, 22, 8, 0, counter).toISOString(),
    method: 'POST',
    path: `/projects/${counter}/complete`,
    userId: 'u-1',
    attempts: 0,
    ...overrides,
  };
}

const documentSave = (revision: number, name: string, overrides: Partial<QueuedWrite> = {}) =>
  write({ method: 'PUT', path: PROJECT, body: { revision, name }, ...overrides });

const empty: QueueState = { pending: [], failed: [] };

/**
 * A server that applies each idempotency key once and answers a repeated key with the first
 * answer, as the real server's idempotency store does. Its log is what it applied, in order.
 */
function fakeServer() {
  const answered = new Map<string, SendOutcome>();
  const log: string[] = [];
  const apply = (queued: QueuedWrite): SendOutcome => {
    const known = answered.get(queued.key);
    if (known) return known;
    log.push(`${queued.method} ${queued.path} ${JSON.stringify(queued.body ?? null)}`);
    const outcome: SendOutcome = { kind: 'applied' };
    answered.set(queued.key, outcome);
    return outcome;
  };
  return { apply, log, answered };
}

describe('enqueue', () => {
  it('keeps writes in the order they were made', () => {
    const a = write();
    const b = write();
    const c = write({ method: 'DELETE', path: '/images/x' });
    expect(enqueue(enqueue(enqueue([], a), b), c)).toEqual([a, b, c]);
  });

  it('makes several saves of one document one: the newest document on the oldest base revision, at the first place', () => {
    const first = documentSave(4, 'Alt');
    const between = write();
    const second = documentSave(5, 'Neu');
    const queue = enqueue(enqueue(enqueue([], first), between), second);
    expect(queue).toHaveLength(2);
    expect(queue[0]).toEqual({ ...first, body: { revision: 4, name: 'Neu' } });
    expect(queue[1]).toEqual(between);
  });

  it('does not join saves of different documents, of different users, or a save that was already tried', () => {
    const mine = documentSave(1, 'A');
    expect(enqueue([mine], documentSave(1, 'B', { path: OTHER_PROJECT }))).toHaveLength(2);
    expect(enqueue([mine], documentSave(1, 'B', { userId: 'u-2' }))).toHaveLength(2);
    const tried = { ...mine, attempts: 1 };
    const queue = enqueue([tried], documentSave(2, 'C'));
    expect(queue).toHaveLength(2);
    expect(queue[0]).toEqual(tried);
  });

  it('never joins writes that are not whole-document saves', () => {
    const complete = write({ path: `${PROJECT}/complete` });
    expect(enqueue([complete], { ...complete, key: 'again' })).toHaveLength(2);
  });
});

describe('replay', () => {
  it('sends in order and empties the queue', async () => {
    const server = fakeServer();
    const writes = [write(), documentSave(3, 'X'), write({ method: 'DELETE', path: '/images/a' })];
    const result = await replay({ pending: writes, failed: [] }, 'u-1', (queued) => server.apply(queued));
    expect(result).toEqual({ state: empty, applied: 3, stoppedBy: 'done' });
    expect(server.log).toEqual([
      `POST ${writes[0]!.path} null`,
      `PUT ${PROJECT} {"revision":3,"name":"X"}`,
      'DELETE /images/a null',
    ]);
  });

  it('stops at a network failure or a 5xx, keeping that write and all after it, and counts the attempt', async () => {
    const writes = [write(), write(), write()];
    for (const outcome of [{ kind: 'unreachable' }, { kind: 'serverError', status: 503 }] as SendOutcome[]) {
      let calls = 0;
      const result = await replay({ pending: writes, failed: [] }, 'u-1', () => {
        calls += 1;
        return calls === 1 ? { kind: 'applied' } : outcome;
      });
      expect(result.applied).toBe(1);
      expect(result.stoppedBy).toBe(outcome.kind);
      expect(result.state.pending.map((entry) => entry.key)).toEqual([writes[1]!.key, writes[2]!.key]);
      expect(result.state.pending[0]!.attempts).toBe(1);
      expect(result.state.failed).toEqual([]);
    }
  });

  it('moves a 4xx to the failed list with the server message and goes on with the rest', async () => {
    const writes = [write(), write()];
    const result = await replay(
      { pending: writes, failed: [] },
      'u-1',
      (queued) =>
        queued.key === writes[0]!.key
          ? { kind: 'refused', status: 403, message: 'Keine Berechtigung zum Löschen.' }
          : { kind: 'applied' },
      () => new Date('2026-11-22T10:00:00.000Z'),
    );
    expect(result.stoppedBy).toBe('done');
    expect(result.applied).toBe(1);
    expect(result.state.pending).toEqual([]);
    expect(result.state.failed).toEqual([
      {
        ...writes[0],
        attempts: 1,
        status: 403,
        message: 'Keine Berechtigung zum Löschen.',
        failedAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });

  it('keeps the whole queue on a 401, for the same user’s next login', async () => {
    const writes = [write(), write()];
    const result = await replay({ pending: writes, failed: [] }, 'u-1', () => ({ kind: 'unauthorized' }));
    expect(result.stoppedBy).toBe('unauthorized');
    expect(result.state.pending.map((entry) => entry.key)).toEqual(writes.map((entry) => entry.key));
    expect(result.state.failed).toEqual([]);
  });

  it('does not send another user’s writes, but sends the own ones around them in order', async () => {
    const theirs = write({ userId: 'u-2' });
    const mine = [write(), write()];
    const sent: string[] = [];
    const result = await replay({ pending: [mine[0]!, theirs, mine[1]!], failed: [] }, 'u-1', (queued) => {
      sent.push(queued.key);
      return { kind: 'applied' };
    });
    expect(sent).toEqual(mine.map((entry) => entry.key));
    expect(result).toEqual({ state: { pending: [theirs], failed: [] }, applied: 2, stoppedBy: 'done' });
  });

  it('does not apply twice a write whose answer was lost: the replay sends the same key again', async () => {
    const server = fakeServer();
    const complete = write({ path: `${PROJECT}/complete` });
    // The request reaches the server and is applied, but the answer is lost on the way back.
    const lost = await replay({ pending: [complete], failed: [] }, 'u-1', (queued) => {
      server.apply(queued);
      return { kind: 'unreachable' };
    });
    expect(lost.state.pending).toHaveLength(1);
    const again = await replay(lost.state, 'u-1', (queued) => server.apply(queued));
    expect(again.stoppedBy).toBe('done');
    expect(server.log).toHaveLength(1);
  });
});

describe('replay in lanes (issue 17): one lane per document, a barrier for anything else', () => {
  const docPath = (index: number) => `/projects/0b4f6a52-8d0e-4a8e-9b51-${String(index).padStart(12, '0')}`;
  const save = (index: number, name: string) => documentSave(1, name, { path: docPath(index) });
  const keys = (writes: readonly QueuedWrite[]) => writes.map((entry) => entry.key);

  /** A server whose answers come after a few turns of the event loop, in an order `delays` decides; it logs starts and ends. */
  function slowServer(delays: (write: QueuedWrite) => number, outcome: (write: QueuedWrite) => SendOutcome) {
    const events: string[] = [];
    const open = new Set<string>();
    let most = 0;
    const send = async (sent: QueuedWrite): Promise<SendOutcome> => {
      events.push(`start ${sent.key}`);
      if (open.has(sent.path)) throw new Error(`two saves of ${sent.path} in flight`);
      open.add(sent.path);
      most = Math.max(most, open.size);
      await new Promise((resolve) => setTimeout(resolve, delays(sent)));
      open.delete(sent.path);
      events.push(`end ${sent.key}`);
      return outcome(sent);
    };
    return { send, events, most: () => most };
  }
  const at = (events: readonly string[], event: string) => {
    const index = events.indexOf(event);
    if (index < 0) throw new Error(`${event} never happened`);
    return index;
  };

  it('picks the first write of each document, up to the lanes, and nothing behind a barrier', () => {
    const [p1a, p2a, p1b, p3a, p4a, p5a] = [
      save(1, 'a'),
      save(2, 'a'),
      save(1, 'b'),
      save(3, 'a'),
      save(4, 'a'),
      save(5, 'a'),
    ];
    const state = { pending: [p1a, p2a, p1b, p3a, p4a, p5a], failed: [] };
    expect(keys(nextWrites(state, 'u-1', new Set(), 4))).toEqual(keys([p1a, p2a, p3a, p4a]));
    expect(keys(nextWrites(state, 'u-1', new Set([p1a.key]), 4))).toEqual(keys([p2a, p3a, p4a]));
    expect(keys(nextWrites(state, 'u-1', new Set([p1a.key, p2a.key, p3a.key, p4a.key]), 4))).toEqual([]);
    expect(keys(nextWrites(state, 'u-2', new Set(), 4))).toEqual([]);

    const message = write({ path: '/messages' });
    const withBarrier = { pending: [p1a, message, p2a], failed: [] };
    expect(keys(nextWrites(withBarrier, 'u-1', new Set(), 4))).toEqual([p1a.key]);
    expect(keys(nextWrites(withBarrier, 'u-1', new Set([p1a.key]), 4))).toEqual([]);
    const barrierFirst = { pending: [message, p2a], failed: [] };
    expect(keys(nextWrites(barrierFirst, 'u-1', new Set(), 4))).toEqual([message.key]);
    expect(keys(nextWrites(barrierFirst, 'u-1', new Set([message.key]), 4))).toEqual([]);
    // Another user's writes are no barrier for this one.
    const theirs = write({ userId: 'u-2' });
    expect(keys(nextWrites({ pending: [theirs, p1a, p2a], failed: [] }, 'u-1', new Set(), 4))).toEqual(
      keys([p1a, p2a]),
    );
  });

  it('sends several documents at once, at most the lanes, each document’s saves in order and one at a time', async () => {
    const writes = Array.from({ length: 30 }, (_, index) => save(index % 6, `v${index}`));
    const server = slowServer(
      (sent) => (Number(sent.key.slice(4)) * 7) % 5,
      () => ({ kind: 'applied' }),
    );
    const result = await replay({ pending: writes, failed: [] }, 'u-1', server.send);
    expect(result).toEqual({ state: empty, applied: 30, stoppedBy: 'done' });
    expect(server.most()).toBe(REPLAY_LANES);
    for (let document = 0; document < 6; document += 1) {
      const own = writes.filter((entry) => entry.path === docPath(document));
      const ends = own.map((entry) => at(server.events, `end ${entry.key}`));
      const starts = own.map((entry) => at(server.events, `start ${entry.key}`));
      // Each save of a document starts after the one before it was answered.
      starts.slice(1).forEach((start, index) => expect(start).toBeGreaterThan(ends[index]!));
    }
  });

  it('lets a barrier start only after every write before it was answered, and nothing after it before its answer', async () => {
    const [p1a, p2a, p3a] = [save(1, 'a'), save(2, 'a'), save(3, 'a')];
    const message = write({ path: '/messages' });
    const [p1b, p4a] = [save(1, 'b'), save(4, 'a')];
    const server = slowServer(
      (sent) => (sent.key === p3a.key ? 8 : 1),
      () => ({ kind: 'applied' }),
    );
    const result = await replay({ pending: [p1a, p2a, p3a, message, p1b, p4a], failed: [] }, 'u-1', server.send);
    expect(result.applied).toBe(6);
    const start = at(server.events, `start ${message.key}`);
    for (const before of [p1a, p2a, p3a]) expect(start).toBeGreaterThan(at(server.events, `end ${before.key}`));
    const end = at(server.events, `end ${message.key}`);
    for (const after of [p1b, p4a]) expect(at(server.events, `start ${after.key}`)).toBeGreaterThan(end);
  });

  it('starts nothing more after a network failure in one lane, and settles the saves already in flight', async () => {
    const [p1a, p2a, p1b, p2b] = [save(1, 'a'), save(2, 'a'), save(1, 'b'), save(2, 'b')];
    const server = slowServer(
      (sent) => (sent.key === p2a.key ? 5 : 0),
      (sent): SendOutcome => (sent.path === docPath(1) ? { kind: 'unreachable' } : { kind: 'applied' }),
    );
    const result = await replay({ pending: [p1a, p2a, p1b, p2b], failed: [] }, 'u-1', server.send);
    expect(result.stoppedBy).toBe('unreachable');
    expect(result.applied).toBe(1);
    expect(keys(result.state.pending)).toEqual(keys([p1a, p1b, p2b]));
    expect(result.state.pending[0]!.attempts).toBe(1);
    expect(server.events).not.toContain(`start ${p2b.key}`);
  });

  it('saves the queue once per answered write: its settling and the start of the next write of its lane in one change', async () => {
    // Each queue change is an IndexedDB transaction, saved one after the other: two per write
    // (settle, then mark the next as tried) made the lanes wait in line for the store.
    const writes = Array.from({ length: 12 }, (_, index) => save(index % 3, `v${index}`));
    let state: QueueState = { pending: writes, failed: [] };
    let changes = 0;
    const sentUnmarked: string[] = [];
    const result = await replayQueue(
      {
        state: () => state,
        change: async (update) => {
          changes += 1;
          await new Promise((resolve) => setTimeout(resolve, 1));
          state = update(state);
        },
        send: async (sent) => {
          // Marked as tried in the saved queue before it is sent (a later save never joins it).
          if (state.pending.find((entry) => entry.key === sent.key)?.attempts !== 1) sentUnmarked.push(sent.key);
          await new Promise((resolve) => setTimeout(resolve, 2));
          return { kind: 'applied' };
        },
        now: () => new Date(),
        signedIn: () => true,
      },
      'u-1',
    );
    expect(result).toMatchObject({ stoppedBy: 'done' });
    expect(result.applied).toHaveLength(12);
    expect(state).toEqual(empty);
    expect(sentUnmarked).toEqual([]);
    // One change to mark the first write of each lane, then one per answered write.
    expect(changes).toBe(1 + writes.length);
  });

  it('starts each write once when a queue change is applied twice (a batch the store refused, saved again alone)', async () => {
    const writes = Array.from({ length: 12 }, (_, index) => save(index % 5, `v${index}`));
    let state: QueueState = { pending: writes, failed: [] };
    const server = slowServer(
      (sent) => Number(sent.key.slice(4)) % 3,
      () => ({ kind: 'applied' }),
    );
    const result = await replayQueue(
      {
        state: () => state,
        change: async (update) => {
          update(state); // the refused transaction: its result is thrown away
          await new Promise((resolve) => setTimeout(resolve, 1));
          state = update(state);
        },
        send: server.send,
        now: () => new Date(),
        signedIn: () => true,
      },
      'u-1',
    );
    expect(result.applied).toHaveLength(12);
    expect(state).toEqual(empty);
    expect(server.events.filter((event) => event.startsWith('start'))).toHaveLength(12);
    expect(server.most()).toBe(REPLAY_LANES);
  });

  it('stops starting writes when a queue change cannot be saved, and throws its error once those in flight are settled', async () => {
    const writes = Array.from({ length: 8 }, (_, index) => save(index % 4, `v${index}`));
    let state: QueueState = { pending: writes, failed: [] };
    let changes = 0;
    let failedAt = -1;
    const server = slowServer(
      () => 1,
      () => ({ kind: 'applied' }),
    );
    const replaying = replayQueue(
      {
        state: () => state,
        change: async (update) => {
          const number = (changes += 1);
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (number === 3) {
            failedAt = server.events.length;
            throw new Error('Der Speicher ist voll.');
          }
          state = update(state);
        },
        send: server.send,
        now: () => new Date(),
        signedIn: () => true,
      },
      'u-1',
    );
    await expect(replaying).rejects.toThrow('Der Speicher ist voll.');
    expect(failedAt).toBeGreaterThan(0);
    expect(server.events.slice(failedAt).filter((event) => event.startsWith('start'))).toEqual([]);
    // Nothing left the queue without its answer saved: the write whose change failed stays pending.
    const started = new Set(server.events.filter((event) => event.startsWith('start')).map((event) => event.slice(6)));
    expect(started.size).toBeLessThan(writes.length);
    const pending = new Set(state.pending.map((entry) => entry.key));
    for (const entry of writes) expect(pending.has(entry.key) || started.has(entry.key)).toBe(true);
    // Every change but the first (the marks) and the failed one saved an answer.
    expect(writes.length - pending.size).toBe(changes - 2);
  });

  it('goes on in the other lanes and behind a refused save (it goes to the failed list)', async () => {
    const [p1a, p2a, p1b] = [save(1, 'a'), save(2, 'a'), save(1, 'b')];
    const server = slowServer(
      () => 1,
      (sent): SendOutcome =>
        sent.key === p1a.key ? { kind: 'refused', status: 403, message: 'Keine Berechtigung.' } : { kind: 'applied' },
    );
    const result = await replay({ pending: [p1a, p2a, p1b], failed: [] }, 'u-1', server.send);
    expect(result).toMatchObject({ applied: 2, stoppedBy: 'done', state: { pending: [] } });
    expect(keys(result.state.failed)).toEqual([p1a.key]);
  });
});

describe('the failed list', () => {
  const failed = { ...write(), status: 400, message: 'Der Projektname ist erforderlich.', failedAt: 'x' };

  it('retries a failed change at the end of the queue, with its key', () => {
    const other = write();
    const state = retryFailed({ pending: [other], failed: [failed] }, failed.key);
    expect(state.failed).toEqual([]);
    expect(state.pending.map((entry) => entry.key)).toEqual([other.key, failed.key]);
    expect(state.pending[1]).not.toHaveProperty('message');
  });

  it('discards only on the user’s decision, and only that change', () => {
    const second = { ...failed, key: 'second' };
    expect(discardFailed({ pending: [], failed: [failed, second] }, failed.key)).toEqual({
      pending: [],
      failed: [second],
    });
  });
});

describe('outcomeOfStatus', () => {
  it.each([
    [200, 'applied'],
    [201, 'applied'],
    [401, 'unauthorized'],
    [500, 'serverError'],
    [503, 'serverError'],
    [400, 'refused'],
    [403, 'refused'],
    [409, 'refused'],
  ])('counts %i as %s', (status, kind) => {
    expect(outcomeOfStatus(status, 'Nachricht').kind).toBe(kind);
  });
});

describe('random network failures and random edits', () => {
  /** A small deterministic random source, so a failure can be replayed from its seed. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('ends with the server holding every change once (seed %i)', async (seed) => {
    const next = random(seed);
    const server = fakeServer();
    let state: QueueState = empty;
    const made: string[] = [];
    for (let step = 0; step < 300; step += 1) {
      if (next() < 0.6) {
        const change = `change-${seed}-${step}`;
        made.push(change);
        state = { ...state, pending: enqueue(state.pending, write({ key: change, body: { change } })) };
      } else {
        // A replay over a flaky network: requests lost before the server, answers lost after it, 503s.
        const result = await replay(state, 'u-1', (queued) => {
          const roll = next();
          if (roll < 0.2) return { kind: 'unreachable' };
          if (roll < 0.3) return { kind: 'serverError', status: 503 };
          const outcome = server.apply(queued);
          return roll < 0.45 ? { kind: 'unreachable' } : outcome;
        });
        state = result.state;
      }
    }
    // The connection comes back for good.
    const final = await replay(state, 'u-1', (queued) => server.apply(queued));
    expect(final.state).toEqual(empty);
    const changes = server.log.map(
      (line) => (JSON.parse(line.split(' ').slice(2).join(' ')) as { change: string }).change,
    );
    expect(changes).toEqual(made);
  });
});

describe('project saves as deltas (issue 17, the one outbox)', () => {
  const path = `/projects/${PROJECT_ID}`;
  const renamed = (document: ProjectDocument, cardId: string, title: string) =>
    produce(document, (draft) => {
      cardIn(draft, cardId)!.card.title = title;
    });
  const deltaWrite = (base: ProjectDocument, document: ProjectDocument, overrides: Partial<QueuedWrite> = {}) =>
    write({ method: 'PATCH', path, base, document, body: documentDelta(base, document), ...overrides });

  it('joins a later save into one never sent: the delta taken again on the same base, the copy for offline reads', () => {
    const base = buildProject();
    const first = renamed(base, CARD.cable, 'Kabel verlegen');
    const second = renamed(first, CARD.lamp, 'Leuchten montieren');
    const queue = enqueue(enqueue([], deltaWrite(base, first)), deltaWrite(first, second));
    expect(queue).toHaveLength(1);
    expect(queue[0]!.base).toBe(base);
    expect(queue[0]!.document).toEqual(second);
    expect(queue[0]!.body).toEqual(documentDelta(base, second));
    expect(queuedDocument(queue[0]!)).toEqual(second);
  });

  it('joins the change of a save built on an older copy without taking the queued change back', () => {
    const base = buildProject();
    const first = renamed(base, CARD.cable, 'Kabel verlegen');
    // Built on the server's copy (a read that did not show the queued copy): only its own change counts.
    const other = renamed(base, CARD.lamp, 'Leuchten montieren');
    const [joined] = enqueue([deltaWrite(base, first)], deltaWrite(base, other));
    expect(cardIn(joined!.document!, CARD.cable)!.card.title).toBe('Kabel verlegen');
    expect(cardIn(joined!.document!, CARD.lamp)!.card.title).toBe('Leuchten montieren');
  });

  it('puts a save behind one that was sent, based on its copy, and never changes the sent one', () => {
    const base = buildProject();
    const first = renamed(base, CARD.cable, 'Kabel verlegen');
    const second = renamed(first, CARD.lamp, 'Leuchten montieren');
    const sent = deltaWrite(base, first, { attempts: 1 });
    const queue = enqueue([sent], deltaWrite(first, second));
    expect(queue).toHaveLength(2);
    expect(queue[0]).toBe(sent);
    expect(queue[1]!.base).toEqual(first);
    expect(queue[1]!.body).toEqual(documentDelta(first, second));
  });

  it('rebases the next save of the document on the answer: the answer’s revision, others’ changes kept', async () => {
    const base = buildProject();
    const first = renamed(base, CARD.cable, 'Kabel verlegen');
    const second = renamed(first, CARD.lamp, 'Leuchten montieren');
    const queue = enqueue([deltaWrite(base, first, { attempts: 1 })], deltaWrite(first, second));
    // The server merged the first save and someone else renamed the socket card meanwhile.
    const server = produce(renamed(first, CARD.socket, 'Dosen setzen'), (draft) => {
      draft.revision = 9;
      cardIn(draft, CARD.cable)!.card.rev = 9;
      cardIn(draft, CARD.socket)!.card.rev = 8;
    });
    const answer = { kind: 'document' as const, document: server };
    const { state } = await replay({ pending: queue, failed: [] }, 'u-1', (sent) =>
      sent.key === queue[0]!.key ? { kind: 'applied', answer } : { kind: 'unreachable' },
    );
    const [next] = state.pending;
    expect(next!.base).toEqual(server);
    const body = next!.body as ProjectDeltaRequest;
    expect(body.revision).toBe(9);
    expect(body.cards.map((card) => card.title)).toEqual(['Leuchten montieren']);
    expect(cardIn(next!.document!, CARD.socket)!.card.title).toBe('Dosen setzen');
    expect(cardIn(next!.document!, CARD.cable)!.card.rev).toBe(9);
  });

  it('still replays and joins a whole-document save queued by an older version', () => {
    const base = buildProject();
    const old = write({ method: 'PUT', path, body: renamed(base, CARD.cable, 'Kabel verlegen') });
    const later = renamed(base, CARD.lamp, 'Leuchten montieren');
    const [joined] = enqueue([old], deltaWrite(base, later));
    expect(joined).toMatchObject({ method: 'PUT', key: old.key });
    const body = joined!.body as ProjectDocument;
    expect(body.revision).toBe(base.revision);
    expect(cardIn(body, CARD.cable)!.card.title).toBe('Kabel verlegen');
    expect(cardIn(body, CARD.lamp)!.card.title).toBe('Leuchten montieren');
  });
});

describe('a project’s tried saves in one request (issue 17, batch replay)', () => {
  const docPath = (index: number) => `/projects/0b4f6a52-8d0e-4a8e-9b51-${String(index).padStart(12, '0')}`;
  /** A delta save of project `index` as a device queues it after one attempt (`tried`), or never sent. */
  const saveOf = (index: number, name: string, tried = true, body: unknown = { revision: 1, name }) =>
    write({ method: 'PATCH', path: docPath(index), body, attempts: tried ? 1 : 0 });
  const keys = (writes: readonly QueuedWrite[]) => writes.map((entry) => entry.key);

  /**
   * A server taking single saves and batches: each key applied once (a repeat answered as the
   * first time), a batch applied in order up to the first save `refuse` answers. `requests`
   * holds the keys of every request, in the order they were sent.
   */
  function batchServer(refuse: (write: QueuedWrite) => SendOutcome | null = () => null) {
    const server = fakeServer();
    const requests: string[][] = [];
    const one = (queued: QueuedWrite): SendOutcome => refuse(queued) ?? server.apply(queued);
    const send = async (queued: QueuedWrite) => {
      requests.push([queued.key]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return one(queued);
    };
    const sendBatch = async (writes: readonly QueuedWrite[]) => {
      requests.push(keys(writes));
      await new Promise((resolve) => setTimeout(resolve, 1));
      const outcomes: SendOutcome[] = [];
      for (const queued of writes) {
        const outcome = one(queued);
        outcomes.push(outcome);
        if (outcome.kind !== 'applied') break;
      }
      return outcomes;
    };
    return { ...server, requests, send, sendBatch };
  }

  it('sends the tried saves of each project in one request, in order; a never-sent save waits for the answer before it', async () => {
    const [a1, b1, a2, a3, b2, a4] = [
      saveOf(1, 'a1'),
      saveOf(2, 'b1'),
      saveOf(1, 'a2'),
      saveOf(1, 'a3'),
      saveOf(2, 'b2'),
      saveOf(1, 'a4', false),
    ];
    const server = batchServer();
    const state = { pending: [a1, b1, a2, a3, b2, a4], failed: [] };
    const result = await replay(state, 'u-1', server.send, undefined, undefined, server.sendBatch);
    expect(result).toEqual({ state: empty, applied: 6, stoppedBy: 'done' });
    expect(server.requests).toEqual([keys([a1, a2, a3]), keys([b1, b2]), keys([a4])]);
    expect(server.log.filter((line) => line.includes(docPath(1)))).toEqual(
      ['a1', 'a2', 'a3', 'a4'].map((name) => `PATCH ${docPath(1)} {"revision":1,"name":"${name}"}`),
    );
    // Without a way to send batches, every save goes alone, as before.
    const alone = batchServer();
    await replay(state, 'u-1', alone.send);
    expect(alone.requests).toEqual(keys([a1, b1, a2, b2, a3, a4]).map((key) => [key]));
  });

  it('ends a batch at a barrier, passes over another user’s saves, and keeps to the limits', async () => {
    const [a1, message, a2] = [saveOf(1, 'a1'), write({ path: '/messages' }), saveOf(1, 'a2')];
    const theirs = { ...saveOf(1, 'x'), userId: 'u-2' };
    const a0 = saveOf(1, 'a0');
    const server = batchServer();
    const result = await replay(
      { pending: [a0, theirs, a1, message, a2], failed: [] },
      'u-1',
      server.send,
      undefined,
      undefined,
      server.sendBatch,
    );
    expect(result.state.pending).toEqual([theirs]);
    expect(server.requests).toEqual([keys([a0, a1]), [message.key], [a2.key]]);

    const many = Array.from({ length: SAVE_BATCH_LIMITS.saves + 5 }, (_, index) => saveOf(1, `v${index}`));
    const counted = batchServer();
    await replay({ pending: many, failed: [] }, 'u-1', counted.send, undefined, undefined, counted.sendBatch);
    expect(counted.requests.map((request) => request.length)).toEqual([SAVE_BATCH_LIMITS.saves, 5]);

    const large = (name: string) =>
      saveOf(1, name, true, { revision: 1, name: 'ü'.repeat(SAVE_BATCH_LIMITS.bytes / 3) });
    const heavy = [large('h1'), large('h2'), saveOf(1, 'h3')];
    const weighed = batchServer();
    await replay({ pending: heavy, failed: [] }, 'u-1', weighed.send, undefined, undefined, weighed.sendBatch);
    // Two bodies of 2/3 MB each (ü is two bytes) do not go together.
    expect(weighed.requests).toEqual([[heavy[0]!.key], keys(heavy.slice(1))]);
  });

  it('moves a refused save of a batch to the failed list and sends the saves after it next, in order', async () => {
    const [a1, a2, a3, a4] = [saveOf(1, 'a1'), saveOf(1, 'a2'), saveOf(1, 'a3'), saveOf(1, 'a4')];
    const server = batchServer((queued) =>
      queued.key === a2.key
        ? { kind: 'refused', status: 400, message: 'Bitte geben Sie eine gültige Stundenzahl ein.' }
        : null,
    );
    const result = await replay(
      { pending: [a1, a2, a3, a4], failed: [] },
      'u-1',
      server.send,
      undefined,
      undefined,
      server.sendBatch,
    );
    expect(result).toMatchObject({ applied: 3, stoppedBy: 'done', state: { pending: [] } });
    expect(result.state.failed).toEqual([
      expect.objectContaining({ key: a2.key, status: 400, message: 'Bitte geben Sie eine gültige Stundenzahl ein.' }),
    ]);
    expect(server.requests).toEqual([keys([a1, a2, a3, a4]), keys([a3, a4])]);
    expect(server.log.map((line) => (JSON.parse(line.split(' ').slice(2).join(' ')) as { name: string }).name)).toEqual(
      ['a1', 'a3', 'a4'],
    );
  });

  it('stops at a server error inside a batch: the answered saves leave the queue, the rest stays in order', async () => {
    const [a1, a2, a3, b1] = [saveOf(1, 'a1'), saveOf(1, 'a2'), saveOf(1, 'a3'), saveOf(2, 'b1')];
    const server = batchServer((queued) => (queued.key === a2.key ? { kind: 'serverError', status: 503 } : null));
    const result = await replay(
      { pending: [a1, a2, a3, b1], failed: [] },
      'u-1',
      server.send,
      undefined,
      undefined,
      server.sendBatch,
    );
    expect(result.stoppedBy).toBe('serverError');
    expect(keys(result.state.pending)).toEqual(keys([a2, a3]));
    expect(result.state.failed).toEqual([]);
    // The whole request lost: nothing settled, every save stays, each counted as tried once more.
    const lost = await replay({ pending: [a1, a2], failed: [] }, 'u-1', server.send, undefined, undefined, () => [
      { kind: 'unreachable' },
    ]);
    expect(lost.stoppedBy).toBe('unreachable');
    expect(lost.state.pending.map((entry) => [entry.key, entry.attempts])).toEqual([
      [a1.key, 2],
      [a2.key, 2],
    ]);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'ends with every save on the server once and in order per project, over a flaky line, with batches (seed %i)',
    async (seed) => {
      let seedState = seed;
      const next = () => {
        seedState = (seedState * 1103515245 + 12345) % 2147483648;
        return seedState / 2147483648;
      };
      const server = fakeServer();
      const flaky = {
        send: (queued: QueuedWrite): SendOutcome => {
          const roll = next();
          if (roll < 0.2) return { kind: 'unreachable' };
          if (roll < 0.3) return { kind: 'serverError', status: 503 };
          const outcome = server.apply(queued);
          return roll < 0.45 ? { kind: 'unreachable' } : outcome;
        },
        sendBatch: (writes: readonly QueuedWrite[]): SendOutcome[] => {
          const roll = next();
          if (roll < 0.15) return [{ kind: 'unreachable' }];
          // The server applies in order and fails (503) after a random number of saves, or not at all.
          const failAt = roll < 0.4 ? Math.floor(next() * writes.length) : writes.length;
          const outcomes: SendOutcome[] = writes.slice(0, failAt).map((queued) => server.apply(queued));
          if (failAt < writes.length) outcomes.push({ kind: 'serverError', status: 503 });
          // The answer lost on its way back.
          return roll > 0.85 ? [{ kind: 'unreachable' }] : outcomes;
        },
      };
      let state: QueueState = empty;
      const made = new Map<string, string[]>();
      for (let step = 0; step < 300; step += 1) {
        if (next() < 0.6) {
          const path = docPath(Math.floor(next() * 3));
          const change = `change-${seed}-${step}`;
          made.set(path, [...(made.get(path) ?? []), change]);
          // Each tried once (its answer never came), so none is joined with another.
          state = { ...state, pending: enqueue(state.pending, { ...saveOf(0, change), path, body: { change } }) };
        } else {
          state = (await replay(state, 'u-1', flaky.send, undefined, undefined, flaky.sendBatch)).state;
        }
      }
      const final = await replay(state, 'u-1', server.apply, undefined, undefined, (writes) =>
        writes.map((queued) => server.apply(queued)),
      );
      expect(final.state).toEqual(empty);
      for (const [path, changes] of made) {
        const applied = server.log
          .filter((line) => line.split(' ')[1] === path)
          .map((line) => (JSON.parse(line.split(' ').slice(2).join(' ')) as { change: string }).change);
        expect(applied).toEqual(changes);
      }
    },
  );
});
