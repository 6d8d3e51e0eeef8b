import type { SearchQuery, SearchResponse } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * The query string of GET /search: q (also when empty) and one tag= per chosen label.
 * encodeURIComponent (%20, not '+') reads the same in every query parser.
 */
export function searchPath(query: SearchQuery): string {
  const parts = [
    `q=${encodeURIComponent(query.text)}`,
    ...query.tagLabels.map((label) => `tag=${encodeURIComponent(label)}`),
  ];
  return `/search?${parts.join('&')}`;
}

/** GET /search?q=…&tag=…: projects and their matching tasks. Throws for the page's message. */
export function fetchSearch(query: SearchQuery): AppThunk<Promise<SearchResponse>> {
  return (_dispatch, _getState, { api }) => api.get<SearchResponse>(searchPath(query));
}
