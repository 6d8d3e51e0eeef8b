import type { ProjectGroupDto } from '@werkboard/common';
import { DEFAULT_GROUP_ICON, PROJECT_ICONS } from '@werkboard/common';
import { IconGlyph } from './icons';

/**
 * A group's colour dot with its icon; the icon colour tints the glyph (where it is not an emoji)
 * and the ring. Decorative: the group's name stands next to it.
 */
export function ProjectGroupMark({ group }: { group: Pick<ProjectGroupDto, 'color' | 'icon' | 'iconColor'> }) {
  const icon = (PROJECT_ICONS as readonly string[]).includes(group.icon) ? group.icon : DEFAULT_GROUP_ICON;
  return (
    <span
      className="group-mark"
      style={{ background: group.color, color: group.iconColor, borderColor: group.iconColor }}
      aria-hidden="true"
    >
      <IconGlyph icon={icon} />
    </span>
  );
}
