import { FALLBACK_TAG_COLOR, TAG_COLORS, type TagColor, type TagDto } from '../dto/organisation';

/** Priorities 0 to 4 with their labels (spec section 3). */
export const TAG_PRIORITY_LABELS = ['Unwichtig', 'Normal', 'Wichtig', 'Sofort', 'Höchste Priorität'] as const;
export function tagColor(color: string | null | undefined): TagColor {
  return (TAG_COLORS as readonly string[]).includes(color ?? '') ? (color as TagColor) : FALLBACK_TAG_COLOR;
}

/** The tag that decides a card's border colour: the highest priority among its tags; null without tags. */
export function highestPriorityTag(tagIds: readonly string[], tagsById: ReadonlyMap<string, TagDto>): TagDto | null {
  let best: TagDto | null = null;
  for (const id of tagIds) {
    const tag = tagsById.get(id);
    if (tag && (best === null || tag.priority > best.priority)) best = tag;
  }
  return best;
}

/** A tag filter chip of /search: tags of several customer types with the same label are one. */
export interface MergedTag {
  /** The label as first spelled (sorted by label). */
  label: string;
  color: TagDto['color'];
  priority: TagDto['priority'];
  tagIds: string[];
}

/** Merges tags by label, case-insensitively; the chip takes the highest priority's colour. */
export function mergeTagsByLabel(list: readonly TagDto[]): MergedTag[] {
  const byKey = new Map<string, MergedTag>();
  for (const tag of list) {
    const key = tag.label.trim().toLocaleLowerCase('de');
    const merged = byKey.get(key);
    if (!merged)
      byKey.set(key, { label: tag.label.trim(), color: tag.color, priority: tag.priority, tagIds: [tag.id] });
    else {
      merged.tagIds.push(tag.id);
      if (tag.priority > merged.priority) Object.assign(merged, { color: tag.color, priority: tag.priority });
    }
  }
  return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label, 'de'));
}
