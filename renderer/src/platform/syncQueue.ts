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
 * - Replay is in order. A network failure, a 5xx or a 401 stops it and keeps everything (a 401
 *   keeps the queue for the same user's next login); a 4xx moves that write to the failed list
 *   with the server's German message, where only the user retries or discards it. Nothing
 *   expires.
 */

import type { ProjectChangesDto, ProjectDocument } from '@werkboard/common';
import { answeredCopy, isUuid, joinedSave, rebasedSave } from '@werkboard/common';

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
function isDeltaSave(write: QueuedWrite): write is QueuedWrite & { base: ProjectDocument; document: ProjectDocument } {
  return write.method === 'PATCH' && write.base !== undefined && write.document !== undefined;
}

/** The copy a queued document save makes: a delta save's copy, or a whole document's body. */
export function queuedDocument(write: QueuedWrite): unknown {
  return isDeltaSave(write) ? write.document : write.body;
}

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
