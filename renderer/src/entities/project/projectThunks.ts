import { produce } from 'immer';
import type { ChangeLogEntryDto, ProjectChangesDto, ProjectDocument } from '@werkboard/common';
import { applyProjectDelta, de, documentDelta, newId, prependChangeLog } from '@werkboard/common';
import type { ProjectStatusAction, TeamChange } from '../../api/endpoints/projects';
import {
  changeProjectStatus as postProjectStatus,
  changeProjectTeam,
  projectPath,
  projectsApi,
} from '../../api/endpoints/projects';
import { templatePath } from '../../api/endpoints/templates';
import { ApiError, isNetworkError, limitReachedKind, serverMessageOr, SessionLostError } from '../../api/errors';
import type { Queued } from '../../api/save';
import { isQueued } from '../../api/save';
import type { AppThunk, RootState, ThunkExtra } from '../../store/types';
import { rebase } from '../outbox/projectSaver';
import type { EditRecipe, ProjectSaver } from '../outbox/projectSaver';
import { markBoardLoad } from './boardLoadMarks';
import { takeBoardReadAhead } from './boardPrefetch';
import type { BoardKind } from './projectSlice';
import { isReadOnly } from './projectReadOnly';
import {
  archivedAway,
  archivedElsewhere,
  documentEdited,
  projectClosed,
  projectMissing,
  projectNotOnDevice,
  projectOpened,
  projectReceived,
  saveFailed,
  templateCreated,
} from './projectSlice';

/** Where the open document lives: /projects/{id}, or /templates/{id} in the template editor. */
function documentPath(getState: () => RootState, id: string): string {
  return getState().project.kind === 'template' ? templatePath(id) : projectPath(id);
}

/**
 * GET the open document from the server now (or the offline fallback); throws the client's
 * error. Straight through the client, not RTK Query's cache: the slice holds the document, and
 * a copy in the cache too cost immer's walk over all entities before the board could render
 * (issue 17, "the first screen first").
 */
function readDocument(kind: BoardKind, id: string): AppThunk<Promise<ProjectDocument>> {
  return (_dispatch, _getState, extra) =>
    extra.api.get<ProjectDocument>(kind === 'template' ? templatePath(id) : projectPath(id));
}

/** The server's copy `base` brought to the server's revision: a delta applied, or the whole document. */
function confirmedBy(base: ProjectDocument, answer: ProjectChangesDto): ProjectDocument {
  return answer.kind === 'document' ? answer.document : applyProjectDelta(base, answer);
}

/**
 * The open document from the server: what changed since the server's copy this tab builds on
 * (GET ?since, issue 17), or the whole document without such a copy (templates, nothing read
 * yet, a queued copy as base, changes of this device still queued). Throws the client's error.
 */
function readNewer(saver: ProjectSaver, projectId: string): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, getState, extra) => {
    const base = saver.serverBase;
    if (getState().project.kind === 'template' || !base || extra.sync.hasPending())
      return dispatch(readDocument(getState().project.kind, projectId));
    const answer = await extra.api.get<ProjectChangesDto>(`${projectPath(projectId)}?since=${base.revision}`);
    const document = confirmedBy(base, answer);
    extra.sync.remember(projectPath(projectId), document, answer);
    return document;
  };
}

/**
 * The state still shows the project of `saver`: the page is open, no other project has been
 * opened since and the session has not ended. Answers that come later leave the state alone.
 */
function showsProject(getState: () => RootState, extra: ThunkExtra, saver: ProjectSaver, projectId: string) {
  return extra.projectSavers.current === saver && getState().project.projectId === projectId;
}

/**
 * The project page opens `projectId`: a new save queue and an empty slice; nothing of the last
 * project is kept. `kind` 'template': the template editor, reading and writing /templates/{id}.
 */
export function openProject(projectId: string, fromArchive: boolean, kind: BoardKind = 'project'): AppThunk {
  return (dispatch, _getState, { projectSavers }) => {
    projectSavers.open();
    dispatch(projectOpened({ projectId, fromArchive, kind }));
  };
}

