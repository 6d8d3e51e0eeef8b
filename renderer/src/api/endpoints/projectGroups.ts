import type { MessageResponse, ProjectGroupDto } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';
import { patchProjectLists, projectsApi } from './projects';

const PROJECT_GROUPS = '/project-groups';
const groupPath = (id: string) => `${PROJECT_GROUPS}/${encodeURIComponent(id)}`;

const sortGroups = (groups: ProjectGroupDto[]) =>
  [...groups].sort((a, b) => a.name.localeCompare(b.name, 'de-DE', { sensitivity: 'base' }));

export const projectGroupsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /project-groups, by name (kept for offline reading). */
    projectGroups: build.query<ProjectGroupDto[], void>({
      query: () => PROJECT_GROUPS,
      transformResponse: sortGroups,
      providesTags: ['ProjectGroups'],
    }),
  }),
});

export const { useProjectGroupsQuery } = projectGroupsApi;

const patchGroups = (recipe: (groups: ProjectGroupDto[]) => ProjectGroupDto[]) =>
  patchWhenLanded(
    projectGroupsApi.util.getRunningQueryThunk('projectGroups', undefined),
    projectGroupsApi.util.updateQueryData('projectGroups', undefined, recipe),
  );

/** PUT /project-groups/{id}: creates the group under the client's id (newId()) or replaces it. */
export function saveProjectGroup(group: ProjectGroupDto): AppThunk<Promise<ProjectGroupDto>> {
  return async (dispatch, _getState, { save }) => {
    const { id, ...body } = group;
    const saved = await save<ProjectGroupDto>({ method: 'PUT', path: groupPath(id), body });
    await dispatch(patchGroups((groups) => sortGroups([...groups.filter((other) => other.id !== saved.id), saved])));
    return saved;
  };
}

/** DELETE /project-groups/{id}: its projects become ungrouped (shown at once, then read again). */
export function deleteProjectGroup(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: groupPath(id) });
    await dispatch(patchGroups((groups) => groups.filter((group) => group.id !== id)));
    await dispatch(
      patchProjectLists((projects) =>
        projects.map((project) => (project.groupId === id ? { ...project, groupId: null } : project)),
      ),
    );
    dispatch(projectsApi.util.invalidateTags(['Projects']));
  };
}
