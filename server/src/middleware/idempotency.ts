import { de } from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { ApiError } from '../errors';
import type { AppRouterContext } from '../appTypes';
import { requireDatabase } from './requireDatabase';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{1,100}$/;
/** Answers up to this size are kept whole; a larger one (a big project document) only by its status. */
const MAX_STORED_BODY = 256 * 1024;
const WRITES = new Set(['POST', 'PUT', 'DELETE']);

interface StoredAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/**
 * Writes with an `Idempotency-Key` header (the offline sync queue, issue 7): the first answer
 * below 500 is kept per user and key; the same write sent again gets that answer, marked
 * `Idempotent-Replayed: true`, without running again. A key used for another method or path
 * is refused. Runs after authentication, so a 401 is never kept.
 */
export async function idempotency(ctx: AppRouterContext, next: () => Promise<unknown>): Promise<void> {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key || !WRITES.has(ctx.method) || !ctx.state.actor) {
    await next();
    return;
  }
  if (!KEY.test(key)) throw new ApiError(400, de.api.idempotencyKeyInvalid, 'validation');
  const { sequelize } = requireDatabase(ctx);
  const userId = ctx.state.actor.id;
  const [stored] = await sequelize.query<StoredAnswer>(
    'SELECT method, path, status, body FROM idempotency_keys WHERE user_id = :userId AND key = :key',
    { type: QueryTypes.SELECT, replacements: { userId, key } },
  );
  if (stored) {
    if (stored.method !== ctx.method || stored.path !== ctx.path)
      throw new ApiError(400, de.api.idempotencyKeyReused, 'validation');
    ctx.set('Idempotent-Replayed', 'true');
    ctx.status = stored.status;
    ctx.body = stored.body ?? { replayed: true };
    return;
  }
  let status: number;
  let body: unknown;
  try {
    await next();
    status = ctx.status;
    body = ctx.body;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    status = error.status;
    body = error.toBody();
    await remember(ctx, userId, key, status, body);
    throw error;
  }
  if (status < 500) await remember(ctx, userId, key, status, body);
}

async function remember(ctx: AppRouterContext, userId: string, key: string, status: number, body: unknown) {
  const json = body === undefined || Buffer.isBuffer(body) ? null : JSON.stringify(body);
  await requireDatabase(ctx).sequelize.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, status, body)
     VALUES (:userId, :key, :method, :path, :status, CAST(:body AS jsonb)) ON CONFLICT DO NOTHING`,
    {
      replacements: {
        userId,
        key,
        method: ctx.method,
        path: ctx.path,
        status,
        body: json !== null && json.length <= MAX_STORED_BODY ? json : null,
      },
    },
  );
}
