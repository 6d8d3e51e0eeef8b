import crypto from 'node:crypto';
import { de, IDEMPOTENCY_KEY_PATTERN } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { ApiError } from '../errors';
import type { AppRouterContext } from '../appTypes';
import { type Reply, responseReply } from './reply';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = IDEMPOTENCY_KEY_PATTERN;
/** Answers up to this size are kept whole; a larger one (a big project document) only by its status. */
const MAX_STORED_BODY = 256 * 1024;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a key is kept (issue 13, finding 13): longer than any device stays offline in practice. */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** A claim without an answer after this long belongs to a request that died with its server. */
const ABANDONED_CLAIM_SECONDS = 120;
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 50;
/** Expired keys are deleted at most this often, by whichever write comes along. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

interface StoredAnswer {
  request_hash: string | null;
  status: number | null;
  body: unknown;
}

/** A write with its key: the request the key stands for, method, path and the body exactly as sent. */
export interface KeyedWrite {
  key: string;
  method: string;
  path: string;
  rawBody: string;
}

function requestHash({ method, path, rawBody }: KeyedWrite): string {
  return crypto.createHash('sha256').update(`${method}\n${path}\n${rawBody}`).digest('hex');
}

/** Answers that carry a token are kept without it: a stored session token is a stolen one waiting. */
function storable(body: unknown): string | null {
  if (body === undefined || body === null || Buffer.isBuffer(body)) return null;
  const json = JSON.stringify(body, (key, value: unknown) => (key === 'token' ? undefined : value));
  return json.length <= MAX_STORED_BODY ? json : null;
}

let lastCleanup = 0;

/** Deletes the keys older than IDEMPOTENCY_KEY_DAYS; returns how many went. */
export async function deleteExpiredIdempotencyKeys(sequelize: Sequelize): Promise<number> {
  const [, result] = await sequelize.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => :days)`,
    { replacements: { days: IDEMPOTENCY_KEY_DAYS } },
  );
  return (result as { rowCount?: number }).rowCount ?? 0;
}

/**
 * Claims the key for this request in one statement: a new key, an expired one or one whose
 * claim was abandoned is taken; otherwise somebody holds it. Atomic, so of six concurrent
 * requests with one key exactly one runs (issue 13, finding 13).
 *
 * Committed without waiting for the disk (`synchronous_commit` off for this statement's own
 * transaction only; issue 17, replay of 1,000 saves: a wait of 7 ms per write). Safe because the
 * log is written in order: the write's own commit, which waits, makes the claim durable with it;
 * a crash before that loses both, and the repeat claims again.
 */
async function claim(sequelize: Sequelize, userId: string, write: KeyedWrite, hash: string) {
  const rows = await sequelize.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status, body, created_at)
     SELECT :userId, :key, :method, :path, :hash, NULL, NULL, now()
       FROM (SELECT set_config('synchronous_commit', 'off', true)) AS without_waiting
     ON CONFLICT (user_id, key) DO UPDATE
       SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
           status = NULL, body = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(days => :days)
          OR (idempotency_keys.status IS NULL
              AND idempotency_keys.created_at < now() - make_interval(secs => :abandoned))
     RETURNING 1 AS claimed`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        userId,
        key: write.key,
        method: write.method,
        path: write.path,
        hash,
        days: IDEMPOTENCY_KEY_DAYS,
        abandoned: ABANDONED_CLAIM_SECONDS,
      },
    },
  );
  return rows.length === 1;
}

