import type {
  DeputyRequest,
  MessageResponse,
  NewOwnerRequest,
  ProjectCreateRequest,
  ProjectDocument,
  ProjectSummaryDto,
  UserDirectoryEntryDto,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';
import { adminApi } from './admin';

import { PROJECTS, projectPath } from './projectPath';

export { projectPath };

export const projectsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /projects: the active and completed projects the user may see (kept for offline reading). */
    projects: build.query<ProjectSummaryDto[], void>({ query: () => PROJECTS, providesTags: ['Projects'] }),
    /** GET /projects/archived. */
    archivedProjects: build.query<ProjectSummaryDto[], void>({
      query: () => `${PROJECTS}/archived`,
      providesTags: ['ArchivedProjects'],
    }),
    /**
     * GET /projects/{id}: a whole document (kept for offline reading, with this device's queued
     * changes on top). Not kept in the cache longer than its reader needs it: the open board
     * holds its own copy (entities/project), the progress chart only its columns.
     */
    projectDocument: build.query<ProjectDocument, string>({ query: projectPath, keepUnusedDataFor: 0 }),
  }),
});

export const { useProjectsQuery, useArchivedProjectsQuery, useProjectDocumentQuery } = projectsApi;

/** After a change the server logged: the lists, appointments and license counts are read again where they are shown. */
const PROJECT_LISTS = ['Projects', 'ArchivedProjects', 'Appointments', 'Stats'] as const;

/** Both cached project lists (the dashboard's and the admin overview's) after `recipe`. */
export function patchProjectLists(
  recipe: (projects: ProjectSummaryDto[]) => ProjectSummaryDto[],
): AppThunk<Promise<void>> {
  return async (dispatch) => {
    await dispatch(
      patchWhenLanded(
        projectsApi.util.getRunningQueryThunk('projects', undefined),
        projectsApi.util.updateQueryData('projects', undefined, recipe),
      ),
    );
    await dispatch(
      patchWhenLanded(
        adminApi.util.getRunningQueryThunk('adminProjects', undefined),
        adminApi.util.updateQueryData('adminProjects', undefined, recipe),
      ),
    );
  };
}

/** POST /projects through the save path; throws the ApiError (400 name, 403 limit) for the dialog. */
export function createProject(request: ProjectCreateRequest): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, _getState, { save }) => {
    const project = await save<ProjectDocument>({ method: 'POST', path: PROJECTS, body: request });
    dispatch(projectsApi.util.invalidateTags([...PROJECT_LISTS]));
    return project;
  };
}

export type ProjectStatusAction = 'complete' | 'reopen' | 'archive';

/**
 * Complete or reopen (POST /projects/{id}/complete|reopen, answering the document) or archive
 * (DELETE /projects/{id}, answering null). The cached project lists show the change at once;
 * the dashboard's is read again.
 */
export function changeProjectStatus(
  id: string,
  action: ProjectStatusAction,
): AppThunk<Promise<ProjectDocument | null>> {
  return async (dispatch, _getState, { save }) => {
    let answer: ProjectDocument | null = null;
    if (action === 'archive') await save<MessageResponse>({ method: 'DELETE', path: projectPath(id) });
    else answer = await save<ProjectDocument>({ method: 'POST', path: `${projectPath(id)}/${action}` });
    const status = action === 'complete' ? 'completed' : 'active';
    await dispatch(
      patchProjectLists((projects) =>
        action === 'archive'
          ? projects.filter((project) => project.id !== id)
          : projects.map((project) =>
              project.id === id ? { ...project, status, lastModified: new Date().toISOString() } : project,
            ),
      ),
    );
    dispatch(projectsApi.util.invalidateTags([...PROJECT_LISTS]));
    return answer;
  };
}

export type TeamChange =
  | { kind: 'deputy'; body: DeputyRequest }
  | { kind: 'remove'; userId: string }
  | { kind: 'handOver'; body: NewOwnerRequest };

/** A team change (PUT deputy, DELETE member, POST handover); the answer is the whole document. */
export function changeProjectTeam(id: string, change: TeamChange): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, _getState, { save }) => {
    const path = projectPath(id);
    let answer: ProjectDocument;
    if (change.kind === 'deputy') {
      answer = await save<ProjectDocument>({ method: 'PUT', path: `${path}/deputy`, body: change.body });
    } else if (change.kind === 'remove') {
      answer = await save<ProjectDocument>({
        method: 'DELETE',
        path: `${path}/members/${encodeURIComponent(change.userId)}`,
      });
    } else {
      answer = await save<ProjectDocument>({ method: 'POST', path: `${path}/handover`, body: change.body });
    }
    dispatch(projectsApi.util.invalidateTags(['Projects']));
    return answer;
  };
}

/**
 * POST /projects/{id}/reassign (admin overview): the chosen user becomes owner, the old owner a
 * member. The cached lists take owner, deputy and members as the server answered them.
 */
export function reassignProject(
  id: string,
  newOwner: Pick<UserDirectoryEntryDto, 'id' | 'username'>,
): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, _getState, { save }) => {
    const document = await save<ProjectDocument>({
      method: 'POST',
      path: `${projectPath(id)}/reassign`,
      body: { newOwnerId: newOwner.id },
    });
    await dispatch(
      patchProjectLists((projects) =>
        projects.map((project) =>
          project.id === id
            ? {
                ...project,
                ownerId: document.ownerId ?? newOwner.id,
                ownerUsername: document.ownerUsername ?? newOwner.username,
                deputyOwnerId: document.deputyOwnerId,
                memberIds: document.memberIds,
                revision: document.revision,
                lastModified: document.lastModified,
              }
            : project,
        ),
      ),
    );
    return document;
  };
}

const leftArchive = (id: string) =>
  patchWhenLanded(
    projectsApi.util.getRunningQueryThunk('archivedProjects', undefined),
    projectsApi.util.updateQueryData('archivedProjects', undefined, (projects) =>
      projects.filter((project) => project.id !== id),
    ),
  );

/** POST /projects/{id}/restore: back from the archive (it leaves the cached archive list). */
export function restoreProject(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<unknown>({ method: 'POST', path: `${projectPath(id)}/restore` });
    await dispatch(leftArchive(id));
    dispatch(projectsApi.util.invalidateTags(['Projects', 'Appointments']));
  };
}

/** DELETE /projects/{id}/permanent (Admin). */
export function deleteProjectPermanently(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `${projectPath(id)}/permanent` });
    await dispatch(leftArchive(id));
  };
}
