import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import { de, IMPORT_MAX_BYTES, validate } from '@werkboard/common';
import type { Sequelize, Transaction } from 'sequelize';
import type { ZodType } from 'zod';
import type { AppContext, AppMiddleware, AppRouterContext, AppState } from '../appTypes';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError, validOrThrow } from '../errors';
import { idempotent, idempotentWrite, type KeepAnswer, type KeyedWrite } from './idempotency';
import { type Reply, responseReply } from './reply';
import { spoolBody } from './spooledBody';
import { requireDatabase } from '../middleware/requireDatabase';
import type { User } from '../models';
import type { Services } from '../serverState';

/**
 * The one request path of the API (docs/architecture.md, "One request path"):
 *
 *   auth → caller check (large bodies only) → body read → idempotency key claimed → body and query (400) → load (404)
 *     → authorize (403) → entity tag (304) → handle → present
 *
 * Authentication runs before any endpoint (routes/index.ts); a body is parsed only after it,
 * with the endpoint's size limit. Validation needs no database and comes first, so a request
 * that cannot be right is refused before anything is read; `load` finds what the route works
 * on (404), `authorize` asks the policies from common (403 through `authorize()`), `handle`
 * does the work (its own 400s where stored state decides, e.g. a name taken) and `present`
 * turns the result into the DTO. With `transaction`, load, authorize and handle run in one
 * transaction opened here, the only place a request opens one.
 */

/**
 * Request bodies: small everywhere (also on public routes), large only where declared;
 * 'import' for the signed-in import routes, whose files carry a company's photos.
 */
const BODY_LIMITS = { small: '100kb', large: '8mb' } as const;
/** 'import': the body is not parsed but written to a file (a `SpooledBody`), read as a stream by the route. */
export type BodySize = keyof typeof BODY_LIMITS | 'import';

const parsers: Record<keyof typeof BODY_LIMITS, AppMiddleware> = {
  small: bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMITS.small, encoding: 'utf-8' }),
  large: bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMITS.large, encoding: 'utf-8' }),
};

/** A check of the body or query: a zod schema, or a function that returns the value or throws a 400. */
export type Check<T> = ZodType<T> | ((raw: unknown) => T | Promise<T>);

export type Params = Readonly<Record<string, string | undefined>>;

export interface PublicRequest<Body, Query> {
  ctx: AppRouterContext;
  services: Services;
  params: Params;
  body: Body;
  query: Query;
}

export interface UserRequest<Body, Query, Resource, InTransaction extends boolean = boolean> extends PublicRequest<
  Body,
  Query
> {
  /** The caller for the policies and the change log. */
  actor: SessionActor;
  /** The caller's stored account (profile, settings, password). */
  user: User;
  /** The session of the caller's token (auth/sessions.ts). */
  sessionId: string;
  sequelize: Sequelize;
  /** The endpoint's transaction: there when it declares `transaction: true`. */
  transaction: InTransaction extends true ? Transaction : undefined;
  /** What `load` found. */
  resource: Resource;
}

interface Answer<Result, Request> {
  /** The success status (200 unless said). */
  status?: number;
  /** The result as the API shows it; without it the result is the answer. */
  present?: (result: Result, request: Request) => unknown;
}

export interface PublicEndpoint<Body, Query, Result> extends Answer<Result, PublicRequest<Body, Query>> {
  /** 503 with the spec's text before anything else while the database is not ready. */
  needsDatabase?: boolean;
  body?: Check<Body>;
  query?: Check<Query>;
  handle: (request: PublicRequest<Body, Query>) => Result | Promise<Result>;
}

export interface Endpoint<Body, Query, Resource, Result, InTransaction extends boolean> extends Answer<
  Result,
  UserRequest<Body, Query, Resource, InTransaction>
> {
  bodySize?: BodySize;
  /**
   * A check of the caller alone, before the body is read (403 through `authorize()`): for
   * endpoints with a large body, so that a caller who may never use them cannot make the
   * server read and parse one.
   */
  authorizeCaller?: (actor: SessionActor) => void;
  body?: Check<Body>;
  query?: Check<Query>;
  load?: (request: UserRequest<Body, Query, undefined, InTransaction>) => Promise<Resource>;
  /** The policies' verdict: throws 403 through `authorize()` from errors.ts. */
  authorize?: (request: UserRequest<Body, Query, Resource, InTransaction>) => void;
  transaction?: InTransaction;
  /**
   * The answer's entity tag, from what `load` found (checked after `authorize`): sent as
   * `ETag`, and a request whose `If-None-Match` names it gets 304 without `handle` running.
   */
  etag?: (request: UserRequest<Body, Query, Resource, InTransaction>) => string;
  handle: (request: UserRequest<Body, Query, Resource, InTransaction>) => Result | Promise<Result>;
}

