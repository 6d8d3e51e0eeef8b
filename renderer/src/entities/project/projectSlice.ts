import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice, original } from '@reduxjs/toolkit';
import type { CardDto, LimitKind, ProjectDocument } from '@werkboard/common';
import { projectProgress } from '@werkboard/common';
import { loggedOut, sessionLost } from '../session/authSlice';
import { freezeDocument } from './freezeDocument';
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
  /** The card whose task dialog is open (UI state of the board), or null. */
  openCardId: string | null;
}

/** The part of the app state these selectors read (no import of the store: it imports this slice). */
export interface ProjectRoot {
  project: ProjectState;
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
    openCardId: null,
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
      // Compared with the stored copy itself, not through the draft: every read through immer's
      // proxy costs, and at 5,000 cards the walk took 0.5-0.7 s of one task after each save.
      // Frozen here, so that immer sees a frozen value and does not walk all entities itself.
      state.document = freezeDocument(replaceEqualDeep(original(state)?.document ?? null, action.payload));
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
    /** A card's task dialog opens (click on the card). */
    taskOpened(state, action: PayloadAction<string>) {
      state.openCardId = action.payload;
    },
    taskClosed(state) {
      state.openCardId = null;
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
  taskOpened,
  taskClosed,
} = projectSlice.actions;
export const projectReducer = projectSlice.reducer;

// Selectors

export const selectProjectId = (state: ProjectRoot) => state.project.projectId;
export const selectBoardKind = (state: ProjectRoot) => state.project.kind;
export const selectUnsaved = (state: ProjectRoot) => state.project.unsaved;
export const selectFromArchive = (state: ProjectRoot) => state.project.fromArchive;
export const selectDocument = (state: ProjectRoot) => state.project.document;
export const selectStatus = (state: ProjectRoot) => state.project.status;
export const selectSaveError = (state: ProjectRoot) => state.project.saveError;

export const selectOpenCardId = (state: ProjectRoot) => state.project.openCardId;

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

export const selectColumn = (state: ProjectRoot, columnId: string) =>
  state.project.document?.columns.find((column) => column.id === columnId) ?? null;

/** Card id → card and its column id; rebuilt once per document change, then every lookup is O(1). */
export const selectCardIndex = createSelector([selectDocument], (document) => {
  const index = new Map<string, { card: CardDto; columnId: string }>();
  for (const column of document?.columns ?? [])
    for (const card of column.cards) index.set(card.id, { card, columnId: column.id });
  return index;
});

export const selectCard = (state: ProjectRoot, cardId: string) => selectCardIndex(state).get(cardId) ?? null;
