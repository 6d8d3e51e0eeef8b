import type { SearchQuery, SearchResponse } from '@werkboard/common';
import { apiSlice } from '../apiSlice';

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

export const searchApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /search?q=…&tag=…: projects and their matching tasks, from SQL on the server. */
    search: build.query<SearchResponse, SearchQuery>({ query: searchPath }),
  }),
});

export const { useSearchQuery } = searchApi;
