import { isUuid } from '@werkboard/common';
import { notFound } from '../errors';

/**
 * A path id, lower-cased: anything that is not a UUID cannot exist, so it is a 404 with the
 * resource's message (never a database error).
 */
export function idParam(value: string | undefined, message: string): string {
  if (!isUuid(value)) throw notFound(message);
  return value.toLowerCase();
}