/**
 * The template editor opens a new template built on this device ('Neue Vorlage'): shown at
 * once, unknown to the server until its first save (PUT /templates/{id} creates it).
 */
export function openNewTemplate(document: ProjectDocument): AppThunk {
  return (dispatch, _getState, { projectSavers }) => {
    const saver = projectSavers.open();
    saver.base = document;
    dispatch(projectOpened({ projectId: document.id, fromArchive: false, kind: 'template', unsaved: true }));
    dispatch(projectReceived(document));
  };
}

/** 'Vorlage speichern' of a new template: sends it as it is shown (an edit that changes nothing). */
export function saveNewTemplate(): AppThunk {
  return (dispatch, getState, { projectSavers }) => {
    const saver = projectSavers.current;
    const { projectId, unsaved, status } = getState().project;
    if (!saver || !unsaved || status !== 'loaded' || saver.busy) return;
    saver.pending.push({ recipe: () => undefined, entries: [] });
    void dispatch(flushSaves(saver, projectId));
  };
}

/** The project page closes: the slice is emptied. Edits still queued are sent by the project's own saver. */
export function closeProject(): AppThunk {
  return (dispatch, _getState, { projectSavers }) => {
    projectSavers.close();
    dispatch(projectClosed());
  };
}

/** Shows a copy from the server, or sends the page away if the project is archived and not opened from the archive. */
function show(document: ProjectDocument): AppThunk {
  return (dispatch, getState) => {
    if (document.status === 'archived' && !getState().project.fromArchive) dispatch(archivedElsewhere());
    else dispatch(projectReceived(document));
  };
}

/** GET /projects/{id}. A missing, forbidden or unreachable project ends in status 'missing' (the page goes to '/'). */
export function loadProject(): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const saver = extra.projectSavers.current;
    if (!saver) return;
    const { projectId } = getState().project;
    saver.reset(null);
    const generation = saver.generation;
    try {
      const { kind } = getState().project;
      const ahead =
        kind === 'project'
          ? takeBoardReadAhead(extra.api, projectPath(projectId), getState().auth.user?.id ?? null)
          : null;
      const document = await (ahead ?? dispatch(readDocument(kind, projectId)));
      markBoardLoad('answer');
      if (generation !== saver.generation || !showsProject(getState, extra, saver, projectId)) return;
      saver.confirm(document);
      dispatch(show(document));
      markBoardLoad('stored');
    } catch (error) {
      if (error instanceof SessionLostError) return;
      if (generation !== saver.generation || !showsProject(getState, extra, saver, projectId)) return;
      dispatch(isNetworkError(error) ? projectNotOnDevice() : projectMissing());
    }
  };
}

/**
 * GET again and show the server's copy. Edits made meanwhile are applied on top of it; if a
 * PUT is in flight its answer is newer than this GET, so the GET is dropped. Unreachable
 * server: the last confirmed copy stays; a 404 or 403: the page goes to '/'.
 */
function fetchAgain(saver: ProjectSaver, projectId: string): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const shown = () => showsProject(getState, extra, saver, projectId);
    if (!shown()) return;
    // A new template the server does not know yet: what is shown is all there is.
    if (getState().project.unsaved) return;
    const generation = saver.generation;
    try {
      const document = await dispatch(readNewer(saver, projectId));
      if (generation !== saver.generation || saver.inFlight || !shown()) return;
      saver.confirm(document);
      dispatch(show(rebase(document, saver.pending)));
    } catch (error) {
      if (error instanceof SessionLostError || generation !== saver.generation || !shown()) return;
      if (isNetworkError(error)) {
        if (saver.base) dispatch(projectReceived(rebase(saver.base, saver.pending)));
        return;
      }
      dispatch(projectMissing());
    }
  };
}

/** The context's reload(): after the running saves, from the server. */
export function reloadProject(): AppThunk<Promise<void>> {
  return async (dispatch, getState, { projectSavers }) => {
    const saver = projectSavers.current;
    if (!saver) return;
    const { projectId } = getState().project;
    await saver.settled();
    await dispatch(fetchAgain(saver, projectId));
  };
}

