import type { ApiErrorBody, LimitKind } from '@werkboard/common';
import { LIMIT_KINDS } from '@werkboard/common';

/** The server answered, but not with 2xx. `message` is the server's German text or a generic one. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiErrorBody | null = null,
  ) {
    super(message);
  }

  /** Field name to German message, from a 400 answer. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

/**
 * A 401 or 409: the session is gone. The client has already logged out and sent the user to
 * /login by the time this is thrown; callers only need to stop.
 */
export class SessionLostError extends ApiError {
  override readonly name: string = 'SessionLostError';
}

/**
 * The request never got an answer (offline, server down, DNS). Kept apart from ApiError
 * because the save path queues exactly these for later and reads fall back to local data.
 */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/**
 * The German text the server answered with (an ApiError, or a QueryError the data layer kept),
 * else the fallback. A lost session has already logged out, a network error has no server
 * text: both give the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !(error instanceof SessionLostError) && error.body?.message)
    return error.body.message;
  if (isQueryError(error) && error.kind === 'server' && error.body?.message) return error.body.message;
  return fallback;
}

/** Which Free limit a write ran into (403 with code 'limit_reached'), or null. */
export function limitReachedKind(error: unknown): LimitKind | null {
  if (!(error instanceof ApiError) || error.body?.code !== 'limit_reached') return null;
  const kind = error.body.limit;
  return kind && (LIMIT_KINDS as readonly string[]).includes(kind) ? kind : null;
}

/**
 * A failed read as the data layer (RTK Query) keeps it in the store: plain data instead of an
 * error instance, so the store stays serialisable. `errorOf` turns it back into the class a
 * caller checks with instanceof.
 */
export interface QueryError {
  kind: 'network' | 'sessionLost' | 'server' | 'other';
  /** The HTTP status; null without an answer. */
  status: number | null;
  message: string;
  body: ApiErrorBody | null;
}

export function isQueryError(error: unknown): error is QueryError {
  return typeof error === 'object' && error !== null && 'kind' in error && 'message' in error && 'body' in error;
}

export function toQueryError(error: unknown): QueryError {
  if (error instanceof SessionLostError)
    return { kind: 'sessionLost', status: error.status, message: error.message, body: error.body };
  if (error instanceof ApiError)
    return { kind: 'server', status: error.status, message: error.message, body: error.body };
  if (error instanceof NetworkError) return { kind: 'network', status: null, message: error.message, body: null };
  return { kind: 'other', status: null, message: error instanceof Error ? error.message : String(error), body: null };
}

/** The error a QueryError was made from (its class, status and server body). */
export function errorOf(error: QueryError): Error {
  switch (error.kind) {
    case 'sessionLost':
      return new SessionLostError(error.message, error.status ?? 401, error.body);
    case 'server':
      return new ApiError(error.message, error.status ?? 500, error.body);
    case 'network':
      return new NetworkError(error.message);
    case 'other':
      return new Error(error.message);
  }
}
