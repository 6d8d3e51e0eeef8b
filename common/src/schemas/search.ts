import { organisationMessages } from '../messages/organisation';
import { textProblem } from './fields';

/**
 * GET /api/search?q=…&tag=…&tag=…: projects the caller may see (not archived, no templates)
 * whose name or number contains the text or that have a task containing it (title or
 * description, case-insensitive), narrowed to those carrying every chosen tag label (tags of
 * all customer types with that label count as one). Answered by SQL.
 */
export const SEARCH_LIMITS = { query: 200, tags: 20, projects: 50, tasksPerProject: 20 } as const;

export interface SearchQuery {
  text: string;
  tagLabels: string[];
}

/** Reads ?q= and repeated ?tag= the same way on both sides; a 400 message when too long. */
export function parseSearchQuery(
  q: unknown,
  tag: unknown,
): { ok: true; value: SearchQuery } | { ok: false; message: string } {
  const text = typeof q === 'string' ? q.trim() : '';
  if (text.length > SEARCH_LIMITS.query) return { ok: false, message: organisationMessages.search.queryTooLong };
  const raw = Array.isArray(tag) ? tag : typeof tag === 'string' ? [tag] : [];
  const labels = [
    ...new Set(
      raw
        .filter((value): value is string => typeof value === 'string')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  if (labels.length > SEARCH_LIMITS.tags) return { ok: false, message: organisationMessages.search.tooManyTags };
  if (labels.some((label) => label.length > 100)) return { ok: false, message: organisationMessages.search.tagTooLong };
  const problem = [text, ...labels].map((value) => textProblem(value, 'line')).find((message) => message !== null);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: { text, tagLabels: labels } };
}