/**
 * The live stream says `projectId` is now at `revision` (another user's write, or one's own
 * from another tab). When that is the open project and newer than what this tab builds on,
 * it is read again through the path that keeps this user's edits: after the running saves,
 * with the edits made meanwhile applied on top (fetchAgain). One's own save's announcement
 * finds its answer already there and reads nothing.
 */
export function projectRevisionAnnounced(projectId: string, revision: number): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const saver = extra.projectSavers.current;
    const { kind, status } = getState().project;
    if (!saver || kind !== 'project' || status !== 'loaded' || !showsProject(getState, extra, saver, projectId)) return;
    await saver.settled();
    if ((saver.base?.revision ?? Number.NEGATIVE_INFINITY) >= revision) return;
    await dispatch(fetchAgain(saver, projectId));
  };
}

function actionList(value: string | readonly string[] | null | undefined | void): readonly string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return Array.isArray(value) ? (value as readonly string[]).filter((action) => action.trim()) : [];
}

/**
 * The context's update(recipe, logActions): applies the edit at once, writes the change-log
 * entries (the recipe's returned actions and the given ones) for the current user, and queues
 * the save. An edit that changes nothing writes and saves nothing. Read-only: ignored.
 */
export function applyEdit(recipe: EditRecipe, logActions?: string | readonly string[]): AppThunk {
  return (dispatch, getState, { projectSavers }) => {
    const saver = projectSavers.current;
    const state = getState();
    const user = state.auth.user;
    const { document, projectId, status } = state.project;
    if (!saver || !document || !user || status !== 'loaded' || isReadOnly(state, user)) return;
    let entries: ChangeLogEntryDto[] = [];
    const next = produce(document, (draft) => {
      const actions = [...actionList(recipe(draft)), ...actionList(logActions)];
      const timestamp = new Date().toISOString();
      entries = actions.map((action) => ({ id: newId(), timestamp, userId: user.id, username: user.username, action }));
      prependChangeLog(draft, entries);
    });
    if (next === document) return;
    dispatch(documentEdited(next));
    saver.pending.push({ recipe, entries });
    void dispatch(flushSaves(saver, projectId));
  };
}

/**
 * Sends the queued edits of `saver`'s project, one save at a time: what the shown copy changed
 * against the copy it builds on (PATCH, issue 17), or the whole document for templates (their
 * route has no PATCH), with the revision it is based on
 * (never changed here); the answer becomes the new base and the edits made meanwhile are
 * applied on top of it and sent next. A failure
 * shows 'Speichern fehlgeschlagen.' and loads the project again. After the page has closed,
 * the last edits are still sent (the document rebuilt from the last confirmed copy), but
 * nothing is shown any more.
 */
