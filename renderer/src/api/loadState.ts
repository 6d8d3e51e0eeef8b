import type { QueryError } from './errors';
import { isQueryError } from './errors';

/** What a screen shows of something it reads: loading, failed, or the data. */
export type LoadState<T> =
  { status: 'loading' } | { status: 'failed'; error: QueryError | null } | { status: 'loaded'; data: T };

/** The part of an RTK Query hook's result a LoadState is made from. */
export interface QueryResultLike<T> {
  data?: T;
  error?: unknown;
  isError: boolean;
}

/**
 * A query's result as a LoadState. Data once read stays on screen when a later refresh fails
 * (offline, server restarting); without data a failure shows as 'failed'.
 */
export function loadStateOf<T>(result: QueryResultLike<T>): LoadState<T> {
  if (result.data !== undefined) return { status: 'loaded', data: result.data };
  if (result.isError) return { status: 'failed', error: isQueryError(result.error) ? result.error : null };
  return { status: 'loading' };
}
