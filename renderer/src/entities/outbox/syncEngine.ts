import type { ApiClient } from '../../api/client';
import { ApiError, isNetworkError, SessionLostError } from '../../api/errors';
import type { LocalStore } from '../../platform/localStore';
import type {
  FailedWrite,
  QueuedMethod,
  QueuedWrite,
  QueueState,
  ReplayStop,
  SendOutcome,
} from '../../platform/syncQueue';
import type { ProjectDocument } from '@werkboard/common';
import type * as QueuedSavesModule from '../../platform/queuedSaves';
import type * as KeptDocumentsModule from '../../platform/keptDocuments';
import { discardFailed, isDocumentSave, nextWrite, queuedDocument, retryFailed } from '../../platform/syncQueue';

type QueuedSaves = typeof QueuedSavesModule;
let queuedSaves: Promise<QueuedSaves> | undefined;
/**
 * How saves join and leave the queue, with the outbox's delta rules: loaded at the first
 * enqueue or replay, not with the app's first script (the login does not need them; issue 19).
 */
const loadQueuedSaves = (): Promise<QueuedSaves> => (queuedSaves ??= import('../../platform/queuedSaves'));
let keptDocuments: Promise<typeof KeptDocumentsModule> | undefined;

/**
 * While a replay runs, its progress (the changes still waiting, those refused) is published at
 * most this often: the footer says 'Sync' then, and every publication is a store update that
 * renders the sync indicators again, once per answered write otherwise (issue 17). A replay's
 * start and end are published at once.
 */
export const REPLAY_PROGRESS_MS = 250;

/** What the footer and the failed-changes list show. */
export interface SyncStatus {
  pending: number;
  failed: FailedWrite[];
  running: boolean;
}

export interface SyncEngineDeps {
  /** The device's local database; opened asynchronously at start. */
  store: Promise<LocalStore>;
  api: ApiClient;
  /** The signed-in user, or null: only their writes are queued and replayed. */
  userId(): string | null;
  /** False when the browser knows it is offline: no replay is tried then. */
  online(): boolean;
  newKey(): string;
  onStatus(status: SyncStatus): void;
  /** The writes a replay brought to the server, so open screens can load again. */
  onApplied(writes: readonly QueuedWrite[]): void;
  /**
   * A write is in the queue (new, or joined to an earlier save of its document): screens that
   * show queued copies read them again (the dashboard's progress, api/localReads.ts).
   */
  onQueued?(write: Pick<QueuedWrite, 'method' | 'path'>): void;
  /** Asks the browser for a Background Sync (tag werkboard-sync), where it has one. */
  requestBackgroundSync(): void;
  now?(): Date;
}

export interface NewWrite {
  method: QueuedMethod;
  path: string;
  body?: unknown;
  /** Set when the write was sent once already with this key (its answer never came). */
  key?: string;
  /** A project's delta save: the copy the delta is taken against and the copy it makes. */
  base?: ProjectDocument;
  document?: ProjectDocument;
}

/** A change of the queue waiting to be saved, with its caller's promise. */
interface QueueChange {
  update(state: QueueState): QueueState;
  resolve(): void;
  reject(error: unknown): void;
}

/** The outcome of sending one write with its idempotency key, as the queue counts it. */
function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof SessionLostError) return { kind: 'unauthorized' };
  if (isNetworkError(error)) return { kind: 'unreachable' };
  if (error instanceof ApiError)
    return error.status >= 500
      ? { kind: 'serverError', status: error.status }
      : { kind: 'refused', status: error.status, message: error.message };
  return { kind: 'unreachable' };
}

/**
 * The sync queue at work (architecture decision 5), the durable half of the one outbox (issue
 * 17; the page-lifetime half is `ProjectSaver`, and `api/save.ts` is the one way in): keeps the
 * queue in the local store, adds writes that could not reach the server (a project's save as
 * a delta with its base and its copy), and replays them with their idempotency keys in lanes:
 * the saves of one document in order, rebased on each answer, those of different documents in
 * parallel, any other write a barrier (`platform/syncQueue.ts`). No React here. Every change of
 * the queue is saved before it counts; a replay never runs twice at once; a write being sent is
 * marked as tried first, so no later save is joined into it.
 */
