import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ProjectDocument } from '@werkboard/common';
import { canReopenProject, de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { GalleryDialog } from '../gallery/GalleryDialog';
import { LimitDialog } from '../license/LimitDialog';
import { AppointmentArchiveDialog } from '../projectPanels/AppointmentArchiveDialog';
import { AppointmentManagerDialog } from '../projectPanels/AppointmentManagerDialog';
import { AppointmentOverview } from '../projectPanels/AppointmentOverview';
import { ChangeLogDialog } from '../projectPanels/ChangeLogDialog';
import { EditProjectDialog } from '../projectPanels/EditProjectDialog';
import { NotesDialog } from '../projectPanels/NotesDialog';
import { LazyProjectReportDialog } from '../reports/LazyReportDialog';
import { InviteDialog } from '../team/InviteDialog';
import { TeamDialog } from '../team/TeamDialog';
import { SaveAsTemplateDialog } from '../templates/SaveAsTemplateDialog';
import { Board } from './Board';
import type { BoardUi } from './boardUi';
import { BoardUiContext } from './boardUi';
import type { ProjectBoardContextValue, ProjectRecipe, ProjectStatusAction } from './projectContext';
import { ProjectBoardContext } from './projectContext';
import type { HeaderDialog } from './ProjectHeader';
import { ProjectHeader } from './ProjectHeader';
import type { BoardKind } from './projectSlice';
import {
  isReadOnly,
  saveErrorDismissed,
  selectDocument,
  selectFromArchive,
  selectAssigneeNames,
  selectProjectId,
  selectSaveError,
  selectTagsById,
  selectStatus,
  selectUnsaved,
} from './projectSlice';
import {
  applyEdit,
  changeProjectStatus,
  closeProject,
  loadBoardLookups,
  loadProject,
  openNewTemplate,
  openProject,
  reloadProject,
  saveNewTemplate,
} from './projectThunks';
import { TaskDialog } from './TaskDialog';
import { SortableProvider } from './useSortable';

/** /project/{id}: the board of one project. Navigation state `isArchived` opens an archived project read-only. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const fromArchive = (location.state as { isArchived?: unknown } | null)?.isArchived === true;
  // Keyed by project: the dialogs and the open card of one project do not carry over to the next.
  return <ProjectScreen key={id} projectId={id} fromArchive={fromArchive} kind="project" />;
}

export interface ProjectScreenProps {
  projectId: string;
  fromArchive: boolean;
  /** 'template': the template editor (GET and PUT /templates/{id}, no card moves, no project panels). */
  kind: BoardKind;
  /** A new template built on this device: shown without loading, created on the server by its first save. */
  newTemplate?: ProjectDocument | null;
}

