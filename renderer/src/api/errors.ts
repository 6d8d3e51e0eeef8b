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
 * The German text the server answered with, else the fallback. A SessionLostError has already
 * logged out, a network error has no server text: both give the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !(error instanceof SessionLostError) && error.body?.message)
    return error.body.message;
  return fallback;
}

/** Which Free limit a write ran into (403 with code 'limit_reached'), or null. */
export function limitReachedKind(error: unknown): LimitKind | null {
  if (!(error instanceof ApiError) || error.body?.code !== 'limit_reached') return null;
  const kind = error.body.limit;
  return kind && (LIMIT_KINDS as readonly string[]).includes(kind) ? kind : null;
}
