import type { ProjectIcon } from '../dto/projects';

/**
 * A project group's look when nothing else is chosen: what the request schema fills in
 * (schemas/projectGroups.ts) and what the screens show. Apart from the schema, so that a screen
 * showing groups does not load zod with it (issue 19: the dashboard a phone loads at start).
 */
export const DEFAULT_GROUP_COLOR = '#3b82f6';
export const DEFAULT_GROUP_ICON: ProjectIcon = 'folder';
export const DEFAULT_GROUP_ICON_COLOR = '#ffffff';
