import {
  type Actor,
  canSeeChangeLog,
  type ChangeLogEntryDto,
  type ProjectDeltaDto,
  type ProjectDocument,
  type ProjectHeaderDto,
  type ProjectMemberDto,
  type ProjectSummaryDto,
  type TemplateSummaryDto,
} from '@werkboard/common';
import { type Entity, flatEntities, nestEntities } from '../commands/projectEntities';
import { fieldsOfRow, type ProjectRow } from '../services/projectStore';

/** The change log as this caller may read it: the owner and management see it, everyone else an empty one. */
export function visibleChangeLog(actor: Actor, row: ProjectRow, changeLog: ChangeLogEntryDto[]): ChangeLogEntryDto[] {
  return canSeeChangeLog(actor, row) ? changeLog : [];
}

/** The whole document: the row's fields, its team, the nested entities and the change log given. */
export function presentDocument(
  row: ProjectRow,
  entities: Iterable<Entity>,
  changeLog: ChangeLogEntryDto[],
  team: ProjectMemberDto[],
): ProjectDocument {
  const { lastModified, createdAt, ...header } = presentHeader(row, team);
  return { ...header, ...nestEntities(entities), changeLog, lastModified, createdAt };
}

/** What changed since `since`: the header as it is, the entities changed and deleted after it, the new log entries. */
export function presentDelta(
  row: ProjectRow,
  since: number,
  changed: Iterable<Entity>,
  deleted: string[],
  changeLog: ChangeLogEntryDto[],
  team: ProjectMemberDto[],
): ProjectDeltaDto {
  return { kind: 'delta', since, ...presentHeader(row, team), ...flatEntities(changed), deleted, changeLog };
}

/** The document's header: the row's fields and revision, owner, deputy and team. */
export function presentHeader(row: ProjectRow, team: ProjectMemberDto[]): ProjectHeaderDto {
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
