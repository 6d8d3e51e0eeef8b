import { parseSearchQuery, type SearchQuery } from '@werkboard/common';
import { ApiError } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { search } from '../services/search';

/** The query's text and tags (`q`, `tag` repeated): a 400 with the German message when they cannot be searched. */
function searchQuery(raw: unknown): SearchQuery {
  const { q, tag } = raw as Record<string, unknown>;
  const parsed = parseSearchQuery(q, tag);
  if (!parsed.ok) throw new ApiError(400, parsed.message, 'validation');
  return parsed.value;
}

/** GET /api/search: finding projects and tasks across the caller's projects (spec section 2). */
export function registerSearchRoutes(api: ApiRoutes): void {
  api.get('/search', {
    query: searchQuery,
    handle: ({ sequelize, actor, query }) => search(sequelize, actor, query),
  });
}