async function stored(sequelize: Sequelize, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await sequelize.query<StoredAnswer>(
    'SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = :userId AND key = :key',
    { type: QueryTypes.SELECT, replacements: { userId, key } },
  );
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Given to the work: stores the answer now set on the reply (`status`, `body`) for the
 * key inside `transaction`, the write's own, so that the write and its kept answer are committed
 * together (one commit instead of two, and no moment where the write is on the server and its
 * answer is not). Without a key it does nothing.
 */
export type KeepAnswer = (transaction: Transaction) => Promise<void>;

const keepNothing: KeepAnswer = () => Promise.resolve();

/**
 * Writes with an `Idempotency-Key` header (the offline sync queue, issue 7), called by the
 * endpoint once the body is read: the key is claimed atomically and bound to a hash of the
 * request; the first answer below 500 is kept per user and key for 30 days. The same request
 * again gets that answer, marked `Idempotent-Replayed: true`, without running again (a repeat
 * that arrives while the first still runs waits for its answer); the key with another
 * method, path or body is a 422. A 5xx or a crash frees the key so the write can be retried.
 */
export async function idempotent(
  ctx: AppRouterContext,
  sequelize: Sequelize,
  userId: string,
  work: (keepAnswer: KeepAnswer) => Promise<void>,
): Promise<void> {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key || !WRITES.has(ctx.method)) {
    await work(keepNothing);
    return;
  }
  const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
  await idempotentWrite(
    sequelize,
    userId,
    { key, method: ctx.method, path: ctx.path, rawBody },
    responseReply(ctx),
    work,
  );
}

/**
 * `idempotent` for one keyed write, answering into `reply`: the request's response, or one save's
 * place in a batch (`writeBatch.ts`), whose saves are keyed exactly as the single request would
 * be (same method, path and body), so a key answered on one path is answered again on the other.
 */
export async function idempotentWrite(
  sequelize: Sequelize,
  userId: string,
  write: KeyedWrite,
  reply: Reply,
  work: (keepAnswer: KeepAnswer) => Promise<void>,
): Promise<void> {
  if (!KEY.test(write.key)) throw new ApiError(400, de.api.idempotencyKeyInvalid, 'validation');
  if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
    lastCleanup = Date.now();
    await deleteExpiredIdempotencyKeys(sequelize);
  }
  const hash = requestHash(write);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  while (!(await claim(sequelize, userId, write, hash))) {
    const first = await stored(sequelize, userId, write.key);
    if (first === undefined) continue; // freed by a failed first request: claim again
    if (first.request_hash !== null && first.request_hash !== hash)
      throw new ApiError(422, de.api.idempotencyKeyReused, 'idempotency_key_reused');
    if (first.status !== null) {
      reply.set('Idempotent-Replayed', 'true');
      reply.status = first.status;
      reply.body = first.body ?? { replayed: true };
      return;
    }
    if (Date.now() > deadline) {
      const busy = new ApiError(503, de.api.idempotencyInProgress, 'idempotency_in_progress');
      busy.headers = { 'Retry-After': '5' };
      throw busy;
    }
    await sleep(POLL_MS);
  }
  await runClaimed(reply, sequelize, userId, write.key, work);
}

async function runClaimed(
  reply: Reply,
  sequelize: Sequelize,
  userId: string,
  key: string,
  work: (keepAnswer: KeepAnswer) => Promise<void>,
): Promise<void> {
  let kept = false;
  const keepAnswer: KeepAnswer = async (transaction) => {
    await remember(sequelize, userId, key, reply.status, reply.body, transaction);
    kept = true;
  };
  try {
    await work(keepAnswer);
  } catch (error) {
    // A write that failed after keeping its answer rolled the answer back with it.
    if (error instanceof ApiError && error.status < 500) {
      await remember(sequelize, userId, key, error.status, error.toBody());
    } else {
      await release(sequelize, userId, key);
    }
    throw error;
  }
  if (kept) return;
  if (reply.status < 500) await remember(sequelize, userId, key, reply.status, reply.body);
  else await release(sequelize, userId, key);
}

async function remember(
  sequelize: Sequelize,
  userId: string,
  key: string,
  status: number,
  body: unknown,
  transaction?: Transaction,
) {
  // Bound, not written into the statement: an answer of tens of KB (a replayed save's delta
  // since an old base) is neither escaped here nor parsed as SQL text by PostgreSQL (issue 17).
  await sequelize.query(
    `UPDATE idempotency_keys SET status = $1, body = CAST($2 AS jsonb) WHERE user_id = $3 AND key = $4`,
    { bind: [status, storable(body), userId, key], transaction },
  );
}

async function release(sequelize: Sequelize, userId: string, key: string) {
  await sequelize.query('DELETE FROM idempotency_keys WHERE user_id = :userId AND key = :key AND status IS NULL', {
    replacements: { userId, key },
  });
}
