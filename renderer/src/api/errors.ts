import type { ApiErrorBody } from '@werkboard/common';

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
