import type { TagDto } from '@werkboard/common';

/** The customer types and the tags of all of them, as the two tabs show them. */
export interface CatalogData {
  types: string[];
  tags: TagDto[];
}
