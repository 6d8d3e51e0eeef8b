import type {
  ChangeLogEntryDto,
  ProjectDocument,
  ProjectMemberDto,
  ProjectSummaryDto,
  TemplateSummaryDto,
} from '@werkboard/common';
import { type Entity, nestEntities } from '../commands/projectEntities';
import { fieldsOfRow, type ProjectRow } from '../services/projectStore';

/** The whole document: the row's fields, its team, the nested entities and the change log given. */
export function presentDocument(
  row: ProjectRow,
  entities: Iterable<Entity>,
  changeLog: ChangeLogEntryDto[],
  team: ProjectMemberDto[],
): ProjectDocument {
  return {
    id: row.id,
    revision: row.revision,
    isTemplate: row.isTemplate,
    status: row.status,
    ...fieldsOfRow(row),
    ownerId: row.ownerId,
    ownerUsername: row.ownerUsername,
    deputyOwnerId: row.deputyOwnerId,
    memberIds: row.memberIds,
    team,
    ...nestEntities(entities),
    changeLog,
    lastModified: row.lastModified.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A project list's row as the summary query reads it. */
export type ProjectSummaryRow = Omit<ProjectSummaryDto, 'lastModified' | 'createdAt'> & {
  lastModified: Date;
  createdAt: Date;
};

export function presentProjectSummary(row: ProjectSummaryRow): ProjectSummaryDto {
  return { ...row, lastModified: row.lastModified.toISOString(), createdAt: row.createdAt.toISOString() };
}

/** A template list's row as the summary query reads it (no columns: null). */
export type TemplateSummaryRow = Omit<TemplateSummaryDto, 'columnTitles'> & { columnTitles: string[] | null };

export function presentTemplateSummary({ columnTitles, ...row }: TemplateSummaryRow): TemplateSummaryDto {
  return { ...row, columnTitles: columnTitles ?? [] };
}
