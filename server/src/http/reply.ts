import type { AppRouterContext } from '../appTypes';

/**
 * Where an endpoint's answer goes: the HTTP response of the request, or, for a save that came
 * in a batch (`http/writeBatch.ts`), its own place in the batch's answer.
 */
export interface Reply {
  status: number;
  body: unknown;
  set(field: string, value: string): void;
}

/** The request's own response as a `Reply`. */
export function responseReply(ctx: AppRouterContext): Reply {
  return {
    get status() {
      return ctx.status;
    },
    set status(status: number) {
      ctx.status = status;
    },
    get body() {
      return ctx.body;
    },
    set body(body: unknown) {
      ctx.body = body;
    },
    set: (field, value) => ctx.set(field, value),
  };
}

/** A reply kept in memory, with its headers; 404 until something answers, as Koa's response. */
export function memoryReply(): Reply & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return { status: 404, body: undefined, headers, set: (field, value) => (headers[field] = value) };
}
