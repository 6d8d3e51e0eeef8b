import type { TagDto } from '@werkboard/common';
import { de, tagColor } from '@werkboard/common';

const t = de.dashboard.projects;

/** Spec section 9: the dashboard shows at most 3 tags per project plus a counter. */
export const MAX_DASHBOARD_TAGS = 3;

interface TagChipsProps {
  tagIds: readonly string[];
  tagsById: ReadonlyMap<string, TagDto>;
  label?: string;
  /** Show at most this many, the rest as '+N' (everything when undefined). */
  max?: number;
}

/** Coloured tag chips (the board's tag colours); ids without a known tag are left out. */
export function TagChips({ tagIds, tagsById, label = t.tags, max }: TagChipsProps) {
  const tags = tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined);
  if (tags.length === 0) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const rest = tags.slice(shown.length).map((tag) => tag.label);
  return (
    <ul className="board-chips dash-tags" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag.id} className={`board-chip board-tone--${tagColor(tag.color)}`}>
          {tag.label}
        </li>
      ))}
      {rest.length > 0 && (
        <li className="board-chip dash-tags__more" title={rest.join(', ')}>
          <span aria-hidden="true">{t.moreTags(rest.length)}</span>
          <span className="visually-hidden">{t.moreTagsLabel(rest)}</span>
        </li>
      )}
    </ul>
  );
}
