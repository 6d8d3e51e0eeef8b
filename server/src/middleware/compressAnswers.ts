import zlib from 'node:zlib';
import compose from 'koa-compose';
import compress from 'koa-compress';
import type { AppMiddleware } from '../appTypes';

/** Below this an answer goes as it is: the headers would eat the gain. */
const THRESHOLD_BYTES = 1024;

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
    threshold: THRESHOLD_BYTES,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
    // Node 20's zlib has no zstd; never let a browser's zstd preference pick it.
    zstd: false,
  }) as unknown as AppMiddleware;
  const keepTokensPlain: AppMiddleware = async (ctx, next) => {
    await next();
    if (carriesToken(ctx.body)) ctx.compress = false;
    serializeOnce(ctx);
  };
  const stack: AppMiddleware = compose([compressor, keepTokensPlain]);
  return async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) await next();
    else await stack(ctx, next);
  };
}
