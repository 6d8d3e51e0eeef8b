import { ConnectionError, DatabaseError } from 'sequelize';

/**
 * SQLSTATEs of a database that is going away or not back yet: admin_shutdown,
 * crash_shutdown, cannot_connect_now, and the connection exceptions (class 08).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** What node-postgres says when the server closed the connection under a query. */
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /not queryable/i];

/**
 * Whether an error means "the database is not there right now" rather than a fault of the
 * request or the code: such requests get a 503 that clients retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  const cause = error instanceof DatabaseError ? error.parent : error;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(cause.message));
}
