import type { ProjectDocument } from '@werkboard/common';
import { projectPath } from '../../api/endpoints/projectPath';
import type { ApiClient } from '../../api/client';
import type { AppThunk } from '../../store/types';

/** How long a read started ahead waits for its board; later the board reads again. */
const KEPT_MS = 10_000;

interface Ahead {
  path: string;
  userId: string;
  answer: Promise<ProjectDocument>;
  started: number;
}

/** Per store (its client): the one board read started ahead of its page. */
const aheadByClient = new WeakMap<ApiClient, Ahead>();

/**
 * A full page load of /project/{id} with a stored session (issue 17, "the first screen first"):
 * the board's GET starts with the start's other first reads (app/landingStart.ts), in parallel
 * with the session check and while the app's and the page's chunks still load, instead of after
 * them (on a cold start they took 0.5-1 s before the page asked). Not for a page that is
 * already open (in-app navigation reads in the page itself). Resolves when the read has settled.
 */
export function readBoardAhead(projectId: string): AppThunk<Promise<void>> {
  return (_dispatch, getState, { api }) => {
    const { auth, project } = getState();
    if (!auth.user || project.projectId === projectId) return Promise.resolve();
    const path = projectPath(projectId);
    const started = aheadByClient.get(api);
    if (started?.path === path) return settled(started.answer);
    const answer = api.get<ProjectDocument>(path);
    const ahead = { path, userId: auth.user.id, answer, started: Date.now() };
    aheadByClient.set(api, ahead);
    // Not taken (the user went elsewhere): the document is not held longer.
    setTimeout(() => {
      if (aheadByClient.get(api) === ahead) aheadByClient.delete(api);
    }, KEPT_MS);
    // Read by the page, or dropped; a failure is the page's to show when it reads this answer.
    return settled(answer);
  };
}

/** Resolves when the read has its answer or failed (the start waits for it, app/landingStart.ts). */
function settled(answer: Promise<unknown>): Promise<void> {
  return answer.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The answer of a read started ahead for `path` by the signed-in user, once, if it is recent;
 * otherwise null (the caller reads itself).
 */
export function takeBoardReadAhead(
  api: ApiClient,
  path: string,
  userId: string | null,
): Promise<ProjectDocument> | null {
  const ahead = aheadByClient.get(api);
  if (!ahead) return null;
  aheadByClient.delete(api);
  const fits = ahead.path === path && ahead.userId === userId && Date.now() - ahead.started < KEPT_MS;
  return fits ? ahead.answer : null;
}
