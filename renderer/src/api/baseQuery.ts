import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiClient, RequestOptions } from './client';
import type { QueryError } from './errors';
import { toQueryError } from './errors';

/** What a read endpoint asks for: a path, or a path with the client's options. */
export type ReadArgs =
  | string
  | ({ path: string; /** The answer is text (the server log), not JSON. */ text?: boolean } & Pick<
      RequestOptions,
      'token' | 'sessionHandling' | 'noCache' | 'withToken'
    >);

/** The part of the thunk extra the data layer reads with (store/types.ts ThunkExtra). */
interface ReadExtra {
  api: ApiClient;
}

/**
 * RTK Query's base query over the one API client (architecture decision 5): the client that
 * the store builds with the offline read fallback (api/localReads.ts) plugged in, so every
 * endpoint gets the bearer token, the device id, the 401/409 handling, the kept copies and
 * the local-data banner from one place. Errors are kept as plain QueryError data.
 */
export const clientBaseQuery: BaseQueryFn<ReadArgs, unknown, QueryError> = async (args, { extra }) => {
  const { api } = extra as ReadExtra;
  const { path, text = false, ...options } = typeof args === 'string' ? { path: args } : args;
  try {
    return { data: text ? await api.getText(path, options) : await api.get<unknown>(path, options) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};
