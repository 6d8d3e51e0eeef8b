import { de } from '@werkboard/common';
import { ApiError } from '../errors';
import type { Database } from '../db/database';
import type { AppContext } from '../appTypes';

/** The database of a request, or a 503 with the spec's text while it is not initialised. */
export function requireDatabase(ctx: Pick<AppContext, 'services'>): Database {
  const { database, status } = ctx.services;
  if (!database || !status.databaseInitialized) throw new ApiError(503, de.api.databaseNotReady, 'database_not_ready');
  return database;
}
