import type { MessageResponse, ProjectSummaryDto, TemplateSummaryDto } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * The archive (/archive): archived projects and templates, restore and permanent delete.
 * The lists belong to the page alone, so the thunks return data; every write goes through
 * the save path and throws for the page's German message.
 */

export type ArchiveKind = 'project' | 'template';

const BASE: Record<ArchiveKind, string> = { project: '/projects', template: '/templates' };

export interface ArchivedItems {
  projects: ProjectSummaryDto[];
  templates: TemplateSummaryDto[];
}

/** GET /projects/archived and GET /templates/archived together; either failing fails the load. */
export function fetchArchive(): AppThunk<Promise<ArchivedItems>> {
  return async (_dispatch, _getState, { api }) => {
    const [projects, templates] = await Promise.all([
      api.get<ProjectSummaryDto[]>('/projects/archived'),
      api.get<TemplateSummaryDto[]>('/templates/archived'),
    ]);
    return { projects, templates };
  };
}

/** POST /{projects|templates}/{id}/restore. */
export function restoreArchived(kind: ArchiveKind, id: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<unknown>({ method: 'POST', path: `${BASE[kind]}/${encodeURIComponent(id)}/restore` });
  };
}

/** DELETE /{projects|templates}/{id}/permanent (Admin). */
export function deleteArchivedPermanently(kind: ArchiveKind, id: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `${BASE[kind]}/${encodeURIComponent(id)}/permanent` });
  };
}
