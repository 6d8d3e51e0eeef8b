/**
 * The sync queue's rules (issue 7, architecture decision 5), free of any storage or network:
 * what a queued write is, how a new write joins the queue, and how the queue is replayed.
 * The IndexedDB and Electron stores keep the lists; the API client sends; this module decides.
 *
 * - A write that could not reach the server is queued with an idempotency key, the time, the
 *   request and the user it belongs to. The server answers a repeated key with the first
 *   answer, so a replay whose answer was lost does not apply twice.
 * - Several queued saves of one project document (`PUT /projects/{id}`, `/templates/{id}`)
 *   become one: the newest document with the oldest base revision, at the place of the first,
 *   so the server's merge sees the whole offline change as one writer's change. A save that
 *   was already tried is never changed (its key may be answered already).
 * - Replay is in order. A network failure, a 5xx or a 401 stops it and keeps everything (a 401
 *   keeps the queue for the same user's next login); a 4xx moves that write to the failed list
 *   with the server's German message, where only the user retries or discards it. Nothing
 *   expires.
 */

import { isUuid } from '@werkboard/common';

export type QueuedMethod = 'POST' | 'PUT' | 'DELETE';

export interface QueuedWrite {
  /** The idempotency key, sent as the `Idempotency-Key` header on every attempt. */
  key: string;
  queuedAt: string;
  method: QueuedMethod;
  path: string;
  body?: unknown;
  /** The user whose session made the write; only that user's session replays it. */
  userId: string;
  attempts: number;
}

export interface FailedWrite extends QueuedWrite {
  status: number;
  message: string;
  failedAt: string;
}

export interface QueueState {
  pending: QueuedWrite[];
  failed: FailedWrite[];
}

/** What sending one queued write gave. */
export type SendOutcome =
  | { kind: 'applied' }
  | { kind: 'unreachable' }
  | { kind: 'serverError'; status: number }
  | { kind: 'unauthorized' }
  | { kind: 'refused'; status: number; message: string };

export type ReplayStop = 'done' | 'unreachable' | 'serverError' | 'unauthorized';

export interface ReplayResult {
  state: QueueState;
  applied: number;
  stoppedBy: ReplayStop;
}

const DOCUMENT_PATH = /^\/(projects|templates)\/([^/]+)$/i;

/** `/projects/{id}` or `/templates/{id}`: which kind of document and its id (lower case), else null. */
export function parseDocumentPath(path: string): { kind: 'projects' | 'templates'; id: string } | null {
  const match = DOCUMENT_PATH.exec(path);
  if (!match || !isUuid(match[2])) return null;
  return { kind: match[1]!.toLowerCase() as 'projects' | 'templates', id: match[2].toLowerCase() };
}

/** A whole-document save that later saves of the same document replace. */
export function isDocumentSave(write: Pick<QueuedWrite, 'method' | 'path'>): boolean {
  return write.method === 'PUT' && parseDocumentPath(write.path) !== null;
}

function baseRevision(body: unknown): number | undefined {
  const revision = (body as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

/**
 * The queue with `write` added: a document save of the same user replaces an earlier pending
 * save of that document in place, keeping the earlier (older) base revision and key.
 */
export function enqueue(pending: readonly QueuedWrite[], write: QueuedWrite): QueuedWrite[] {
  if (!isDocumentSave(write)) return [...pending, write];
  // Only into a save that was never sent: one that was tried may have reached the server, whose
  // answer to its key is then fixed, and a changed body under that key would be lost.
  const index = pending.findIndex(
    (other) =>
      isDocumentSave(other) && other.path === write.path && other.userId === write.userId && other.attempts === 0,
  );
  if (index < 0) return [...pending, write];
  const earlier = pending[index]!;
  const base = baseRevision(earlier.body);
  const merged: QueuedWrite = {
    ...earlier,
    body: base === undefined ? write.body : { ...(write.body as object), revision: base },
  };
  return pending.map((other, position) => (position === index ? merged : other));
}

/** The next write of `userId` to send: the first of theirs in the queue, or null. */
export function nextWrite(state: QueueState, userId: string): QueuedWrite | null {
  return state.pending.find((write) => write.userId === userId) ?? null;
}

/**
 * The queue after one more attempt of `key` was started: its `attempts` counts up, so no later
 * save is joined into it (the server may answer that key before the attempt ends).
 */
export function markAttempt(state: QueueState, key: string): QueueState {
  return {
    ...state,
    pending: state.pending.map((write) => (write.key === key ? { ...write, attempts: write.attempts + 1 } : write)),
  };
}

/**
 * The queue after the attempt of `key` ended with `outcome`: applied leaves the queue, refused
 * goes to the failed list with the server's message, anything else stays where it is.
 */
export function settleAttempt(state: QueueState, key: string, outcome: SendOutcome, now: Date): QueueState {
  const write = state.pending.find((entry) => entry.key === key);
  if (!write || (outcome.kind !== 'applied' && outcome.kind !== 'refused')) return state;
  const pending = state.pending.filter((entry) => entry.key !== key);
  if (outcome.kind === 'applied') return { ...state, pending };
  const failed: FailedWrite = {
    ...write,
    status: outcome.status,
    message: outcome.message,
    failedAt: now.toISOString(),
  };
  return { pending, failed: [...state.failed, failed] };
}

/**
 * Sends the pending writes of `userId` in order, one at a time, until one cannot be sent.
 * Writes of other users (left by a session that expired on this device) stay where they are,
 * for their own next login; the order that matters is each user's own.
 */
export async function replay(
  state: QueueState,
  userId: string,
  send: (write: QueuedWrite) => SendOutcome | Promise<SendOutcome>,
  now: () => Date = () => new Date(),
): Promise<ReplayResult> {
  let current = state;
  let applied = 0;
  for (let write = nextWrite(current, userId); write; write = nextWrite(current, userId)) {
    current = markAttempt(current, write.key);
    const outcome = await send({ ...write, attempts: write.attempts + 1 });
    current = settleAttempt(current, write.key, outcome, now());
    if (outcome.kind === 'applied') applied += 1;
    else if (outcome.kind !== 'refused') return { state: current, applied, stoppedBy: outcome.kind };
  }
  return { state: current, applied, stoppedBy: 'done' };
}

/** 'Erneut versuchen' on a failed change: it goes to the end of the queue with its key. */
export function retryFailed(state: QueueState, key: string): QueueState {
  const write = state.failed.find((entry) => entry.key === key);
  if (!write) return state;
  const { status: _status, message: _message, failedAt: _failedAt, ...queued } = write;
  return { pending: enqueue(state.pending, queued), failed: state.failed.filter((entry) => entry.key !== key) };
}

/** 'Verwerfen' on a failed change: only the user's own decision removes a change. */
export function discardFailed(state: QueueState, key: string): QueueState {
  return { ...state, failed: state.failed.filter((entry) => entry.key !== key) };
}

/** How a response of the server counts for the queue. */
export function outcomeOfStatus(status: number, message: string): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'applied' };
  if (status === 401) return { kind: 'unauthorized' };
  if (status >= 500) return { kind: 'serverError', status };
  return { kind: 'refused', status, message };
}
