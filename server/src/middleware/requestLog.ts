import type { AppMiddleware } from '../appTypes';

/**
 * One log line per API request: method, path, status, duration, who and from which address
 * (ASVS 16.2.1; the address as `clientAddress` decided it); never bodies or headers.
 */
export const requestLog: AppMiddleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api')) {
      ctx.services.logger.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          userId: ctx.state.actor?.id,
          ip: ctx.ip,
        },
        'request',
      );
    }
  }
};
