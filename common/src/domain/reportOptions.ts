import type { ColumnDto, ProjectDocument } from '../dto/projects';
import { inBoardOrder } from './sortKey';

/** What the project PDF report contains (the customisation dialog, spec section 2). */
export interface ProjectReportOptions {
  /** The columns to show, by id; the others are left out with their cards. */
  columnIds: string[];
  /** Time and material entries per card and their sums at the end. */
  includeEntries: boolean;
  includeAppointments: boolean;
  includeNotes: boolean;
  /** Thumbnails of the project's pictures (needs the server; offline they show as unavailable). */
  includePhotos: boolean;
}

export function defaultProjectReportOptions(document: Pick<ProjectDocument, 'columns'>): ProjectReportOptions {
  return {
    columnIds: inBoardOrder(document.columns).map((column) => column.id),
    includeEntries: true,
    includeAppointments: true,
    includeNotes: false,
    includePhotos: false,
  };
}

/** The group PDF's choices (spec section 2): columns by title across the group's projects, charts. */
export interface GroupReportOptions {
  /** Chosen column titles, compared case-insensitively (projects of a group share column names). */
  columnTitles: string[];
  includeCharts: boolean;
}

const titleKey = (title: string) => title.trim().toLocaleLowerCase('de-DE');

/** The column titles of a group's projects, each once, in the order they first appear. */
export function groupColumnTitles(projects: readonly Pick<ProjectDocument, 'columns'>[]): string[] {
  const titles = new Map<string, string>();
  for (const project of projects)
    for (const column of inBoardOrder(project.columns))
      if (!titles.has(titleKey(column.title))) titles.set(titleKey(column.title), column.title.trim());
  return [...titles.values()];
}

export function defaultGroupReportOptions(projects: readonly Pick<ProjectDocument, 'columns'>[]): GroupReportOptions {
  return { columnTitles: groupColumnTitles(projects), includeCharts: true };
}

/** The chosen columns of a project in board order, by id. */
export function columnsById(columns: readonly ColumnDto[], columnIds: readonly string[]): ColumnDto[] {
  const chosen = new Set(columnIds);
  return inBoardOrder(columns).filter((column) => chosen.has(column.id));
}

/** The chosen columns of a project in board order, by title (the group report). */
export function columnsByTitle(columns: readonly ColumnDto[], titles: readonly string[]): ColumnDto[] {
  const chosen = new Set(titles.map(titleKey));
  return inBoardOrder(columns).filter((column) => chosen.has(titleKey(column.title)));
}