/** The board of one project, or of one template in the template editor. */
export function ProjectScreen({ projectId, fromArchive, kind, newTemplate = null }: ProjectScreenProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Until this page has opened its project (an effect, after the first render) the slice may
  // still hold the project of the page before: that one is never shown or acted on.
  const opened = useAppSelector((state) => selectProjectId(state) === projectId);
  const storedStatus = useAppSelector(selectStatus);
  const status = opened ? storedStatus : 'loading';
  const storedDocument = useAppSelector(selectDocument);
  const document = opened ? storedDocument : null;
  const user = useAppSelector((state) => state.auth.user);
  const readOnly = useAppSelector((state) => isReadOnly(state, user));
  const [dialog, setDialog] = useState<HeaderDialog | null>(null);
  const [openCardId, setOpenCardId] = useState<string | null>(null);
  // The new template of the first render: its id is the page's for good (after the first save the route carries it).
  const [fresh] = useState(newTemplate);
  const template = kind === 'template';

  useEffect(() => {
    if (fresh) dispatch(openNewTemplate(fresh));
    else {
      dispatch(openProject(projectId, fromArchive, kind));
      void dispatch(loadProject());
    }
    void dispatch(loadBoardLookups());
    return () => {
      dispatch(closeProject());
    };
  }, [dispatch, projectId, fromArchive, kind, fresh]);

  // A replay of the sync queue reached the server: show the merged copy (no-op for a page without changes queued).
  const syncApplied = useAppSelector((state) => state.sync.appliedCount);
  useEffect(() => {
    if (syncApplied > 0) void dispatch(reloadProject());
  }, [dispatch, syncApplied]);

  useEffect(() => {
    if (status === 'missing') void navigate(template ? '/templates' : '/', { replace: true });
    if (status === 'archivedAway') void navigate('/', { replace: true });
    if (status === 'archivedElsewhere') void navigate('/archive', { replace: true });
  }, [status, navigate, template]);

  const update = useCallback(
    (recipe: ProjectRecipe, logActions?: string | readonly string[]) => dispatch(applyEdit(recipe, logActions)),
    [dispatch],
  );
  const reload = useCallback(() => void dispatch(reloadProject()), [dispatch]);
  const changeStatus = useCallback((action: ProjectStatusAction) => dispatch(changeProjectStatus(action)), [dispatch]);
  const closeCard = useCallback(() => setOpenCardId(null), []);
  const boardUi = useMemo<BoardUi>(
    () => ({ readOnly, template, actor: user, openCard: setOpenCardId }),
    [readOnly, template, user],
  );
  const context = useMemo<ProjectBoardContextValue | null>(
    () => (document ? { document, readOnly, update, reload, changeStatus } : null),
    [document, readOnly, update, reload, changeStatus],
  );

  if (status === 'notOnDevice') {
    return (
      <div className="page">
        <p className="message message--error" role="alert">
          {template ? de.sync.templateNotOnDevice : de.sync.notOnDevice}
        </p>
        <Link to={template ? '/templates' : '/'}>{template ? de.sync.backToTemplates : de.sync.backToDashboard}</Link>
      </div>
    );
  }

  if (status !== 'loaded' || !context) {
    return status === 'loading' ? (
      <div className="page">
        <p className="muted" role="status">
          {template ? de.templatesScreen.editor.loading : de.board.loading}
        </p>
      </div>
    ) : null;
  }

  const closeDialog = () => setDialog(null);
  const modalOpen = dialog !== null || openCardId !== null;

  return (
    <ProjectBoardContext.Provider value={context}>
      <BoardUiContext.Provider value={boardUi}>
        {/* Behind an open dialog the page is inert: no focus, no clicks, hidden from assistive technology. */}
        <div className="project-page" inert={modalOpen} aria-hidden={modalOpen || undefined}>
          <ProjectHeader onOpen={setDialog} />
          <SaveErrorBanner />
          {template ? <TemplateBanners readOnly={readOnly} /> : <StatusBanners />}
          {!template && <AppointmentOverview />}
          <SortableProvider>
            <Board />
          </SortableProvider>
        </div>
        {openCardId !== null && <TaskDialog key={openCardId} cardId={openCardId} onClose={closeCard} />}
        {dialog !== null && <HeaderDialogView dialog={dialog} onClose={closeDialog} />}
      </BoardUiContext.Provider>
    </ProjectBoardContext.Provider>
  );
}

function HeaderDialogView({ dialog, onClose }: { dialog: HeaderDialog; onClose: () => void }) {
  switch (dialog) {
    case 'edit':
      return <EditProjectDialog onClose={onClose} />;
    case 'notes':
      return <NotesDialog onClose={onClose} />;
    case 'changeLog':
      return <ChangeLogDialog onClose={onClose} />;
    case 'appointmentArchive':
      return <AppointmentArchiveDialog onClose={onClose} />;
    case 'appointments':
      return <AppointmentManagerDialog onClose={onClose} />;
    case 'invite':
      return <InviteDialog onClose={onClose} />;
    case 'team':
      return <TeamDialog onClose={onClose} />;
    case 'gallery':
      return <GalleryDialog onClose={onClose} />;
    case 'kwpExport':
    case 'pdfExport':
    case 'totals':
      return <ReportDialogFromBoard dialog={dialog} onClose={onClose} />;
    case 'saveAsTemplate':
      return <SaveAsTemplateFromBoard onClose={onClose} />;
  }
}

