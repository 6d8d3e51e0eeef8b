import type { ProjectIcon } from '@werkboard/common';
import { de } from '@werkboard/common';

/** A glyph per icon of the spec's set (no icon font in the app), with its German name. */
const GLYPHS: Record<ProjectIcon, string> = {
  briefcase: '💼',
  home: '🏠',
  building: '🏢',
  zap: '⚡',
  clipboard: '📋',
  settings: '⚙️',
  edit: '✏️',
  save: '💾',
  calendar: '📅',
  users: '👥',
  'kwp-export': '📤',
  'log-out': '🚪',
  camera: '📷',
  share: '🔗',
  mail: '✉️',
  user: '👤',
  clock: '🕒',
  truck: '🚚',
  'message-square': '💬',
  box: '📦',
  download: '⬇️',
  search: '🔍',
  shield: '🛡️',
  folder: '📁',
  archive: '🗄️',
  grid: '▦',
};

export function iconGlyph(icon: ProjectIcon): string {
  return GLYPHS[icon];
}

export function iconName(icon: ProjectIcon): string {
  return de.projectPanels.icons[icon];
}
