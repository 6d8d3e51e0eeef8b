import { type ApiErrorBody, de } from '@werkboard/common';
import { isDatabaseUnavailable } from '../db/databaseErrors';
import { ApiError } from '../errors';
import type { AppMiddleware } from '../appTypes';

/**
 * The answer for errors that Koa's own middleware throws or sets with English text (koa-jwt's
 * 401, the body parser's 400 and 413, the router's 404 and 405): the one error format
 * `{message, code}` in German.
 */
function bodyForStatus(status: number): ApiErrorBody {
  switch (status) {
    case 400:
      return { message: de.api.validationFailed, code: 'validation' };
    case 401:
      return { message: de.api.unauthorized, code: 'unauthorized' };
    case 403:
      return { message: de.api.forbidden, code: 'forbidden' };
    case 404:
      return { message: de.api.notFound, code: 'not_found' };
    case 405:
    case 501:
      return { message: de.api.methodNotAllowed, code: 'method_not_allowed' };
    case 413:
      return { message: de.api.payloadTooLarge, code: 'payload_too_large' };
    case 415:
      return { message: de.api.unsupportedMediaType, code: 'unsupported_media_type' };
    default:
      return status >= 500
        ? { message: de.api.internal, code: 'internal' }
        : { message: de.api.failed(status), code: 'failed' };
  }
}

/** Turns every error into a JSON answer with a German message and a code; unexpected ones are logged. */
export const errorHandler: AppMiddleware = async (ctx, next) => {
  try {
    await next();
    // The router answers unknown paths (404) and wrong methods (405, 501) without a body.
    if (ctx.status >= 400 && ctx.body == null && ctx.path.startsWith('/api')) {
      const status = ctx.status;
      ctx.body = bodyForStatus(status);
      ctx.status = status;
    }
  } catch (thrown) {
    // The database is away (restarting): a 503 that clients retry and queue, never a 500.
    const error = isDatabaseUnavailable(thrown)
      ? new ApiError(503, de.api.databaseNotReady, 'database_not_ready')
      : thrown;
    if (error instanceof ApiError) {
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = error.toBody();
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      ctx.status = status;
      ctx.body = bodyForStatus(status);
      return;
    }
    ctx.services.logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = bodyForStatus(500);
  }
};
