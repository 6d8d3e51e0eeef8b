import type { ProjectSummaryDto } from '@werkboard/common';
import { projectPath, projectsApi } from '../../api/endpoints/projects';
import { isNetworkError } from '../../api/errors';
import { FRESH, readOnce } from '../../api/readOnce';
import type { AppThunk } from '../../store/types';

/** At most this many project documents are kept for offline work (the most recently changed). */
export const OFFLINE_PROJECT_LIMIT = 50;

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

/** The running keep per sync engine: the dashboard may load its list again before one ends. */
const running = new WeakMap<object, Promise<number>>();

/**
 * Keeps the user's projects on the device while there is a connection, so that a fitter can
 * open a project on site that was never opened on this phone. Called with the list the
 * dashboard has just read from the server; only documents whose kept copy is older than that
 * list's revision are read again, one at a time, so the app stays quick. A project that
 * cannot be read is skipped; no connection ends the run. Answers how many documents were read.
 */
export function keepProjectsForOffline(projects: readonly ProjectSummaryDto[]): AppThunk<Promise<number>> {
  return (dispatch, getState, { sync }) => {
    const user = getState().auth.user;
    // A list from the device's own copy says nothing new, and there is no connection to read with.
    if (!user || getState().sync.showsLocalData) return Promise.resolve(0);
    const already = running.get(sync);
    if (already) return already;
    const run = async () => {
      // The kept copies this user's (another user's emptied first): theirs are compared, and kept.
      const store = await sync.keepingStore();
      if (!store) return 0;
      // The kept copy with the changes of later saves kept beside it (loaded here: common's delta rules).
      const { keptDocument } = await import('../../platform/keptDocuments');
      let read = 0;
      for (const project of projectsForOffline(projects, user.id)) {
        if (getState().auth.user?.id !== user.id) break;
        const kept = await keptDocument(store, projectPath(project.id));
        if (kept?.revision === project.revision) continue;
        try {
          // Reading through the data layer keeps the answer (api/localReads.ts).
          await readOnce(dispatch(projectsApi.endpoints.projectDocument.initiate(project.id, FRESH)));
          read += 1;
        } catch (error) {
          if (isNetworkError(error)) break;
        }
      }
      return read;
    };
    const result = run().finally(() => running.delete(sync));
    running.set(sync, result);
    return result;
  };
}
