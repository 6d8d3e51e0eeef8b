import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { Actor, CardDto, ExternalUserDto, LimitKind, ProjectDocument, TagDto } from '@werkboard/common';
import { assigneeNames, canEditTemplate, canWorkOnProject, projectProgress } from '@werkboard/common';
import type { RootState } from '../../store';
import { loggedOut, sessionLost } from '../auth/authSlice';
import { replaceEqualDeep } from './replaceEqualDeep';

/**
 * The open project of /project/{id}, under `project` in the app store. Not persisted, and
 * emptied when the page closes, when another project opens and when the session ends. The
 * app store's dev checks skip it (store/index.ts): walking a 2,000-card document on every
 * action would make the board slow in development. Without an open page, projectId is ''.
 *
 * - loading: the first GET is under way; loaded: `document` is shown.
 * - missing: the GET failed (404, no access, unreachable): the page goes to '/'.
 * - archivedElsewhere: an archived project opened without navigation state isArchived: '/archive'.
 * - archivedAway: this user just archived it: '/'.
 */
/** 'notOnDevice': no connection, and the project was never kept on this device. */
export type ProjectLoadStatus = 'loading' | 'loaded' | 'missing' | 'notOnDevice' | 'archivedElsewhere' | 'archivedAway';

/**
 * What the page shows: a project (/project/{id}, GET and PUT /projects/{id}) or a template in
 * the template editor (/template/edit/{id}, GET and PUT /templates/{id}).
 */
export type BoardKind = 'project' | 'template';

export interface SaveError {
  message: string;
  detail: string | null;
  /** The Free limit the save ran into (403 limit_reached), for the limit dialog. */
  limit?: LimitKind | null;
}

export interface ProjectState {
  projectId: string;
  kind: BoardKind;
  /**
   * A new template built in the editor that the server does not know yet: its first save (PUT
   * /templates/{id}) creates it; a failed save keeps the local copy instead of reloading.
   */
  unsaved: boolean;
  /** Opened from the archive (navigation state isArchived): read-only. */
  fromArchive: boolean;
  status: ProjectLoadStatus;
  /** The document as shown: the server's copy with this user's unsaved edits on top. */
  document: ProjectDocument | null;
  /** 'Speichern fehlgeschlagen.' (and the server's reason, if any) until dismissed. */
  saveError: SaveError | null;
  /** Tags of all customer types and external workers, for chips and assignment (empty if not loadable). */
  tags: TagDto[];
  externalUsers: ExternalUserDto[];
}

export function initialProjectState(
  projectId: string,
  fromArchive: boolean,
  kind: BoardKind = 'project',
  unsaved = false,
): ProjectState {
  return {
    projectId,
    kind,
    unsaved,
    fromArchive,
    status: 'loading',
    document: null,
    saveError: null,
    tags: [],
    externalUsers: [],
  };
}

const projectSlice = createSlice({
  name: 'project',
  initialState: initialProjectState('', false),
  reducers: {
    /** The project page opens (or shows another project): nothing of the last one is kept. */
    projectOpened(
      _state,
      action: PayloadAction<{ projectId: string; fromArchive: boolean; kind?: BoardKind; unsaved?: boolean }>,
    ) {
      const { projectId, fromArchive, kind = 'project', unsaved = false } = action.payload;
      return initialProjectState(projectId, fromArchive, kind, unsaved);
    },
    projectClosed() {
      return initialProjectState('', false);
    },
    /** A copy from the server (GET, PUT answer, complete, reopen); unchanged parts keep their identity. */
    projectReceived(state, action: PayloadAction<ProjectDocument>) {
      state.document = replaceEqualDeep(state.document, action.payload);
      state.status = 'loaded';
    },
    /** The local result of an edit (applied at once, saved in the background). */
    documentEdited(state, action: PayloadAction<ProjectDocument>) {
      state.document = action.payload;
    },
    projectMissing(state) {
      state.status = 'missing';
    },
    projectNotOnDevice(state) {
      state.status = 'notOnDevice';
    },
    archivedElsewhere(state) {
      state.status = 'archivedElsewhere';
    },
    archivedAway(state) {
      state.status = 'archivedAway';
    },
    /** The first save of a new template succeeded: it exists on the server now. */
    templateCreated(state) {
      state.unsaved = false;
    },
    saveFailed(state, action: PayloadAction<SaveError>) {
      state.saveError = action.payload;
    },
    saveErrorDismissed(state) {
      state.saveError = null;
    },
    tagsLoaded(state, action: PayloadAction<TagDto[]>) {
      state.tags = action.payload;
    },
    externalUsersLoaded(state, action: PayloadAction<ExternalUserDto[]>) {
      state.externalUsers = action.payload;
    },
  },
  // Another account may sign in on this browser next: nothing of the project outlives a session.
  extraReducers: (builder) => {
    const closed = () => initialProjectState('', false);
    builder.addCase(loggedOut, closed).addCase(sessionLost, closed);
  },
});

