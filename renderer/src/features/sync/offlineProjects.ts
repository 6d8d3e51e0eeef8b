import type { ProjectDocument, ProjectSummaryDto } from '@werkboard/common';
import type { AppThunk } from '../../store';

/** At most this many project documents are kept for offline work (the most recently changed). */
export const OFFLINE_PROJECT_LIMIT = 50;

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/**
 * The projects a user works on and so needs on site without a connection: active ones whose
 * team they belong to (owner, deputy, member), newest change first, at most `limit`.
 */
export function projectsForOffline(
  projects: readonly ProjectSummaryDto[],
  userId: string,
  limit = OFFLINE_PROJECT_LIMIT,
): ProjectSummaryDto[] {
  return projects
    .filter(
      (project) =>
        project.status === 'active' &&
        (project.ownerId === userId || project.deputyOwnerId === userId || project.memberIds.includes(userId)),
    )
    .sort((a, b) => b.lastModified.localeCompare(a.lastModified))
    .slice(0, limit);
}

/**
 * Keeps the user's projects on the device while there is a connection, so that a fitter can
 * open a project on site that was never opened on this phone. Only documents whose kept copy
 * is older than the server's revision are read again; one at a time, so the app stays quick.
 * Answers how many documents were read.
 */
export function keepProjectsForOffline(): AppThunk<Promise<number>> {
  return async (_dispatch, getState, { api, sync }) => {
    const user = getState().auth.user;
    if (!user) return 0;
    const store = await sync.loaded();
    const projects = await api.get<ProjectSummaryDto[]>('/projects');
    let read = 0;
    for (const project of projectsForOffline(projects, user.id)) {
      if (getState().auth.user?.id !== user.id || getState().sync.showsLocalData) break;
      const kept = (await store.getRead(projectPath(project.id))) as ProjectDocument | undefined;
      if (kept?.revision === project.revision) continue;
      // Reading through the client keeps the answer (api/localReads.ts).
      await api.get<ProjectDocument>(projectPath(project.id));
      read += 1;
    }
    return read;
  };
}