function flushSaves(saver: ProjectSaver, projectId: string): AppThunk<Promise<void>> {
  return (dispatch, getState, extra) => {
    if (saver.running) return saver.running;
    const shown = () => showsProject(getState, extra, saver, projectId);
    // Fixed when the page opens; the last edits of a closed page still go to the same place.
    const path = documentPath(getState, projectId);
    const isTemplate = getState().project.kind === 'template';
    /** The delta against the copy the save builds on; queued with both copies when it must wait. */
    const saveDelta = async (base: ProjectDocument, document: ProjectDocument) => {
      const answer = await extra.save<ProjectChangesDto>({
        ...{ method: 'PATCH', path, body: documentDelta(base, document), queueable: true },
        whenQueued: { base, document },
      });
      if (isQueued(answer)) return answer;
      const confirmed = confirmedBy(base, answer);
      extra.sync.remember(path, confirmed, answer);
      return confirmed;
    };
    const run = async () => {
      while (saver.pending.length > 0) {
        const generation = saver.generation;
        saver.inFlight = saver.pending;
        saver.pending = [];
        // As shown: the last confirmed copy with the unconfirmed edits, all of them in flight now.
        const document = shown() ? getState().project.document : saver.base && rebase(saver.base, saver.inFlight);
        if (!document) return;
        // A project sends only what changed against the copy it builds on (PATCH, issue 17):
        // the server's copy, or one waiting in the outbox, which still carries the server's
        // revision it is based on (the queue joins the change into it).
        const base = isTemplate ? null : saver.base;
        let answer: ProjectDocument | Queued;
        try {
          answer = base
            ? await saveDelta(base, document)
            : await extra.save<ProjectDocument>({ method: 'PUT', path, body: document, queueable: true });
        } catch (error) {
          if (generation !== saver.generation) return;
          // A new template has nothing on the server to reload: the shown copy stays and the
          // next edit (or 'Vorlage speichern') sends it again.
          const unsaved = shown() && getState().project.unsaved;
          saver.reset(unsaved ? getState().project.document : saver.base);
          if (error instanceof SessionLostError || !shown()) return;
          // Not an answer of the server and not queued: the local store could not keep it.
          const detail =
            error instanceof ApiError
              ? serverMessageOr(error, '')
              : isNetworkError(error)
                ? error.message
                : de.sync.storageFailed;
          const message = isTemplate ? de.templatesScreen.editor.saveFailed : de.board.saveFailed;
          const limit = limitReachedKind(error);
          dispatch(saveFailed({ message, detail: detail || null, ...(limit ? { limit } : {}) }));
          await dispatch(fetchAgain(saver, projectId));
          return;
        }
        if (generation !== saver.generation) return;
        saver.inFlight = null;
        if (shown() && getState().project.unsaved) dispatch(templateCreated());
        if (isQueued(answer)) {
          // Waiting in the sync queue: the copy as sent is what this device now builds on; the
          // replay's answer comes back through a reload once the queue has reached the server.
          saver.confirm(document, true);
          continue;
        }
        saver.confirm(answer);
        if (shown()) dispatch(projectReceived(rebase(answer, saver.pending)));
        // The server has the change: a list of projects that read before it (the dashboard
        // opened while the save was on its way) reads again. Nothing is read while none is shown.
        if (!isTemplate) dispatch(projectsApi.util.invalidateTags(['Projects', 'Appointments']));
      }
    };
    // Until the loop ends, edits are in this page only (waiting behind a save, or reloading after
    // a failed one): the page asks before it closes (api/unsavedWork.ts).
    const running = extra.unsavedWork.track(run()).finally(() => {
      saver.running = null;
      // Edits made while a failed save reloaded the project: send them now.
      if (saver.pending.length > 0) void dispatch(flushSaves(saver, projectId));
    });
    saver.running = running;
    return running;
  };
}

/**
 * Complete, reopen (POST) or archive (DELETE) through their routes, after the running saves.
 * Rejects with the German message for the caller to show.
 */
export function changeProjectStatus(action: ProjectStatusAction): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const saver = extra.projectSavers.current;
    if (!saver) return;
    const { projectId } = getState().project;
    await saver.settled();
    try {
      const answer = await dispatch(postProjectStatus(projectId, action));
      saver.reset(answer);
      if (!showsProject(getState, extra, saver, projectId)) return;
      dispatch(answer ? projectReceived(answer) : archivedAway());
    } catch (error) {
      throw new Error(
        serverMessageOr(error, action === 'archive' ? de.projects.deleteFailed : de.projects.completeFailed),
        { cause: error },
      );
    }
  };
}

/**
 * A team change of the open project (deputy, member removed, leadership handed over), after
 * its running saves. The answer is the whole document: it replaces the board's copy and
 * becomes the save queue's base, as complete and reopen do, so the header's avatars and
 * buttons follow. Rejects with the client's error.
 */
export function changeTeam(change: TeamChange): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, getState, extra) => {
    const saver = extra.projectSavers.current;
    const { projectId } = getState().project;
    if (!saver || !projectId) throw new Error('Kein Projekt geöffnet.');
    await saver.settled();
    const answer = await dispatch(changeProjectTeam(projectId, change));
    saver.reset(answer);
    if (showsProject(getState, extra, saver, projectId)) dispatch(projectReceived(answer));
    return answer;
  };
}
