import type { ApiClient } from './client';

export interface SaveRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /**
   * False where a 401/409 answer means something other than a lost session: a 409 of license
   * activation is "key already in use" (spec section 4), not a reason to log out.
   */
  sessionHandling?: false;
}

export type Save = <T = void>(request: SaveRequest) => Promise<T>;

/**
 * The single path every data write takes (Focalboard's "mutator"). Today it sends the request
 * and lets errors through. The offline issue adds the sync queue HERE: on a NetworkError the
 * change is applied locally and queued with an idempotency key instead of being rethrown.
 * Nothing else may call the client with a write method, so that seam stays the only one.
 * (Login is not a data write and never queued; it calls the client directly.)
 */
export function createSave(api: ApiClient): Save {
  return <T>(request: SaveRequest) =>
    api.request<T>(request.path, {
      method: request.method,
      body: request.body,
      ...(request.sessionHandling === false ? { sessionHandling: false } : {}),
    });
}
