import type { AppMiddleware } from '../appTypes';

/** One log line per API request: method, path, status, duration and who; never bodies or headers. */
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
        },
        'request',
      );
    }
  }
};