export const {
  projectOpened,
  projectClosed,
  projectReceived,
  documentEdited,
  projectMissing,
  projectNotOnDevice,
  archivedElsewhere,
  archivedAway,
  templateCreated,
  saveFailed,
  saveErrorDismissed,
  tagsLoaded,
  externalUsersLoaded,
} = projectSlice.actions;
export const projectReducer = projectSlice.reducer;

// Selectors

export const selectProjectId = (state: RootState) => state.project.projectId;
export const selectBoardKind = (state: RootState) => state.project.kind;
export const selectUnsaved = (state: RootState) => state.project.unsaved;
export const selectFromArchive = (state: RootState) => state.project.fromArchive;
export const selectDocument = (state: RootState) => state.project.document;
export const selectStatus = (state: RootState) => state.project.status;
export const selectSaveError = (state: RootState) => state.project.saveError;
export const selectTags = (state: RootState) => state.project.tags;
export const selectExternalUsers = (state: RootState) => state.project.externalUsers;

/**
 * Completed or archived, opened from the archive, or not this user's to work on. A template:
 * archived (or opened from the archive), or not this user's to edit (canEditTemplate).
 */
export function isReadOnly(state: RootState, actor: Actor | null): boolean {
  const { document, fromArchive } = state.project;
  if (!document || !actor) return true;
  if (fromArchive) return true;
  if (document.isTemplate) return document.status === 'archived' || !canEditTemplate(actor, document);
  return !canWorkOnProject(actor, document);
}

export const selectProgress = createSelector([selectDocument], (document) => projectProgress(document?.columns ?? []));

export interface ColumnRef {
  id: string;
  title: string;
}

function sameColumnRefs(a: readonly ColumnRef[], b: readonly ColumnRef[]): boolean {
  return a.length === b.length && a.every((ref, index) => ref.id === b[index]!.id && ref.title === b[index]!.title);
}

/** Column ids and titles in board order; the same array as long as neither changes (cards moving do not). */
export const selectColumnRefs = createSelector(
  [selectDocument],
  (document): ColumnRef[] => (document?.columns ?? []).map((column) => ({ id: column.id, title: column.title })),
  { memoizeOptions: { resultEqualityCheck: sameColumnRefs } },
);

export const selectColumn = (state: RootState, columnId: string) =>
  state.project.document?.columns.find((column) => column.id === columnId) ?? null;

/** Card id → card and its column id; rebuilt once per document change, then every lookup is O(1). */
export const selectCardIndex = createSelector([selectDocument], (document) => {
  const index = new Map<string, { card: CardDto; columnId: string }>();
  for (const column of document?.columns ?? [])
    for (const card of column.cards) index.set(card.id, { card, columnId: column.id });
  return index;
});

export const selectCard = (state: RootState, cardId: string) => selectCardIndex(state).get(cardId) ?? null;

export const selectTagsById = createSelector([selectTags], (tags) => new Map(tags.map((tag) => [tag.id, tag])));

/** Assignee value ('<user id>' or 'ext-<id>') → the name to show. */
export const selectAssigneeNames = createSelector(
  [(state: RootState) => state.project.document?.team, selectExternalUsers],
  (team, externalUsers) => assigneeNames(team ?? [], externalUsers),
);
