import compose from 'koa-compose';
import compress from 'koa-compress';
import type { AppMiddleware } from '../appTypes';
import {
  brotliOptions,
  chooseEncoding,
  COMPRESS_THRESHOLD_BYTES,
  gzipOptions,
  PreparedAnswer,
} from '../http/preparedAnswer';
import { SERVER_TIMING } from '../http/serverTiming';

/** An answer that carries a session token (login): never compressed, see below. */
function carriesToken(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && 'token' in body;
}

/**
 * A JSON answer turned into its text here, once: koa-compress asks the answer's length first,
 * which for an object body is `JSON.stringify` of the whole answer, and Koa then stringifies it
 * again to send it (a 5,000-card board is 3.8 MB of JSON; issue 17's throughput benchmark).
 * The Content-Type stays JSON (Koa keeps a type that is set), the length is the text's.
 */
function serializeOnce(ctx: Parameters<AppMiddleware>[0]): void {
  const body: unknown = ctx.body;
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body) || isStream(body)) return;
  ctx.body = JSON.stringify(body);
}

/**
 * A prepared answer (the project answer cache, issue 17) goes in the encoding the client
 * takes, compressed once for all who read it; koa-compress leaves an encoded body alone.
 */
async function sendPrepared(ctx: Parameters<AppMiddleware>[0], answer: PreparedAnswer): Promise<void> {
  ctx.type = 'application/json';
  const encoding =
    ctx.method === 'HEAD' || answer.json.length < COMPRESS_THRESHOLD_BYTES
      ? 'identity'
      : chooseEncoding(ctx.get('Accept-Encoding'));
  const started = performance.now();
  if (encoding === 'identity') ctx.body = answer.json;
  else {
    ctx.body = await answer.encodedAs(encoding);
    ctx.set('Content-Encoding', encoding);
  }
  // Only for the request that made the answer: a kept one's steps are not this request's.
  if (SERVER_TIMING && answer.timing !== undefined) {
    ctx.set('Server-Timing', `${answer.timing}, compress;dur=${(performance.now() - started).toFixed(1)}`);
    answer.timing = undefined;
  }
}

function isStream(body: object): boolean {
  return typeof (body as { pipe?: unknown }).pipe === 'function';
}

/**
 * Compresses the JSON answers of /api (brotli at a fast level, else gzip): a 5,000-card
 * board is 3.6 MB as text and a tenth of that compressed, which is what a fitter's data plan
 * pays. The renderer's files are compressed once at build time instead (serveRenderer sends
 * the .br/.gz files), image bytes are compressed already.
 *
 * An answer that carries a token is sent uncompressed: with a secret and text the caller
 * chose in one compressed answer, its length can give the secret away (BREACH). The other
 * answers hold no secret (no hashes, no keys; docs/security.md).
 */
export function compressAnswers(): AppMiddleware {
  const compressor = compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // By the answer's size (large answers at a faster level, preparedAnswer.ts).
    br: (_type: string, size: number) => brotliOptions(size),
    gzip: (_type: string, size: number) => gzipOptions(size),
    deflate: false,
    // Node 20's zlib has no zstd; never let a browser's zstd preference pick it.
    zstd: false,
  }) as unknown as AppMiddleware;
  const keepTokensPlain: AppMiddleware = async (ctx, next) => {
    await next();
    if (ctx.body instanceof PreparedAnswer) return sendPrepared(ctx, ctx.body);
    if (carriesToken(ctx.body)) ctx.compress = false;
    serializeOnce(ctx);
  };
  const stack: AppMiddleware = compose([compressor, keepTokensPlain]);
  return async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) await next();
    else await stack(ctx, next);
  };
}
