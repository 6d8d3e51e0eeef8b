import type {
  DashboardAppointmentDto,
  UserDirectoryEntryDto,
  MessageResponse,
  ProjectDocument,
  TagDto,
} from '@werkboard/common';
import type { AppThunk } from '../../store';
import type { EmployeeOption } from './dashboardFilters';

/**
 * Reads and writes of the dashboard. Its data belongs to the page alone (fetched on every
 * visit), so the thunks return what they read; every write goes through the save path and
 * throws for the dashboard's German message.
 */

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** GET /appointments: the overview's appointments across the user's projects. */
export function fetchDashboardAppointments(): AppThunk<Promise<DashboardAppointmentDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<DashboardAppointmentDto[]>('/appointments');
}

/** GET /tags: every customer type's tags, for the colours of project and appointment tags. */
export function fetchDashboardTags(): AppThunk<Promise<TagDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TagDto[]>('/tags');
}

/** GET /users/directory: the employee filter's people (everyone signed in may read it). */
export function fetchEmployeeOptions(): AppThunk<Promise<EmployeeOption[]>> {
  return async (_dispatch, _getState, { api }) =>
    (await api.get<UserDirectoryEntryDto[]>('/users/directory')).map((user) => ({ id: user.id, name: user.username }));
}

/** GET /projects/{id}: the columns for a project's progress chart. */
export function fetchProjectColumns(id: string): AppThunk<Promise<ProjectDocument>> {
  return (_dispatch, _getState, { api }) => api.get<ProjectDocument>(projectPath(id));
}

/** POST /projects/{id}/complete or /reopen (can_edit_projects; logged by the server). */
export function changeDashboardProjectStatus(id: string, action: 'complete' | 'reopen'): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<ProjectDocument>({ method: 'POST', path: `${projectPath(id)}/${action}` });
  };
}

/** DELETE /projects/{id}: the project moves to the archive. */
export function archiveDashboardProject(id: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: projectPath(id) });
  };
}
