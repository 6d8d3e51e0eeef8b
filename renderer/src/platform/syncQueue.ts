/**
 * The sync queue's rules (issue 7, architecture decision 5), free of any storage or network:
 * what a queued write is, how a new write joins the queue, and how the queue is replayed.
 * The IndexedDB and Electron stores keep the lists; the API client sends; this module decides.
 *
 * - A write that could not reach the server is queued with an idempotency key, the time, the
 *   request and the user it belongs to. The server answers a repeated key with the first
 *   answer, so a replay whose answer was lost does not apply twice.
 * - A project save waits as a delta (`PATCH /projects/{id}`, issue 17): the copy it is based
 *   on (`base`, the server's copy at `body.revision` or the copy the save before it made), the
 *   copy it makes (`document`, which offline reads show) and the delta between them (`body`).
 *   Several queued saves of one document become one: the later change is put on the queued
 *   copy and the delta is taken again on the same base, at the place of the first. A save that
 *   was already tried is never changed (its key may be answered already): a later save then
 *   waits behind it, based on its copy. When a save is answered, the next save of the same
 *   document is rebased on the answer (`rebaseDocument`): sent on the new revision, with what
 *   others changed meanwhile kept. Templates (no PATCH) and saves queued by an older version
 *   wait as whole documents (`PUT`), several of one document joined into the newest document
 *   on the oldest base revision.
 * - Replay runs in lanes (issue 17): the saves of one document (its path) go in order, one at
 *   a time, each on the answer to the one before; saves of different documents go at the same
 *   time, at most `REPLAY_LANES` in flight. Any other write (a message, the settings, an older
 *   version's non-document write) is a barrier: it starts only when every write queued before it
 *   was answered, and nothing queued after it starts before its answer.
 *   A network failure, a 5xx or a 401 stops it (no new write starts; those in flight are
 *   settled) and keeps everything (a 401 keeps the queue for the same user's next login); a 4xx
 *   moves that write to the failed list with the server's German message, where only the user
 *   retries or discards it. Nothing expires.
 *
 * How a save joins the queue and how an answered one leaves it (`enqueue`, `settleAttempt`)
 * is in `queuedSaves.ts`: those need the outbox's delta rules from common, which the sync
 * engine loads at its first use, so they stay out of the login's first script.
 */

import type { ProjectDocument } from '@werkboard/common';
import { isUuid } from '@werkboard/common';

export type QueuedMethod = 'POST' | 'PUT' | 'DELETE' | 'PATCH';

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
  /** A delta save: the copy the delta is taken against. */
  base?: ProjectDocument;
  /** A delta save: the copy it makes, shown by offline reads. */
  document?: ProjectDocument;
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
  | { kind: 'applied'; answer?: unknown }
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

/** A save of a whole document (PUT) or of a project's delta (PATCH) that later saves of the same document join. */
export function isDocumentSave(write: Pick<QueuedWrite, 'method' | 'path'>): boolean {
  return (write.method === 'PUT' || write.method === 'PATCH') && parseDocumentPath(write.path) !== null;
}

/** A delta save that carries its copies (one queued by this version). */
export function isDeltaSave(
  write: QueuedWrite,
): write is QueuedWrite & { base: ProjectDocument; document: ProjectDocument } {
  return write.method === 'PATCH' && write.base !== undefined && write.document !== undefined;
}

/** The copy a queued document save makes: a delta save's copy, or a whole document's body. */
export function queuedDocument(write: QueuedWrite): unknown {
  return isDeltaSave(write) ? write.document : write.body;
}

/** The next write of `userId` to send: the first of theirs in the queue, or null. */
export function nextWrite(state: QueueState, userId: string): QueuedWrite | null {
  return state.pending.find((write) => write.userId === userId) ?? null;
}

/**
 * Saves in flight at once during a replay: a browser opens 6 connections per host, one is the
 * live event stream and one is left for the screen's reads; the server's database pool (10)
 * keeps room for other users.
 */
export const REPLAY_LANES = 4;

/** The lane a write is replayed in: a document save's path, or null for a barrier. */
export function laneOf(write: Pick<QueuedWrite, 'method' | 'path'>): string | null {
  return isDocumentSave(write) ? write.path : null;
}

/**
 * The writes of `userId` that may start now, in queue order, besides those `inFlight` (keys):
 * the first write of each lane that has no write before it still pending (in flight or not), up
 * to `lanes` in flight in all; a barrier only when it is the user's first pending write and
 * nothing is in flight, and nothing behind a barrier.
 */
export function nextWrites(
  state: QueueState,
  userId: string,
  inFlight: ReadonlySet<string>,
  lanes: number,
): QueuedWrite[] {
  const busy = new Set<string>();
  const picked: QueuedWrite[] = [];
  let first = true;
  for (const write of state.pending) {
    if (write.userId !== userId) continue;
    if (picked.length + inFlight.size >= lanes) break;
    const lane = laneOf(write);
    if (lane === null) {
      if (first && inFlight.size === 0) picked.push(write);
      break;
    }
    first = false;
    if (busy.has(lane)) continue;
    busy.add(lane);
    if (!inFlight.has(write.key)) picked.push(write);
  }
  return picked;
}

/**
 * The queue after one more attempt of each of `keys` was started: its `attempts` counts up, so
 * no later save is joined into it (the server may answer that key before the attempt ends).
 */
export function markAttempts(state: QueueState, keys: readonly string[]): QueueState {
  const marked = new Set(keys);
  return {
    ...state,
    pending: state.pending.map((write) => (marked.has(write.key) ? { ...write, attempts: write.attempts + 1 } : write)),
  };
}

/**
 * 'Erneut versuchen' on a failed change: it goes to the end of the queue with its key, as it
 * was (joined into a later save, it would take that save's changes away).
 */
export function retryFailed(state: QueueState, key: string): QueueState {
  const write = state.failed.find((entry) => entry.key === key);
  if (!write) return state;
  const { status: _status, message: _message, failedAt: _failedAt, ...queued } = write;
  return { pending: [...state.pending, queued], failed: state.failed.filter((entry) => entry.key !== key) };
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