function SaveAsTemplateFromBoard({ onClose }: { onClose: () => void }) {
  const document = useAppSelector(selectDocument)!;
  return <SaveAsTemplateDialog project={document} onClose={onClose} />;
}

/** The reports of the open project: made in the browser from the document on screen. */
function ReportDialogFromBoard({
  dialog,
  onClose,
}: {
  dialog: 'kwpExport' | 'pdfExport' | 'totals';
  onClose: () => void;
}) {
  const document = useAppSelector(selectDocument)!;
  const assignees = useAppSelector(selectAssigneeNames);
  const tags = useAppSelector(selectTagsById);
  const names = useMemo(() => ({ assignees, tags }), [assignees, tags]);
  const report = dialog === 'kwpExport' ? 'kwp' : dialog === 'pdfExport' ? 'pdf' : 'totals';
  return <LazyProjectReportDialog report={report} project={document} names={names} onClose={onClose} />;
}

/**
 * 'Speichern fehlgeschlagen.' ('Vorlage konnte nicht gespeichert werden.' in the template
 * editor) after a failed save (the document has been loaded again); a Free limit also opens
 * the limit dialog.
 */
function SaveErrorBanner() {
  const error = useAppSelector(selectSaveError);
  const dispatch = useAppDispatch();
  const [limitSeen, setLimitSeen] = useState<SaveErrorLike | null>(null);
  if (!error) return null;
  const showLimit = error.limit && limitSeen !== error;
  return (
    <div className="project-banner project-banner--error" role="alert">
      <div>
        <p className="project-banner__text">{error.message}</p>
        {error.detail && <p className="project-banner__detail">{error.detail}</p>}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={de.board.dismiss}
        title={de.board.dismiss}
        onClick={() => dispatch(saveErrorDismissed())}
      >
        <span aria-hidden="true">×</span>
      </button>
      {showLimit && error.limit && <LimitDialog kind={error.limit} onClose={() => setLimitSeen(error)} />}
    </div>
  );
}

type SaveErrorLike = NonNullable<ReturnType<typeof selectSaveError>>;

/**
 * The template editor's banners: archived (or opened from the archive) read-only; read-only
 * for who may not edit this template; a new template not saved yet, with 'Vorlage speichern'.
 */
function TemplateBanners({ readOnly }: { readOnly: boolean }) {
  const document = useAppSelector(selectDocument)!;
  const fromArchive = useAppSelector(selectFromArchive);
  const unsaved = useAppSelector(selectUnsaved);
  const dispatch = useAppDispatch();
  const m = de.templatesScreen.editor;
  if (document.status === 'archived' || fromArchive) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{m.archived}</p>
      </div>
    );
  }
  if (readOnly) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{m.readOnly}</p>
      </div>
    );
  }
  if (!unsaved) return null;
  return (
    <div className="project-banner template-banner--unsaved" role="status">
      <p className="project-banner__text">{m.unsaved}</p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => dispatch(saveNewTemplate())}
      >
        {m.saveNow}
      </button>
    </div>
  );
}

/** Completed: all editing disabled, 'Wieder öffnen' for who may. Archived (opened from the archive): read-only. */
function StatusBanners() {
  const document = useAppSelector(selectDocument)!;
  const fromArchive = useAppSelector(selectFromArchive);
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const m = de.board.banners;

  const reopen = async () => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(changeProjectStatus('reopen'));
      setConfirming(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : de.projects.completeFailed);
    } finally {
      setBusy(false);
    }
  };

  if (document.status === 'archived' || fromArchive) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{de.projects.readOnlyArchived}</p>
      </div>
    );
  }
  if (document.status !== 'completed') return null;
  return (
    <div className="project-banner project-banner--completed" role="status">
      <p className="project-banner__text">{de.projects.readOnlyCompleted}</p>
      {user && canReopenProject(user, document) && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {m.reopen}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={m.reopenTitle}
          confirmLabel={m.reopen}
          busyLabel={m.reopening}
          busy={busy}
          error={error}
          onConfirm={() => void reopen()}
          onCancel={() => setConfirming(false)}
        >
          <p>{m.reopenQuestion(document.name)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
