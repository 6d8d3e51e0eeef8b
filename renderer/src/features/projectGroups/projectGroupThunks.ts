import type { MessageResponse, ProjectGroupDto } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Project groups (spec section 3). The list is small and read fresh where it is shown (the
 * page, the dashboard, the edit modal's select), so the thunks answer the caller. Errors are
 * thrown; an ApiError carries the server's German message (e.g. the Free-license one).
 */

const groupPath = (id: string) => `/project-groups/${encodeURIComponent(id)}`;

/** GET /project-groups, sorted by name (by the server). */
export function fetchProjectGroups(): AppThunk<Promise<ProjectGroupDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<ProjectGroupDto[]>('/project-groups');
}

/** PUT /project-groups/{id}: creates the group under the client's id (newId()) or replaces it. */
export function saveProjectGroup(group: ProjectGroupDto): AppThunk<Promise<ProjectGroupDto>> {
  return (_dispatch, _getState, { save }) => {
    const { id, ...body } = group;
    return save<ProjectGroupDto>({ method: 'PUT', path: groupPath(id), body });
  };
}

/** DELETE /project-groups/{id}: its projects become ungrouped. */
export function deleteProjectGroup(id: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: groupPath(id) });
  };
}
