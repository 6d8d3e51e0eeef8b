/**
 * How a write joins the sync queue and how an answered one leaves it (the rules of the queue's
 * project saves are described in `syncQueue.ts`). A module of its own because it carries the
 * outbox's delta rules from common (`joinedSave`, `rebasedSave`, `answeredCopy`), which the sync
 * engine loads at its first enqueue or replay: the login's first script stays without them
 * (issue 19's < 120 KB).
 */

import type { ProjectChangesDto, ProjectDocument } from '@werkboard/common';
import { answeredCopy, joinedSave, rebasedSave, SAVE_BATCH_LIMITS, utf8Bytes } from '@werkboard/common';
import {
  type FailedWrite,
  isDeltaSave,
  isDocumentSave,
  laneOf,
  markAttempts,
  nextWrites,
  outcomeOfStatus,
  parseDocumentPath,
  queuedDocument,
  type QueuedWrite,
  type QueueState,
  REPLAY_LANES,
  type ReplayResult,
  type ReplayStop,
  type SendOutcome,
} from './syncQueue';

function baseRevision(body: unknown): number | undefined {
  const revision = (body as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

/** A whole-document save queued by an older version, now holding `document` on its own (older) base revision. */
function wholeOnOldBase(earlier: QueuedWrite, document: ProjectDocument): ProjectDocument {
  return { ...document, revision: baseRevision(earlier.body) ?? document.revision };
}

/**
 * The queue with `write` added. A document save of the same user joins an earlier pending
 * save of that document that was never sent, in place, keeping its base and key; behind one
 * that was sent, a delta save is based on that one's copy. A write sent once already
 * (`attempts` > 0) is added as it was sent.
 */
export function enqueue(pending: readonly QueuedWrite[], write: QueuedWrite): QueuedWrite[] {
  if (!isDocumentSave(write) || write.attempts > 0) return [...pending, write];
  let index = -1;
  for (let position = pending.length - 1; position >= 0 && index < 0; position -= 1) {
    const other = pending[position]!;
    if (isDocumentSave(other) && other.path === write.path && other.userId === write.userId) index = position;
  }
  const earlier = index < 0 ? undefined : pending[index]!;
  if (!earlier) return [...pending, write];
  if (isDeltaSave(write)) {
    // The change this save makes to its own base, put on the copy the queue already makes.
    const queued = queuedDocument(earlier) as ProjectDocument;
    if (earlier.attempts > 0)
      return [...pending, { ...write, ...joinedSave(queued, queued, write.base, write.document) }];
    const merged = isDeltaSave(earlier)
      ? { ...earlier, ...joinedSave(earlier.base, queued, write.base, write.document) }
      : { ...earlier, body: wholeOnOldBase(earlier, joinedSave(queued, queued, write.base, write.document).document) };
    return pending.map((other, position) => (position === index ? merged : other));
  }
  // Only into a save that was never sent: one that was tried may have reached the server, whose
  // answer to its key is then fixed, and a changed body under that key would be lost.
  if (earlier.attempts > 0 || earlier.method !== write.method) return [...pending, write];
  const base = baseRevision(earlier.body);
  const merged: QueuedWrite = {
    ...earlier,
    body: base === undefined ? write.body : { ...(write.body as object), revision: base },
  };
  return pending.map((other, position) => (position === index ? merged : other));
}

/**
 * The server's copy after `write` was applied with `answer`: a project save's answer (a delta
 * on the write's base, or a whole document), or null where the answer holds none (a replayed
 * key whose answer the server did not keep, or a write that is not a project save).
 */
export function confirmedCopy(write: QueuedWrite, answer: unknown): ProjectDocument | null {
  if (parseDocumentPath(write.path)?.kind !== 'projects' || !answer || typeof answer !== 'object') return null;
  if (isDeltaSave(write)) {
    const changes = answer as Partial<ProjectChangesDto>;
    return changes.kind === 'document' || changes.kind === 'delta'
      ? answeredCopy(write.base, changes as ProjectChangesDto)
      : null;
  }
  return write.method === 'PUT' && typeof (answer as { revision?: unknown }).revision === 'number'
    ? (answer as ProjectDocument)
    : null;
}

/**
 * `pending` after `write` was answered with the server's copy `confirmed`: the next delta save
 * of the same document, if never sent, is rebased on it, so it goes on the answer's revision
 * instead of a stale base, keeping what others wrote meanwhile.
 */
function rebaseNext(pending: readonly QueuedWrite[], write: QueuedWrite, confirmed: ProjectDocument): QueuedWrite[] {
  const index = pending.findIndex(
    (other) => isDocumentSave(other) && other.path === write.path && other.userId === write.userId,
  );
  const next = index < 0 ? undefined : pending[index]!;
  if (!next || next.attempts > 0 || !isDeltaSave(next)) return [...pending];
  const rebased = { ...next, ...rebasedSave(next, confirmed) };
  return pending.map((other, position) => (position === index ? rebased : other));
}

/**
 * The queue after the attempt of `key` ended with `outcome`: applied leaves the queue, refused
 * goes to the failed list with the server's message, anything else stays where it is.
 */
export function settleAttempt(state: QueueState, key: string, outcome: SendOutcome, now: Date): QueueState {
  const write = state.pending.find((entry) => entry.key === key);
  if (!write || (outcome.kind !== 'applied' && outcome.kind !== 'refused')) return state;
  const pending = state.pending.filter((entry) => entry.key !== key);
  if (outcome.kind === 'applied') {
    const confirmed = confirmedCopy(write, outcome.answer);
    return { ...state, pending: confirmed ? rebaseNext(pending, write, confirmed) : pending };
  }
  const failed: FailedWrite = {
    ...write,
    status: outcome.status,
    message: outcome.message,
    failedAt: now.toISOString(),
  };
  return { pending, failed: [...state.failed, failed] };
}

/** A project's delta save, which the server also takes in a batch (`POST /projects/{id}/saves`). */
function isBatchable(write: QueuedWrite): boolean {
  return write.method === 'PATCH' && parseDocumentPath(write.path)?.kind === 'projects';
}

/**
 * The writes that go in one request with `head` (the next write of its lane): `head` and the
 * saves of its project queued after it that were tried already (`attempts` > 0), in order,
 * until a save of the project that was never sent (it waits to be rebased on the answer before
 * it, as a single save would), a barrier, or the batch's limits (`SAVE_BATCH_LIMITS`: count,
 * and bytes of the bodies as sent). A tried save is sent as it is stored whatever the answer
 * before it, so sending it in the same request as that one changes nothing the server sees.
 * Only `head` where it is not a project's delta save, or nothing may join it.
 */
export function batchOf(state: QueueState, head: QueuedWrite, userId: string): QueuedWrite[] {
  if (!isBatchable(head)) return [head];
  const batch = [head];
  let bytes = utf8Bytes(JSON.stringify(head.body ?? null));
  const start = state.pending.findIndex((write) => write.key === head.key);
  for (const write of state.pending.slice(start + 1)) {
    if (write.userId !== userId) continue;
    const lane = laneOf(write);
    if (lane === null) break;
    if (lane !== head.path) continue;
    if (write.attempts === 0 || !isBatchable(write) || batch.length >= SAVE_BATCH_LIMITS.saves) break;
    bytes += utf8Bytes(JSON.stringify(write.body ?? null));
    if (bytes > SAVE_BATCH_LIMITS.bytes) break;
    batch.push(write);
  }
  return batch;
}

/** One save's answer in the answer of `POST /projects/{id}/saves` (server: `http/writeBatch.ts`). */
interface BatchAnswer {
  key: string;
  status: number;
  body?: unknown;
}

/**
 * The outcomes of a batch's answers, in order, as far as they answer `writes` in order (an answer
 * for another key ends them: what follows stays queued and is sent again). An answer that answers
 * none counts as a server error (the replay stops instead of sending the batch again and again).
 */
function batchOutcomes(writes: readonly QueuedWrite[], answers: unknown): SendOutcome[] {
  const outcomes: SendOutcome[] = [];
  for (const [index, answer] of (Array.isArray(answers) ? (answers as BatchAnswer[]) : []).entries()) {
    if (answer?.key !== writes[index]?.key || typeof answer.status !== 'number') break;
    const message = (answer.body as { message?: unknown } | undefined)?.message;
    const outcome = outcomeOfStatus(answer.status, typeof message === 'string' ? message : '');
    outcomes.push(outcome.kind === 'applied' ? { kind: 'applied', answer: answer.body } : outcome);
    if (outcome.kind !== 'applied') break;
  }
  return outcomes.length > 0 ? outcomes : [{ kind: 'serverError', status: 502 }];
}

/** How the sync engine reaches the server: its API client, a write sent alone, a failed request's outcome. */
export interface SaveLine {
  api: { request<T>(path: string, options: { method: 'POST'; body: unknown }): Promise<T> };
  send(write: QueuedWrite): Promise<SendOutcome>;
  outcomeOf(error: unknown): SendOutcome;
}

/**
 * Sends saves of one project (`batchOf`) in one request, `POST /projects/{id}/saves`, each with
 * its key and its body as the single PATCH sends it (the server binds the key to that text), and
 * answers their outcomes as `ReplayQueue.sendBatch` does. A request that failed as a whole is the
 * first save's outcome; one the server refused as a whole (a server without the route answers
 * 404) sends the first save alone and marks `batches` refused: from then on saves go alone.
 */
export async function sendSaveBatch(
  writes: readonly QueuedWrite[],
  line: SaveLine,
  batches: { refused: boolean },
): Promise<SendOutcome[]> {
  const [first] = writes;
  if (!first) return [];
  if (batches.refused) return [await line.send(first)];
  try {
    const answer = await line.api.request<{ answers?: unknown }>(`${first.path}/saves`, {
      method: 'POST',
      body: { saves: writes.map((write) => ({ key: write.key, body: JSON.stringify(write.body) })) },
    });
    return batchOutcomes(writes, answer?.answers);
  } catch (error) {
    const outcome = line.outcomeOf(error);
    if (outcome.kind !== 'refused') return [outcome];
    batches.refused = true;
    return [await line.send(first)];
  }
}

/** What a replay needs of the queue it runs on: in memory (`replay`) or the sync engine's stored one. */
export interface ReplayQueue {
  /** The queue as last saved. */
  state(): QueueState;
  /** Applies `update` to the queue and resolves once it is saved (the engine: durably). */
  change(update: (state: QueueState) => QueueState): Promise<void>;
  send(write: QueuedWrite): Promise<SendOutcome>;
  /**
   * Sends several saves of one project in one request (`batchOf`), answering the outcomes of
   * those answered, in order: all of them, or up to the first that was not applied (the rest were
   * not run and stay queued); a request that failed as a whole is the first one's outcome.
   * Without it every write goes alone.
   */
  sendBatch?(writes: readonly QueuedWrite[]): Promise<SendOutcome[]>;
  now(): Date;
  /** False once the session that started the replay ended: no further write starts. */
  signedIn(): boolean;
  /** Called once the attempt of `write` was settled in the saved queue (in queue order within a batch). */
  settled?(write: QueuedWrite, outcome: SendOutcome): void;
}

/**
 * The writes of `inFlight` that `state` still holds as pending. One that left the queue in the
 * change being saved (answered) frees its lane for the writes picked in that same change; until
 * the change is saved it stays in flight for everyone else (the saved queue still holds it).
 */
function stillPending(state: QueueState, inFlight: ReadonlySet<string>): Set<string> {
  const pending = new Set<string>();
  for (const write of state.pending) if (inFlight.has(write.key)) pending.add(write.key);
  return pending;
}

/**
 * Sends the pending writes of `userId` in lanes (`nextWrites`) until none is left or one cannot
 * be sent. Each write is marked as tried in the saved queue before it is sent, and it is sent
 * as saved then: a save joined into it before the mark goes with it, one after the mark waits
 * behind it. Where the queue can (`sendBatch`), a lane's next write takes the tried saves of its
 * project behind it along in one request (`batchOf`), all marked with it. The answer of a write,
 * or of a batch, is settled in the same queue change that marks the writes which may start after
 * it (the next save of its document, rebased on the answer, or a free lane's): one transaction
 * per request, not two, so the lanes do not queue up twice per write for the store (issue 17).
 * Writes of other users (left by a session that expired on this device) stay where they are,
 * for their own next login. A failing queue change stops the replay and is thrown once the
 * writes in flight are settled.
 */
export async function replayQueue(
  queue: ReplayQueue,
  userId: string,
  lanes = REPLAY_LANES,
): Promise<{ applied: QueuedWrite[]; stoppedBy: ReplayStop }> {
  /**
   * The first write of each request being sent, and of those picked in a queue change that is not
   * saved yet: its lane is busy while it is pending (the rest of a batch is behind it in its lane).
   */
  const inFlight = new Set<string>();
  /** The keys sent with each such first write (itself first). */
  const requests = new Map<string, string[]>();
  const running = new Set<Promise<void>>();
  const applied: QueuedWrite[] = [];
  let stoppedBy: ReplayStop = 'done';
  let failure: { error: unknown } | undefined;

  const track = (work: Promise<void>): void => {
    const tracked: Promise<void> = work
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };

  /**
   * Saves `update` of the queue together with the marks of the writes that may start after it,
   * in one queue change, then sends those. The picked writes count as in flight from the moment
   * they are picked, so a change saved in the same transaction does not pick them too. An update
   * may run more than once (a batch the store refused is saved change by change): what an
   * earlier run picked is let go first.
   */
  const changeAndStart = async (update: (state: QueueState) => QueueState): Promise<void> => {
    let picked: string[] = [];
    const letGo = () => {
      for (const key of picked) {
        inFlight.delete(key);
        requests.delete(key);
      }
      picked = [];
    };
    try {
      await queue.change((state) => {
        letGo();
        const next = update(state);
        if (stoppedBy !== 'done' || failure || !queue.signedIn()) return next;
        const heads = nextWrites(next, userId, stillPending(next, inFlight), lanes);
        const marked: string[] = [];
        for (const head of heads) {
          const keys = (queue.sendBatch ? batchOf(next, head, userId) : [head]).map((write) => write.key);
          picked.push(head.key);
          inFlight.add(head.key);
          requests.set(head.key, keys);
          marked.push(...keys);
        }
        return marked.length > 0 ? markAttempts(next, marked) : next;
      });
    } catch (error) {
      letGo();
      // Nothing more starts (also in a change saved before this one's catch ran).
      failure ??= { error };
      throw error;
    }
    for (const key of picked) track(attempt(key));
  };

  const attempt = async (head: string): Promise<void> => {
    try {
      const keys = requests.get(head) ?? [head];
      const stored = queue.state().pending;
      const sending = keys.flatMap((key) => stored.find((entry) => entry.key === key) ?? []);
      if (sending[0]?.key !== head) return;
      const outcomes =
        sending.length > 1 && queue.sendBatch
          ? (await queue.sendBatch(sending)).slice(0, sending.length)
          : [await queue.send(sending[0])];
      const answered = sending.slice(0, outcomes.length);
      // A stop is known before the change is saved: no change saved with it starts another write.
      for (const outcome of outcomes)
        if (outcome.kind !== 'applied' && outcome.kind !== 'refused' && stoppedBy === 'done') stoppedBy = outcome.kind;
      await changeAndStart((state) =>
        answered.reduce((next, write, index) => settleAttempt(next, write.key, outcomes[index]!, queue.now()), state),
      );
      answered.forEach((write, index) => {
        if (outcomes[index]!.kind === 'applied') applied.push(write);
        queue.settled?.(write, outcomes[index]!);
      });
    } finally {
      inFlight.delete(head);
      requests.delete(head);
    }
  };

  for (;;) {
    if (stoppedBy === 'done' && !queue.signedIn()) stoppedBy = 'unauthorized';
    const startable = stoppedBy === 'done' && !failure && nextWrites(queue.state(), userId, inFlight, lanes).length > 0;
    if (startable) await changeAndStart((state) => state).catch(() => undefined);
    else if (running.size > 0) await Promise.race(running);
    else break;
  }
  if (failure) throw failure.error;
  return { applied, stoppedBy };
}

/**
 * `replayQueue` on a queue in memory: what the replay of `state` leaves, with `send` as the server
 * (and `sendBatch`, if given, for several saves of a project in one request).
 */
export async function replay(
  state: QueueState,
  userId: string,
  send: (write: QueuedWrite) => SendOutcome | Promise<SendOutcome>,
  now: () => Date = () => new Date(),
  lanes = REPLAY_LANES,
  sendBatch?: (writes: readonly QueuedWrite[]) => SendOutcome[] | Promise<SendOutcome[]>,
): Promise<ReplayResult> {
  let current = state;
  const result = await replayQueue(
    {
      state: () => current,
      change: (update) => {
        current = update(current);
        return Promise.resolve();
      },
      send: async (write) => send(write),
      ...(sendBatch ? { sendBatch: async (writes: readonly QueuedWrite[]) => sendBatch(writes) } : {}),
      now,
      signedIn: () => true,
    },
    userId,
    lanes,
  );
  return { state: current, applied: result.applied.length, stoppedBy: result.stoppedBy };
}
