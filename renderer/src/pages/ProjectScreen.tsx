import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import { selectTagsById, useTagsQuery } from '../api/endpoints/tags';
import { useExternalUsersQuery } from '../api/endpoints/users';
import { selectAssigneeNames } from '../entities/project/projectSelectors';
import type { BoardKind } from '../entities/project/projectSlice';
import {
  selectCard,
  selectOpenCardId,
  selectProjectId,
  selectStatus,
  taskClosed,
} from '../entities/project/projectSlice';
import { closeProject, loadProject, openNewTemplate, openProject } from '../entities/project/projectThunks';
import { useOpenProject } from '../entities/project/useOpenProject';
import { Board } from '../features/board/Board';
import { ProjectBanners } from '../features/board/ProjectBanners';
import type { HeaderDialog } from '../features/board/ProjectHeader';
import { ProjectHeader } from '../features/board/ProjectHeader';
import { BOARD_HEADER_SHOWN } from '../features/board/boardUi';
import { SortableProvider } from '../features/board/useSortable';
import { AppointmentOverview } from '../features/projectPanels/AppointmentOverview';
import { LazyProjectReportDialog } from '../features/reports/LazyReportDialog';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { afterElementShown } from '../utils/afterShown';
import { useContentShown } from '../api/sideReads';
import {
  AppointmentArchiveDialog,
  AppointmentManagerDialog,
  ChangeLogDialog,
  EditProjectDialog,
  EditTemplateDialog,
  GalleryDialog,
  InviteDialog,
  NotesDialog,
  SaveAsTemplateDialog,
  SignoffDialog,
  TaskDialog,
  TeamDialog,
} from './projectScreenDialogs';

export interface ProjectScreenProps {
  projectId: string;
  fromArchive: boolean;
  /** 'template': the template editor (GET and PUT /templates/{id}, no card moves, no project panels). */
  kind: BoardKind;
  /** A new template built on this device: shown without loading, created on the server by its first save. */
  newTemplate?: ProjectDocument | null;
}

/**
 * The board of one project, or of one template in the template editor: opens the project in
 * the entity (entities/project) for as long as the screen is shown, and composes the board's
 * header, banners and columns with the panels, team, gallery and template dialogs its header
 * opens.
 */
export function ProjectScreen({ projectId, fromArchive, kind, newTemplate = null }: ProjectScreenProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Until this page has opened its project (an effect, after the first render) the slice may
  // still hold the project of the page before: that one is never shown or acted on.
  const opened = useAppSelector((state) => selectProjectId(state) === projectId);
  const storedStatus = useAppSelector(selectStatus);
  const status = opened ? storedStatus : 'loading';
  const openCardId = useAppSelector(selectOpenCardId);
  // The open card's title names its dialog while the dialog's chunk loads.
  const openCardTitle = useAppSelector((state) =>
    openCardId === null ? '' : (selectCard(state, openCardId)?.card.title ?? ''),
  );
  const [dialog, setDialog] = useState<HeaderDialog | null>(null);
  // The new template of the first render: its id is the page's for good (after the first save the route carries it).
  const [fresh] = useState(newTemplate);
  const template = kind === 'template';
  // Tags (chips, task tags) and external workers (assignment), read for the board's parts
  // (selectors over the cache); without them the board still works.
  useTagsQuery();
  useExternalUsersQuery();

  useEffect(() => {
    if (fresh) dispatch(openNewTemplate(fresh));
    else {
      dispatch(openProject(projectId, fromArchive, kind));
      void dispatch(loadProject());
    }
    return () => {
      dispatch(closeProject());
    };
  }, [dispatch, projectId, fromArchive, kind, fresh]);

  // The card dialog's chunk once the header is on the screen: off the first paint (issue 19), but
  // there before a finger taps a card. If it cannot load now (offline), the click tries again.
  const loaded = status === 'loaded';
  useContentShown(loaded);
  useEffect(() => {
    if (!loaded) return undefined;
    let mounted = true;
    void afterElementShown(BOARD_HEADER_SHOWN).then(async () => {
      if (mounted) await TaskDialog.preload().catch(() => undefined);
    });
    return () => {
      mounted = false;
    };
  }, [loaded]);

  useEffect(() => {
    if (status === 'missing') void navigate(template ? '/templates' : '/', { replace: true });
    if (status === 'archivedAway') void navigate('/', { replace: true });
    if (status === 'archivedElsewhere') void navigate('/archive', { replace: true });
  }, [status, navigate, template]);

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

  if (status !== 'loaded') {
    // The loaded page's box (.project-page reserves the viewport's height): nothing below
    // moves when the board arrives (the phone's footer was a layout shift of 0.32).
    return status === 'loading' ? (
      <div className="project-page">
        <p className="muted" role="status">
          {template ? de.templatesScreen.editor.loading : de.board.loading}
        </p>
      </div>
    ) : null;
  }

  const closeDialog = () => setDialog(null);
  const modalOpen = dialog !== null || openCardId !== null;

  return (
    <>
      {/* Behind an open dialog the page is inert: no focus, no clicks, hidden from assistive technology. */}
      <div className="project-page" inert={modalOpen} aria-hidden={modalOpen || undefined}>
        <ProjectHeader onOpen={setDialog} />
        <ProjectBanners />
        {!template && <AppointmentOverview />}
        <SortableProvider>
          <Board />
        </SortableProvider>
      </div>
      {openCardId !== null && (
        <TaskDialog
          key={openCardId}
          cardId={openCardId}
          cardTitle={openCardTitle}
          onClose={() => dispatch(taskClosed())}
        />
      )}
      {dialog !== null && <HeaderDialogView dialog={dialog} template={template} onClose={closeDialog} />}
    </>
  );
}

/** The dialog a header button opens; each loads its chunk on its first opening (projectScreenDialogs). */
function HeaderDialogView({
  dialog,
  template,
  onClose,
}: {
  dialog: HeaderDialog;
  template: boolean;
  onClose: () => void;
}) {
  switch (dialog) {
    case 'edit':
      return template ? (
        <EditTemplateDialog onClose={onClose} renderSaveAsTemplate={renderSaveAsTemplate} />
      ) : (
        <EditProjectDialog onClose={onClose} renderSaveAsTemplate={renderSaveAsTemplate} />
      );
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
    case 'signoff':
      return <SignoffDialog cardId={null} onClose={onClose} />;
  }
}

/** 'Als Vorlage speichern' of the open project, from the header or from the edit modal's actions. */
function SaveAsTemplateFromBoard({ onClose }: { onClose: () => void }) {
  const { document } = useOpenProject();
  return <SaveAsTemplateDialog project={document} onClose={onClose} />;
}

const renderSaveAsTemplate = (onClose: () => void) => <SaveAsTemplateFromBoard onClose={onClose} />;

/** The reports of the open project: made in the browser from the document on screen. */
function ReportDialogFromBoard({
  dialog,
  onClose,
}: {
  dialog: 'kwpExport' | 'pdfExport' | 'totals';
  onClose: () => void;
}) {
  const { document } = useOpenProject();
  const assignees = useAppSelector(selectAssigneeNames);
  const tags = useAppSelector(selectTagsById);
  const names = useMemo(() => ({ assignees, tags }), [assignees, tags]);
  const report = dialog === 'kwpExport' ? 'kwp' : dialog === 'pdfExport' ? 'pdf' : 'totals';
  return <LazyProjectReportDialog report={report} project={document} names={names} onClose={onClose} />;
}
