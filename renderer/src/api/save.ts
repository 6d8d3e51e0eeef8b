import type { ProjectDocument } from '@werkboard/common';
import type { ApiClient, RequestOptions } from './client';
import type { UnsavedWork } from './unsavedWork';
import { ApiError, isNetworkError, SessionLostError } from './errors';

/** The writes the sync queue keeps (a project's delta with its copies, `whenQueued`). */
type QueueableMethod = 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface SaveRequest {
  method: QueueableMethod;
  path: string;
  body?: unknown;
  /**
   * False where a 401/409 answer means something other than a lost session: a 409 of license
   * activation is "key already in use" (spec section 4), not a reason to log out.
   */
  sessionHandling?: false;
  /**
   * True for writes that may wait for the network: the caller has applied the change to what
   * it shows, and `save` queues the write when the server cannot be reached (answering QUEUED).
   */
  queueable?: true;
  /**
   * A project's delta save (PATCH): the copy the delta is taken against and the copy it makes.
   * The queue keeps both, so that queued saves of one document join into one (the delta taken
   * again on the same base), offline reads show the copy, and the replay rebases the next save
   * on each answer. A delta's answer is not a document, so it is not kept for offline reads here.
   * A PATCH without it is never queued.
   */
  whenQueued?: { base: ProjectDocument; document: ProjectDocument };
  /** A file sent as the body with its upload progress (imports; never queueable). */
  upload?: RequestOptions['upload'];
}

/** The answer of a queueable save that is waiting in the sync queue for the server. */
export const QUEUED = Object.freeze({ queued: true as const });
export type Queued = typeof QUEUED;

export function isQueued(value: unknown): value is Queued {
  return value === QUEUED;
}

export interface Save {
  <T = void>(request: SaveRequest & { queueable: true }): Promise<T | Queued>;
  <T = void>(request: SaveRequest): Promise<T>;
}

/** What the save path needs of the sync queue (features/sync/syncEngine.ts). */
export interface SaveQueue {
  hasPending(): boolean;
  /** False when the browser knows it has no network: a write is not even tried then. */
  online(): boolean;
  enqueue(write: {
    method: QueueableMethod;
    path: string;
    body?: unknown;
    key?: string;
    base?: ProjectDocument;
    document?: ProjectDocument;
  }): Promise<void>;
  sync(): Promise<unknown>;
  newKey(): string;
  /** Keeps the server's answer to a document save for offline reads. */
  remember(path: string, answer: unknown): void;
}

/** No answer, or a server that failed (5xx): the write may succeed later, so it waits. */
function mayWait(error: unknown): boolean {
  return (
    isNetworkError(error) || (error instanceof ApiError && !(error instanceof SessionLostError) && error.status >= 500)
  );
}

/**
 * The single path every data write takes (Focalboard's "mutator"); nothing else calls the
 * client with a write method. (Login is not a data write and never queued.)
 *
 * - A queueable write goes behind the writes already queued, so the server sees this device's
 *   writes in the order they were made (and straight into the queue when the browser knows it
 *   is offline, where it joins an earlier save of the same document); otherwise it is sent at once with an idempotency key,
 *   and if no answer comes (or a 5xx) it is queued under that same key: a replay of a write
 *   whose answer was lost is not applied twice.
 * - Any other write first lets the queue replay (so it does not overtake queued changes) and
 *   then is sent; offline it fails with the network error for the caller to show.
 */
export function createSave(api: ApiClient, queue: SaveQueue, unsaved?: UnsavedWork): Save {
  function save(request: SaveRequest): Promise<unknown> {
    // Until answered or queued, a queueable write is only in this page (the page asks before it closes).
    return request.queueable && unsaved ? unsaved.track(send(request)) : send(request);
  }
  async function send(request: SaveRequest): Promise<unknown> {
    const options = {
      method: request.method,
      body: request.body,
      ...(request.sessionHandling === false ? { sessionHandling: false as const } : {}),
      ...(request.upload ? { upload: request.upload } : {}),
    };
    if (!request.queueable) {
      if (queue.hasPending()) await queue.sync();
      return api.request(request.path, options);
    }
    const { whenQueued } = request;
    const queued =
      request.method === 'PATCH' && !whenQueued
        ? null
        : { method: request.method, path: request.path, body: request.body, ...whenQueued };
    if (queued && (queue.hasPending() || !queue.online())) {
      await queue.enqueue(queued);
      void queue.sync();
      return QUEUED;
    }
    const key = queue.newKey();
    try {
      const answer = await api.request(request.path, { ...options, idempotencyKey: key });
      if (!whenQueued) queue.remember(request.path, answer);
      return answer;
    } catch (error) {
      if (!queued || !mayWait(error)) throw error;
      // It waits as it was sent, under the same key: if it did arrive, the replay gets the first answer.
      await queue.enqueue({ ...queued, key });
      return QUEUED;
    }
  }
  return save;
}
