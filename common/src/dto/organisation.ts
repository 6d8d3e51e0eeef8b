import type { AppointmentDto, ProjectIcon, ProjectStatus } from './projects';

/**
 * GET /api/appointments: the appointments the dashboard's overview shows, across the
 * caller's projects (not archived, no templates): active ones and 'client not present' ones
 * (those always show under Abgelaufen). Grouping is common/projects/appointments.ts.
 */
export interface DashboardAppointmentDto extends AppointmentDto {
  projectId: string;
  projectName: string;
  projectStatus: ProjectStatus;
}

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

/** Priorities 0 to 4 (labels: TAG_PRIORITY_LABELS). */
export type TagPriority = 0 | 1 | 2 | 3 | 4;

export interface TagDto {
  id: string;
  customerType: string;
  label: string;
  color: TagColor;
  priority: TagPriority;
}

/** A project group (spec section 3): dashboard sections group active projects by it. */
export interface ProjectGroupDto {
  id: string;
  name: string;
  description: string;
  /** The group's colour, '#rrggbb'. */
  color: string;
  icon: ProjectIcon;
  /** The icon's colour, '#rrggbb'. */
  iconColor: string;
}

export interface SearchTaskDto {
  id: string;
  title: string;
  columnTitle: string;
  tagIds: string[];
}

export interface SearchProjectDto {
  id: string;
  name: string;
  projectNumber: string;
  icon: ProjectIcon;
  status: ProjectStatus;
  customerType: string;
  tagIds: string[];
  /** The project's name or number contains the text (or no text was given). */
  projectMatches: boolean;
  /** Matching tasks, at most SEARCH_LIMITS.tasksPerProject, in board order. */
  tasks: SearchTaskDto[];
  /** All matching tasks, also those beyond the list. */
  taskCount: number;
}

export interface SearchResponse {
  projects: SearchProjectDto[];
  /** More projects matched than SEARCH_LIMITS.projects. */
  truncated: boolean;
}
