import { de, type ApiErrorBody, type LimitKind, type Validation } from '@werkboard/common';

/** An error that becomes an HTTP answer with a German message. */
export class ApiError extends Error {
  /** Headers the answer carries (Retry-After of a 429). */
  headers: Readonly<Record<string, string>> = {};

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Pick<ApiErrorBody, 'limit' | 'max'>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return {
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...this.extra,
    };
  }
}

/** 403 when the caller may not do this; the message says why, in German. */
export function forbidden(message: string = de.api.forbidden): ApiError {
  return new ApiError(403, message, 'forbidden');
}

/**
 * The one way a request is refused for lack of right: the policy's verdict from common, and
 * a 403 with the message when it said no. Endpoints call it in their `authorize` stage.
 */
export function authorize(allowed: boolean, message?: string): void {
  if (!allowed) throw forbidden(message);
}

export function notFound(message: string = de.api.notFound): ApiError {
  return new ApiError(404, message, 'not_found');
}

/** The result of a schema, or a 400 with the first German message and one per field. */
export function validOrThrow<T>(result: Validation<T>): T {
  if (!result.ok) throw new ApiError(400, result.message, 'validation', result.fields);
  return result.value;
}

/** A 400 about one field of the request: the message for the whole answer and for the field. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, message, 'validation', { [field]: message });
}

/** A Free limit is reached: 403 with the spec's dialog title as the message (spec section 8). */
export function limitReached(kind: LimitKind, max: number): ApiError {
  return new ApiError(403, de.limits[kind], 'limit_reached', undefined, { limit: kind, max });
}

/** A feature the Free license does not include: 403 with code 'license' (spec section 9). */
export function licenseRequired(message: string): ApiError {
  return new ApiError(403, message, 'license');
}

/** 429 with the seconds until the next try may pass. */
export function tooManyAttempts(message: string, retryAfterSeconds: number): ApiError {
  const error = new ApiError(429, message, 'too_many_attempts');
  error.headers = { 'Retry-After': String(retryAfterSeconds) };
  return error;
}
