import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppMiddleware } from '../appTypes';

/** The headers helmet sets and removes for options that do not depend on the request. */
export interface FixedHeaders {
  set: Record<string, string>;
  removed: string[];
}

/**
 * What helmet does to an answer, asked once: with no directive given as a function, its
 * headers are the same for every request. Helmet runs synchronously against a response that
 * only records; a helmet that answered later or with an error throws here, at start.
 */
export function fixedSecurityHeaders(options: Readonly<HelmetOptions>): FixedHeaders {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function'))
    throw new Error('a CSP directive given as a function depends on the request: its headers are not fixed');
  const headers: FixedHeaders = { set: {}, removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers.set[name];
      headers.removed.push(name);
    },
  };
  let answered = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    answered = true;
  });
  if (!answered) throw new Error('helmet did not set its headers at once: the options depend on the request');
  return headers;
}

/**
 * The security headers of every answer (CSP, HSTS when TLS, nosniff, frame and referrer
 * policies ...): helmet's, worked out at start instead of on every request (issue 17: koa-helmet's
 * promise around helmet cost 14 µs of each API request).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): AppMiddleware {
  const { set, removed } = fixedSecurityHeaders(options);
  return async (ctx, next) => {
    ctx.set(set);
    for (const name of removed) ctx.remove(name);
    await next();
  };
}
