import { errorOf, isQueryError } from './errors';

/** A dispatched `endpoint.initiate(arg, { forceRefetch: true })`: a request with its subscription. */
interface Subscribed<T> extends PromiseLike<{ data?: T; error?: unknown }> {
  unsubscribe(): void;
}

/** What a thunk passes to `initiate` when it needs the answer itself: always from the server (or the offline fallback). */
export const FRESH = { forceRefetch: true } as const;

/**
 * The answer of a read a thunk made through an endpoint (the open board, the session check,
 * the offline keeping): its data, or its error as the class it was (ApiError, NetworkError …).
 * The subscription is held until the answer is read, then given up, so the entry leaves the
 * cache after the endpoint's keepUnusedDataFor.
 */
export async function readOnce<T>(request: Subscribed<T>): Promise<T> {
  try {
    const result = await request;
    if (result.error !== undefined)
      throw isQueryError(result.error) ? errorOf(result.error) : new Error(describe(result.error));
    if (result.data === undefined) throw new Error(describe(undefined));
    return result.data;
  } finally {
    request.unsubscribe();
  }
}

function describe(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
}
