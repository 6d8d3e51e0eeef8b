import { de } from '@werkboard/common';
import { isDatabaseUnavailable } from '../db/databaseErrors';
import { ApiError } from '../errors';
import type { AppMiddleware } from '../appTypes';

/** German messages for errors that Koa's own middleware throws with English text. */
function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return de.api.validationFailed;
    case 401:
      return de.api.unauthorized;
    case 403:
      return de.api.forbidden;
    case 404:
      return de.api.notFound;
    case 413:
      return de.api.payloadTooLarge;
    default:
      return status >= 500 ? de.api.internal : de.api.failed(status);
  }
}

/** Turns every error into a JSON answer with a German message; unexpected ones are logged. */
export const errorHandler: AppMiddleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      ctx.status = 404;
      ctx.body = { message: de.api.notFound };
    }
  } catch (thrown) {
    // The database is away (restarting): a 503 that clients retry and queue, never a 500.
    const error = isDatabaseUnavailable(thrown)
      ? new ApiError(503, de.api.databaseNotReady, 'database_not_ready')
      : thrown;
    if (error instanceof ApiError) {
      ctx.status = error.status;
      ctx.body = error.toBody();
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      ctx.status = status;
      ctx.body = { message: messageForStatus(status) };
      return;
    }
    ctx.services.logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { message: de.api.internal };
  }
};