/** `If-None-Match` names `tag` (weak comparison, RFC 9110 13.1.2). */
function notModified(ifNoneMatch: string, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((value) => opaque(value) === opaque(tag));
}

async function checked<T>(check: Check<T> | undefined, raw: unknown): Promise<T> {
  if (check === undefined) return raw as T;
  if (typeof check === 'function') return check(raw);
  return validOrThrow(validate(check, raw));
}

/** Reads the body; answers what is to be done once the request is answered (a spooled file removed). */
async function readBody(ctx: AppRouterContext, size: BodySize): Promise<() => Promise<void>> {
  if (size !== 'import') {
    await parsers[size](ctx, () => Promise.resolve());
    return () => Promise.resolve();
  }
  const { body, sha256 } = await spoolBody(ctx, ctx.services.config.dataDir, IMPORT_MAX_BYTES);
  ctx.request.body = body;
  // The idempotency key is bound to the body as sent: here through its digest.
  (ctx.request as { rawBody?: string }).rawBody = `sha256:${sha256}`;
  return () => body.remove();
}

async function checkInput<Body, Query>(
  raw: { body: unknown; query: unknown },
  checks: { body?: Check<Body>; query?: Check<Query> },
): Promise<{ body: Body; query: Query }> {
  return { body: await checked(checks.body, raw.body), query: await checked(checks.query, raw.query) };
}

function answer<Result, Request>(reply: Reply, spec: Answer<Result, Request>, result: Result, request: Request) {
  reply.status = spec.status ?? 200;
  reply.body = spec.present ? spec.present(result, request) : result;
}

function publicMiddleware<Body, Query, Result>(spec: PublicEndpoint<Body, Query, Result>): AppMiddleware {
  return async (ctx) => {
    const routerCtx = ctx as AppRouterContext;
    if (spec.needsDatabase) requireDatabase(ctx);
    await readBody(routerCtx, 'small');
    const input = await checkInput({ body: routerCtx.request.body, query: routerCtx.query }, spec);
    const request: PublicRequest<Body, Query> = {
      ctx: routerCtx,
      services: ctx.services,
      params: routerCtx.params,
      ...input,
    };
    answer(responseReply(routerCtx), spec, await spec.handle(request), request);
  };
}

/** The signed-in caller as authentication left it in the state. */
interface Caller {
  actor: SessionActor;
  user: User;
  sessionId: string;
}

function userMiddleware<Body, Query, Resource, Result, InTransaction extends boolean>(
  spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
): AppMiddleware {
  return async (ctx) => {
    const routerCtx = ctx as AppRouterContext;
    const { actor, user, sessionId } = ctx.state;
    if (!actor || !user || !sessionId)
      throw new Error('an endpoint for signed-in users was reached without authentication');
    const { sequelize } = requireDatabase(ctx);
    spec.authorizeCaller?.(actor);
    const cleanUp = await readBody(routerCtx, spec.bodySize ?? 'small');
    try {
      await answerCaller(routerCtx, spec, sequelize, { actor, user, sessionId });
    } finally {
      await cleanUp();
    }
  };
}

/** What the stages read of a request and where they answer: the HTTP request, or one save of a batch. */
interface Incoming {
  params: Params;
  body: unknown;
  query: unknown;
  ifNoneMatch: string;
  reply: Reply;
}

async function answerCaller<Body, Query, Resource, Result, InTransaction extends boolean>(
  routerCtx: AppRouterContext,
  spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  sequelize: Sequelize,
  caller: Caller,
): Promise<void> {
  const incoming: Incoming = {
    params: routerCtx.params,
    body: routerCtx.request.body,
    query: routerCtx.query,
    ifNoneMatch: routerCtx.get('If-None-Match'),
    reply: responseReply(routerCtx),
  };
  // The key is bound to the body as sent, so it is claimed before the body is checked: a
  // refusal is an answer that a repeat gets again.
  await idempotent(routerCtx, sequelize, caller.actor.id, (keepAnswer) =>
    runStages(routerCtx, spec, sequelize, caller, incoming, keepAnswer),
  );
}

