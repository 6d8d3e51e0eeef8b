import type { ProjectIcon } from '@werkboard/common';
import { DEFAULT_PROJECT_ICON, PROJECT_ICONS } from '@werkboard/common';
import { IconGlyph } from './icons';

/** The project's icon (the board's glyph set); decorative here, the name next to it says what it is. */
export function ProjectIconGlyph({ icon }: { icon: string }) {
  const known = (PROJECT_ICONS as readonly string[]).includes(icon) ? (icon as ProjectIcon) : DEFAULT_PROJECT_ICON;
  return (
    <span className="project-icon" aria-hidden="true">
      <IconGlyph icon={known} />
    </span>
  );
}
