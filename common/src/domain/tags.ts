/** Tags per customer type (spec section 3). Management of tags is the organisation issue's. */
export const TAG_COLORS = [
  'slate',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const FALLBACK_TAG_COLOR: TagColor = 'slate';

/** Priorities 0 to 4 with their labels (spec section 3). */
export const TAG_PRIORITY_LABELS = ['Unwichtig', 'Normal', 'Wichtig', 'Sofort', 'Höchste Priorität'] as const;
export type TagPriority = 0 | 1 | 2 | 3 | 4;

export interface TagDto {
  id: string;
  customerType: string;
  label: string;
  color: TagColor;
  priority: TagPriority;
}

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
