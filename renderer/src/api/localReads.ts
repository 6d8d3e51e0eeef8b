import type { ColumnDto, ProjectSummaryDto } from '@werkboard/common';
import { projectProgress } from '@werkboard/common';
import type { LocalStore } from '../platform/localStore';
import { readLocation } from '../platform/localStore';
import { noteKept } from '../platform/localStore/keptRevisions';
import { parseDocumentPath } from '../platform/syncQueue';
import type { ApiClient } from './client';
import { isNetworkError } from './errors';

/** What the read fallback needs of the sync queue and the local store. */
export interface LocalReadSource {
  loaded(): Promise<LocalStore>;
  /** Whether an answer may be kept now (the kept reads are the signed-in user's, or nobody's and claimed for them now; known once loaded). */
  claimKeepingNow(): boolean;
  /** The store once its kept reads are the signed-in user's (another user's emptied first); null without a user. */
  keepingStore(): Promise<LocalStore | null>;
  /** Whether the kept reads may answer the signed-in user: never another user's (known once loaded). */
  readsAreOwn(): boolean;
  /** The newest queued copy of a document: local changes shown until the server has them. */
  pendingDocument(path: string): unknown;
}

export type ReadSource = 'server' | 'local';

/**
 * The API client with the offline read fallback (spec section 7): each successful read that
 * the app needs offline is kept in the local store; when the server cannot be reached the kept
 * copy is answered instead, and `onSource('local')` lets the screens say so. A document with
 * queued changes is answered with its queued copy, so a reload shows the user's own changes.
 */
export function withLocalReads(
  api: ApiClient,
  local: LocalReadSource,
  onSource: (source: ReadSource) => void,
): ApiClient {
  async function get<T>(path: string, options: Parameters<ApiClient['get']>[1] = {}): Promise<T> {
    const answer = await read<T>(path, options);
    return path === PROJECT_LIST ? (withQueuedProgress(answer as ProjectSummaryDto[], local) as T) : answer;
  }

  async function read<T>(path: string, options: Parameters<ApiClient['get']>[1]): Promise<T> {
    // Online-only reads go straight to the server.
    if (!readLocation(path)) return api.get<T>(path, options);
    // The request goes out at once; the local store (opened at the start) is waited for beside it.
    const loading = local.loaded();
    loading.catch(() => undefined);
    try {
      const answer = await api.get<T>(path, options);
      const store = await loading;
      onSource('server');
      const pending = local.pendingDocument(path);
      if (pending !== undefined) return pending as T;
      // Started now (the copy is taken at once), but not waited for: the answer is shown while
      // the write commits (issue 17: a 5,000-card board waited for IndexedDB before its first card).
      // Into another user's kept reads only after they are emptied (a session that ended without
      // a logout): the session's start would empty it with them.
      const keep = (keeping: LocalStore | null) =>
        keeping?.putRead(path, answer).then(() => noteKept(keeping, path, answer));
      void Promise.resolve(local.claimKeepingNow() ? keep(store) : local.keepingStore().then(keep)).catch(
        () => undefined,
      );
      return answer;
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      const store = await loading;
      const pending = local.pendingDocument(path);
      // Never another user's copy (a session that ended without a logout, until this one's start empties it).
      const kept =
        pending !== undefined
          ? pending
          : local.readsAreOwn()
            ? await keptRead(store, path).catch(() => undefined)
            : undefined;
      if (kept === undefined) throw error;
      onSource('local');
      return kept as T;
    }
  }
  return { ...api, get };
}

/** The kept answer of GET `path`; a document with the changes of later saves kept beside it (`keptDocuments.ts`, loaded only then). */
async function keptRead(store: LocalStore, path: string): Promise<unknown> {
  if (!parseDocumentPath(path)) return store.getRead(path);
  const { keptDocument } = await import('../platform/keptDocuments');
  return keptDocument(store, path);
}

const PROJECT_LIST = '/projects';

/**
 * The dashboard's list with each project's progress from its queued copy where the device has
 * changes the server has not got yet (issue 19: offline, a board at 2/5 showed the older 1/4).
 */
export function withQueuedProgress(
  projects: ProjectSummaryDto[],
  local: Pick<LocalReadSource, 'pendingDocument'>,
): ProjectSummaryDto[] {
  return projects.map((project) => {
    const queued = local.pendingDocument(`${PROJECT_LIST}/${encodeURIComponent(project.id)}`) as
      { columns: Pick<ColumnDto, 'cards'>[] } | undefined;
    if (!queued) return project;
    const { done, total } = projectProgress(queued.columns);
    return { ...project, cardCount: total, doneCount: done };
  });
}