export class SyncEngine {
  private state: QueueState = { pending: [], failed: [] };
  private readonly ready: Promise<LocalStore>;
  /** Changes of the queue waiting for the transaction in progress; saved together in the next one. */
  private waiting: QueueChange[] = [];
  /** The changes being saved, one transaction after the other, or null. */
  private saving: Promise<void> | null = null;
  private running: Promise<ReplayStop> | null = null;
  /** A replay asked for while one runs: it starts when that one ends (changes may have come meanwhile). */
  private followUp: Promise<ReplayStop> | null = null;
  /** Whose reads the store keeps (`getOwner`), as this page knows it; loaded with the queue. */
  private owner: string | null = null;
  /** The switch of the kept reads to a user in progress, or null (`claimReads`). */
  private claim: { userId: string; done: Promise<void> } | null = null;
  /** Whether the status published last said a replay runs. */
  private publishedRunning = false;
  /** A replay's progress waiting to be published (`REPLAY_PROGRESS_MS`). */
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the server refused a batch as a whole (`sendSaveBatch`): saves go alone from then on. */
  private readonly batches = { refused: false };

  constructor(private readonly deps: SyncEngineDeps) {
    this.ready = deps.store.then(async (store) => {
      const [queue, owner] = await Promise.all([store.loadQueue(), store.getOwner()]);
      this.state = queue;
      this.owner = owner;
      this.publish();
      return store;
    });
  }

  /** Resolves once the queue saved on this device is loaded. */
  async loaded(): Promise<LocalStore> {
    return this.ready;
  }

  /**
   * Whether the kept reads may answer the signed-in user offline: theirs, or nobody's (a device's
   * first login). Never another user's, also not before the session's start has emptied them.
   * Known once `loaded()` resolved.
   */
  readsAreOwn(): boolean {
    const userId = this.deps.userId();
    return userId !== null && (this.owner === null || this.owner === userId);
  }

  /**
   * Claims the kept reads for the signed-in user where that needs no waiting, and says whether
   * their answers may be kept now: the kept reads are theirs, or nobody's (claimed for them here,
   * which empties nothing), and no switch to another user runs. Known once `loaded()` resolved;
   * else `keepingStore()` waits for the switch.
   */
  claimKeepingNow(): boolean {
    const userId = this.deps.userId();
    if (!userId || !this.readsAreOwn() || (this.claim && this.claim.userId !== userId)) return false;
    if (this.owner === null) void this.claimReads(userId).catch(() => undefined);
    return true;
  }

  /**
   * The store to keep the signed-in user's answers in, once its kept reads are theirs: at once
   * when they may be (`claimKeepingNow`), else after another user's are emptied (`claimReads`); null
   * without a user. A read kept so is never emptied by the session's start.
   */
  async keepingStore(): Promise<LocalStore | null> {
    const store = await this.ready;
    const userId = this.deps.userId();
    if (!userId) return null;
    if (!this.claimKeepingNow()) await this.claimReads(userId);
    return this.deps.userId() === userId ? store : null;
  }

  status(): SyncStatus {
    const userId = this.deps.userId();
    return {
      pending: this.state.pending.filter((write) => write.userId === userId).length,
      failed: this.state.failed.filter((write) => write.userId === userId),
      running: this.running !== null,
    };
  }

  hasPending(): boolean {
    const userId = this.deps.userId();
    return userId !== null && nextWrite(this.state, userId) !== null;
  }

  /** The newest queued copy of the document at `path` (the local changes not yet on the server). */
  pendingDocument(path: string): unknown {
    const userId = this.deps.userId();
    const saves = this.state.pending.filter(
      (write) => write.userId === userId && write.path === path && isDocumentSave(write),
    );
    return saves.length > 0 ? queuedDocument(saves[saves.length - 1]!) : undefined;
  }