/** Checks, load, authorize, entity tag, handle and present, in the endpoint's transaction if it has one. */
async function runStages<Body, Query, Resource, Result, InTransaction extends boolean>(
  routerCtx: AppRouterContext,
  spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  sequelize: Sequelize,
  caller: Caller,
  incoming: Incoming,
  keepAnswer: KeepAnswer,
): Promise<void> {
  const input = await checkInput(incoming, spec);
  const run = async (open: Transaction | undefined): Promise<void> => {
    // `open` is there exactly when the spec says `transaction: true`, as the type says.
    const transaction = open as UserRequest<Body, Query, Resource, InTransaction>['transaction'];
    const base = {
      ctx: routerCtx,
      services: routerCtx.services,
      params: incoming.params,
      ...input,
      ...caller,
    };
    const resource = spec.load ? await spec.load({ ...base, sequelize, transaction, resource: undefined }) : undefined;
    const request = { ...base, sequelize, transaction, resource: resource as Resource };
    spec.authorize?.(request);
    if (spec.etag) {
      const tag = spec.etag(request);
      incoming.reply.set('ETag', tag);
      if (notModified(incoming.ifNoneMatch, tag)) {
        incoming.reply.status = 304;
        return;
      }
    }
    answer(incoming.reply, spec, await spec.handle(request), request);
    // A key's answer is committed with the write it answers, in its transaction.
    if (open) await keepAnswer(open);
  };
  if (spec.transaction) await sequelize.transaction(run);
  else await run(undefined);
}

/** One keyed write that came inside another request (a batch), to run as its own request would. */
export interface InnerWrite extends KeyedWrite {
  params: Params;
}

/**
 * Runs `write` through `spec` exactly as the request `write.method write.path` with the key and
 * the body `write.rawBody` would run after authentication (`http/writeBatch.ts`): the caller
 * check, the body as JSON (400 as the body parser's), the key claimed on that method, path and
 * body, the checks, load, authorize, handle and present, the answer kept with the write. The
 * answer is written into `reply`; an error is thrown as that request would throw it.
 */
export async function runInnerWrite<Body, Query, Resource, Result, InTransaction extends boolean>(
  spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  outer: UserRequest<unknown, unknown, unknown>,
  write: InnerWrite,
  reply: Reply,
): Promise<void> {
  const caller: Caller = { actor: outer.actor, user: outer.user, sessionId: outer.sessionId };
  spec.authorizeCaller?.(caller.actor);
  let body: unknown;
  try {
    body = JSON.parse(write.rawBody);
  } catch {
    throw new ApiError(400, de.api.validationFailed, 'validation');
  }
  const incoming: Incoming = { params: write.params, body, query: {}, ifNoneMatch: '', reply };
  await idempotentWrite(outer.sequelize, caller.actor.id, write, reply, (keepAnswer) =>
    runStages(outer.ctx, spec, outer.sequelize, caller, incoming, keepAnswer),
  );
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Where route modules declare their endpoints. Signed-in endpoints land behind
 * authentication; the few public ones (status, server info, login) are declared as such.
 */
export class ApiRoutes {
  readonly publicRouter = new Router<AppState, AppContext>({ prefix: '/api' });
  readonly userRouter = new Router<AppState, AppContext>({ prefix: '/api' });

  publicGet<Body, Query, Result>(path: string, spec: PublicEndpoint<Body, Query, Result>): void {
    this.publicRouter.get(path, publicMiddleware(spec));
  }

  publicPost<Body, Query, Result>(path: string, spec: PublicEndpoint<Body, Query, Result>): void {
    this.publicRouter.post(path, publicMiddleware(spec));
  }

  get<Body, Query, Resource, Result, InTransaction extends boolean = false>(
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.add('get', path, spec);
  }

  post<Body, Query, Resource, Result, InTransaction extends boolean = false>(
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.add('post', path, spec);
  }

  put<Body, Query, Resource, Result, InTransaction extends boolean = false>(
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.add('put', path, spec);
  }

  patch<Body, Query, Resource, Result, InTransaction extends boolean = false>(
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.add('patch', path, spec);
  }

  delete<Body, Query, Resource, Result, InTransaction extends boolean = false>(
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.add('delete', path, spec);
  }

  private add<Body, Query, Resource, Result, InTransaction extends boolean>(
    method: Method,
    path: string,
    spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  ): void {
    this.userRouter[method](path, userMiddleware(spec));
  }
}
