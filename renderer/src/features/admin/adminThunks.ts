import type {
  ProjectDocument,
  ProjectSummaryDto,
  SystemInfo,
  TemplateSummaryDto,
  UserDirectoryEntryDto,
} from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Reads and writes of the admin overview /admin. Its data belongs to the page alone (fetched
 * on every visit), so the thunks return what they read; every error is thrown for the page to
 * show its German text. Deleting a project or a template uses the dashboard's and the
 * templates list's thunks; the license usage the license section's.
 */

/** GET /admin/projects: every active and completed project, with its owner's name. */
export function fetchAdminProjects(): AppThunk<Promise<ProjectSummaryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<ProjectSummaryDto[]>('/admin/projects');
}

/** GET /admin/templates: every template that is not archived, with its owner (null: global). */
export function fetchAdminTemplates(): AppThunk<Promise<TemplateSummaryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TemplateSummaryDto[]>('/admin/templates');
}

/** GET /system-info: version, RAM, disk, OS and the sizes of database and images. */
export function fetchSystemInfo(): AppThunk<Promise<SystemInfo>> {
  return (_dispatch, _getState, { api }) => api.get<SystemInfo>('/system-info');
}

/** GET /users/directory: the people a project can be reassigned to. */
export function fetchReassignCandidates(): AppThunk<Promise<UserDirectoryEntryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<UserDirectoryEntryDto[]>('/users/directory');
}

/** POST /projects/{id}/reassign: the chosen user becomes owner, the old owner a member. */
export function reassignProject(projectId: string, newOwnerId: string): AppThunk<Promise<ProjectDocument>> {
  return (_dispatch, _getState, { save }) =>
    save<ProjectDocument>({
      method: 'POST',
      path: `/projects/${encodeURIComponent(projectId)}/reassign`,
      body: { newOwnerId },
    });
}