  newKey(): string {
    return this.deps.newKey();
  }

  online(): boolean {
    return this.deps.online();
  }

  /**
   * Keeps the server's answer to a document save (the merged document) for offline reads;
   * `changes`, the answer it was made from, is kept instead where it can be (`keptDocuments.ts`).
   */
  remember(path: string, answer: unknown, changes?: unknown): void {
    // A replayed key whose answer was too big to keep on the server answers only `{ replayed: true }`.
    const revision = (answer as { revision?: unknown } | null)?.revision;
    if (!isDocumentSave({ method: 'PUT', path }) || typeof revision !== 'number') return;
    const kept = (keptDocuments ??= import('../../platform/keptDocuments'));
    void Promise.all([this.keepingStore(), kept])
      .then(([store, { keepDocument }]) => store && keepDocument(store, path, answer as ProjectDocument, changes))
      .catch(() => undefined);
  }

  /** Queues `write` for the signed-in user; rejects (nothing queued) if the store cannot save it. */
  async enqueue(write: NewWrite): Promise<void> {
    const userId = this.deps.userId();
    if (!userId) throw new Error('Keine Anmeldung: die Änderung kann nicht vorgemerkt werden.');
    const queued: QueuedWrite = {
      key: write.key ?? this.deps.newKey(),
      queuedAt: this.now().toISOString(),
      method: write.method,
      path: write.path,
      ...(write.body === undefined ? {} : { body: write.body }),
      ...(write.base && write.document ? { base: write.base, document: write.document } : {}),
      userId,
      attempts: write.key ? 1 : 0,
    };
    const { enqueue } = await loadQueuedSaves();
    await this.change((state) => ({ ...state, pending: enqueue(state.pending, queued) }));
    this.deps.onQueued?.(queued);
    this.deps.requestBackgroundSync();
  }

  /**
   * Replays the signed-in user's queue in order until it is empty or a write cannot be sent.
   * Never two at once: a call while one runs gets one more replay after it.
   */
  sync(): Promise<ReplayStop> {
    if (this.running) {
      this.followUp ??= this.running.then(() => {
        this.followUp = null;
        return this.sync();
      });
      return this.followUp;
    }
    const running = this.replay().finally(() => {
      this.running = null;
      this.publish();
    });
    this.running = running;
    this.publish();
    return running;
  }

  /** 'Erneut versuchen': the failed change goes to the end of the queue and a replay starts. */
  async retry(key: string): Promise<void> {
    await this.change((state) => retryFailed(state, key));
    void this.sync();
  }

  /** 'Verwerfen': the user's decision to drop a failed change. */
  async discard(key: string): Promise<void> {
    await this.change((state) => discardFailed(state, key));
  }

  /**
   * The signed-in user is known (login or a restored session): a store holding another user's
   * reads is emptied of them first (their queued writes stay for their own next login and are
   * replayed only then, with their token).
   */
  async startSession(userId: string): Promise<void> {
    await this.claimReads(userId);
    this.publish();
  }

  /**
   * The kept reads belong to `userId` from now on. Another user's are emptied first (a session
   * that ended without a logout); nobody's (a device's first login, after a logout) stay: the
   * start's first reads run beside the session check (issue 19) and are kept there at once. Into
   * another user's store a read keeps its answer only after this (`keepingStore`), so none is
   * emptied after it, and none of the other user's is answered meanwhile (`readsAreOwn`). Asks
   * the store, not this page's memory (another tab may have switched it); one switch after the
   * other, a second call for the same user while one runs joins it.
   */
  private claimReads(userId: string): Promise<void> {
    if (this.claim?.userId === userId) return this.claim.done;
    const before = this.claim?.done.catch(() => undefined) ?? Promise.resolve();
    const done = before
      .then(() => this.ready)
      .then(async (store) => {
        const owner = await store.getOwner();
        if (owner !== userId) {
          if (owner !== null) await store.clearReads();
          await store.setOwner(userId);
        }
        this.owner = userId;
      });
    const claim = { userId, done };
    this.claim = claim;
    void done
      .catch(() => undefined)
      .then(() => {
        if (this.claim === claim) this.claim = null;
      });
    return done;
  }

