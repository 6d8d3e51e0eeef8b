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

/**
 * The answer an error gets: an `ApiError` its own (with its headers), the database away a 503
 * that clients retry and queue (never a 500), Koa's 4xx in German, anything else a 500 that is
 * logged (`unexpected`).
 */
export function errorAnswer(thrown: unknown): {
  status: number;
  body: ApiErrorBody;
  headers: Readonly<Record<string, string>>;
  unexpected: boolean;
} {
  const error = isDatabaseUnavailable(thrown)
    ? new ApiError(503, de.api.databaseNotReady, 'database_not_ready')
    : thrown;
  if (error instanceof ApiError)
    return { status: error.status, body: error.toBody(), headers: error.headers, unexpected: false };
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { status, body: bodyForStatus(status), headers: {}, unexpected: false };
  return { status: 500, body: bodyForStatus(500), headers: {}, unexpected: true };
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
    const answer = errorAnswer(thrown);
    if (answer.unexpected)
      ctx.services.logger.error({ err: thrown, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  }
};