  /** Logout: the whole local database (reads, queue) is emptied. */
  async clear(): Promise<void> {
    const store = await this.ready;
    while (this.saving) await this.saving;
    while (this.claim) await this.claim.done.catch(() => undefined);
    await store.clearAll();
    this.owner = null;
    this.state = { pending: [], failed: [] };
    this.publish();
  }

  private async replay(): Promise<ReplayStop> {
    await this.ready;
    const userId = this.deps.userId();
    if (!userId) return 'unauthorized';
    if (!this.deps.online()) return 'unreachable';
    const { confirmedCopy, replayQueue, sendSaveBatch } = await loadQueuedSaves();
    // Another tab may have changed the queue since this one last looked.
    await this.change((state) => state);
    // The last answer per document: kept for offline reads once no queued save of it is left
    // (until then the queued copy, rebased on that answer, is what offline reads show).
    const answered = new Map<string, { write: QueuedWrite; answer: unknown }>();
    const { applied, stoppedBy } = await replayQueue(
      {
        state: () => this.state,
        change: (update) => this.change(update),
        send: (write) => this.send(write),
        sendBatch: (writes) =>
          sendSaveBatch(writes, { api: this.deps.api, send: (write) => this.send(write), outcomeOf }, this.batches),
        now: () => this.now(),
        signedIn: () => this.deps.userId() === userId,
        settled: (write, outcome) => {
          if (!isDocumentSave(write)) return;
          // A save answered in a batch before its last applied one has no answer; the last one's comes after it.
          if (outcome.kind === 'applied') answered.set(write.path, { write, answer: outcome.answer });
          const last = answered.get(write.path);
          if (!last || this.pendingDocument(write.path) !== undefined) return;
          answered.delete(write.path);
          this.remember(write.path, confirmedCopy(last.write, last.answer) ?? last.answer, last.answer);
        },
      },
      userId,
    );
    if (applied.length > 0) this.deps.onApplied(applied);
    return stoppedBy;
  }

  private async send(write: QueuedWrite): Promise<SendOutcome> {
    try {
      const answer = await this.deps.api.request<unknown>(write.path, {
        method: write.method,
        ...(write.body === undefined ? {} : { body: write.body }),
        idempotencyKey: write.key,
      });
      return { kind: 'applied', answer };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  /**
   * Applies `update` to the saved queue (as it is now, also if another tab changed it) and
   * resolves once that is saved; rejects if it could not be. Changes asked for while one is being
   * saved are saved together in the next transaction (in the order asked), so a replay with
   * several saves in flight does not wait for one transaction per step.
   */
  private change(update: (state: QueueState) => QueueState): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ update, resolve, reject });
      this.saving ??= this.saveChanges();
    });
  }

  private async saveChanges(): Promise<void> {
    try {
      for (let batch = this.waiting.splice(0); batch.length > 0; batch = this.waiting.splice(0)) {
        let store: LocalStore;
        try {
          store = await this.ready;
        } catch (error) {
          for (const change of batch) change.reject(error);
          continue;
        }
        await this.saveBatch(store, batch);
      }
    } finally {
      this.saving = null;
    }
  }

  /** One transaction for `batch`; if the store refuses it, each change on its own, so one refused change fails alone. */
  private async saveBatch(store: LocalStore, batch: readonly QueueChange[]): Promise<void> {
    try {
      this.state = await store.updateQueue((state) => batch.reduce((next, change) => change.update(next), state));
      this.publish();
      for (const change of batch) change.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const change of batch) await this.saveBatch(store, [change]);
    }
  }

  private publish(): void {
    if (this.running !== null && this.publishedRunning) {
      this.progressTimer ??= setTimeout(() => this.publishNow(), REPLAY_PROGRESS_MS);
      return;
    }
    this.publishNow();
  }

  private publishNow(): void {
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    const status = this.status();
    this.publishedRunning = status.running;
    this.deps.onStatus(status);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
