import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectGroupDto, ProjectSummaryDto, UserSettingsPatch } from '@werkboard/common';
import { canCreateProject, canManageProjectGroups, de } from '@werkboard/common';
import { changeProjectStatus } from '../api/endpoints/projects';
import { ApiError } from '../api/errors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useSubmit } from '../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { usePolicy } from '../entities/session/usePolicy';
import { useFreeLicense } from '../entities/session/useFreeLicense';
import {
  CreateProjectDialog,
  DeleteProjectGroupDialog,
  GroupProgressDialog,
  ProjectGroupDialog,
  ProjectProgressDialog,
} from './dashboardDialogs';
import { LazyGroupReportDialog } from '../features/reports/LazyReportDialog';
import type { ProjectAction } from '../features/dashboard/ProjectCard';
import { useNow } from '../components/useNow';
import { selectUserSettings } from '../entities/settings/settingsSelectors';
import { useSettingsSaver } from '../entities/settings/useSettingsSaver';
import { useOnlineStatus } from '../utils/useOnlineStatus';
import { AppointmentsOverview } from '../features/dashboard/AppointmentsOverview';
import type { DashboardFilters } from '../features/dashboard/dashboardFilters';
import {
  customerTypeOptions,
  DEFAULT_DASHBOARD_FILTERS,
  employeeOptions,
  filterAndSortProjects,
  groupProjectSections,
  hasActiveFilters,
} from '../features/dashboard/dashboardFilters';
import { FilterPanel } from '../features/dashboard/FilterPanel';
import type { GroupAction } from '../features/dashboard/GroupSection';
import { HintedButton } from '../components/HintedButton';
import type { ViewMode } from '../features/dashboard/ProjectLists';
import { ActiveProjects, CompletedProjects } from '../features/dashboard/ProjectLists';
import { useDashboardData } from '../features/dashboard/useDashboardData';
import { useContentShown } from '../api/sideReads';
import { LoadFailed } from '../components/LoadFailed';
import { useLimitReason } from '../entities/license/useLimitReason';

const d = de.dashboard;
const a = d.projectActions;

type DialogState =
  | { kind: 'newProject' }
  | { kind: 'groupEdit'; group: ProjectGroupDto | null }
  | { kind: 'groupDelete'; group: ProjectGroupDto }
  | { kind: 'groupChart'; group: ProjectGroupDto }
  | { kind: 'groupReport'; report: 'kwp' | 'pdf' | 'totals'; group: ProjectGroupDto }
  | { kind: 'projectChart'; project: ProjectSummaryDto }
  | { kind: 'complete' | 'reopen' | 'delete'; project: ProjectSummaryDto };

type StatusDialog = Extract<DialogState, { kind: 'complete' | 'reopen' | 'delete' }>;

const STATUS_TEXTS = {
  complete: { title: a.completeTitle, question: a.completeQuestion, confirm: a.completeConfirm, busy: a.completing },
  reopen: { title: a.reopenTitle, question: a.reopenQuestion, confirm: a.reopenConfirm, busy: a.reopening },
  delete: { title: a.deleteTitle, question: a.deleteQuestion, confirm: a.deleteConfirm, busy: a.deleting },
} as const;

/** Complete, reopen or delete a project after its confirmation; the failure stays in the dialog. */
function ProjectStatusDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: StatusDialog;
  onClose: () => void;
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const { busy, error, run } = useSubmit();
  const texts = STATUS_TEXTS[dialog.kind];
  const confirm = async () => {
    const done = await run(
      () => dispatch(changeProjectStatus(dialog.project.id, dialog.kind === 'delete' ? 'archive' : dialog.kind)),
      (caught) => {
        if (dialog.kind !== 'delete') return a.statusFailed;
        return caught instanceof ApiError && caught.status === 403 ? a.deleteForbidden : a.deleteFailed;
      },
    );
    if (done) onDone();
  };
  return (
    <ConfirmDialog
      title={texts.title}
      confirmLabel={texts.confirm}
      busyLabel={texts.busy}
      busy={busy}
      error={error}
      danger={dialog.kind === 'delete'}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{texts.question(dialog.project.name)}</p>
    </ConfirmDialog>
  );
}

/**
 * The dashboard '/' (spec section 2): the buttons with their permissions and reasons, 'Suchen &
 * Filtern', the appointment overview, 'Laufende Projekte' by project group, 'Abgeschlossene
 * Projekte' and their dialogs. Folded sections and the view mode persist as display settings.
 */
export function DashboardPage() {
  const policy = usePolicy();
  const me = useAppSelector((state) => state.auth.user);
  const settings = useAppSelector(selectUserSettings);
  const saver = useSettingsSaver();
  const online = useOnlineStatus();
  const projectLimit = useLimitReason('activeProjects');
  const free = useFreeLicense();
  const now = useNow();
  const data = useDashboardData();
  useContentShown(data.settled);
  const filterPanelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<DashboardFilters>(DEFAULT_DASHBOARD_FILTERS);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const display = settings.display.dashboardProjects;
  const changeDisplay = (patch: NonNullable<UserSettingsPatch['display']>) => saver.change({ display: patch });

  const projects = useMemo(() => (data.projects.status === 'loaded' ? data.projects.data : []), [data.projects]);
  const active = useMemo(() => projects.filter((project) => project.status === 'active'), [projects]);
  const filtered = hasActiveFilters(filters);
  const shownActive = useMemo(() => filterAndSortProjects(active, filters), [active, filters]);
  const shownCompleted = useMemo(
    () =>
      filterAndSortProjects(
        projects.filter((project) => project.status === 'completed'),
        filters,
      ),
    [projects, filters],
  );
  const sections = useMemo(
    () => groupProjectSections(shownActive, data.groups, { includeEmptyGroups: !filtered }),
    [shownActive, data.groups, filtered],
  );
  const employees = useMemo(
    () => employeeOptions(projects, data.users, me ? { id: me.id, name: me.username } : null),
    [projects, data.users, me],
  );
  const customerTypes = useMemo(
    () => customerTypeOptions(data.customerTypes, projects),
    [data.customerTypes, projects],
  );
  const ownNames = useMemo(
    () => projects.filter((project) => me && project.ownerId === me.id).map((project) => project.name),
    [projects, me],
  );

  const onProjectAction = (action: ProjectAction, project: ProjectSummaryDto) =>
    setDialog(action === 'chart' ? { kind: 'projectChart', project } : { kind: action, project });

  const onGroupAction = (action: GroupAction, group: ProjectGroupDto) => {
    if (action === 'edit') setDialog({ kind: 'groupEdit', group });
    else if (action === 'delete') setDialog({ kind: 'groupDelete', group });
    else if (action === 'chart') setDialog({ kind: 'groupChart', group });
    else setDialog({ kind: 'groupReport', report: action, group });
  };

  const closeDialog = () => setDialog(null);

  return (
    <div className="page dashboard">
      <header className="page__header">
        <h1 className="page__title">{d.title}</h1>
        <div className="page__actions dashboard__actions">
          {policy.allows(canManageProjectGroups) && (
            <>
              <HintedButton
                className="button button--secondary"
                disabledReason={free ? d.toolbar.groupsDisabledFree : null}
                onClick={() => setDialog({ kind: 'groupEdit', group: null })}
              >
                {d.toolbar.newGroup}
              </HintedButton>
              {policy.canOpen('/project-groups') && (
                <Link to="/project-groups" className="button button--secondary">
                  {d.toolbar.manageGroups}
                </Link>
              )}
            </>
          )}
          {policy.allows(canCreateProject) && (
            <HintedButton
              className="button button--primary"
              disabledReason={online ? projectLimit : d.toolbar.onlineOnly}
              onClick={() => setDialog({ kind: 'newProject' })}
            >
              {d.toolbar.newProject}
            </HintedButton>
          )}
          <button
            type="button"
            className={
              filtered
                ? 'button button--secondary dashboard__filter-toggle is-filtered'
                : 'button button--secondary dashboard__filter-toggle'
            }
            aria-expanded={filtersOpen}
            aria-controls={filterPanelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {d.toolbar.searchAndFilter}
            {filtered && <span className="dashboard__filter-dot" title={d.filters.active} aria-hidden="true" />}
          </button>
        </div>
      </header>

      {filtersOpen && (
        <FilterPanel
          id={filterPanelId}
          filters={filters}
          employees={employees}
          customerTypes={customerTypes}
          onChange={setFilters}
        />
      )}

      {saver.error && (
        <p role="alert" className="message message--error">
          {saver.error}
        </p>
      )}

      {!data.settled && <p className="muted">{de.actions.loading}</p>}

      {data.settled && data.appointments && (
        <AppointmentsOverview
          load={data.appointments}
          settings={settings.display.dashboardAppointments}
          tagsById={data.tagsById}
          onToggle={(open) => changeDisplay({ dashboardAppointments: { visibility: open ? 'expanded' : 'collapsed' } })}
        />
      )}

      {data.settled && data.projects.status === 'failed' && (
        <LoadFailed message={d.projects.loadFailed} onRetry={data.reloadProjects} />
      )}
      {data.settled && data.projects.status === 'loaded' && (
        <div className="project-overview">
          <ActiveProjects
            totalCount={active.length}
            sections={sections}
            filtered={filtered}
            groupsFailed={data.groupsFailed}
            open={display.activeProjectsVisibility === 'expanded'}
            onToggle={(open) =>
              changeDisplay({ dashboardProjects: { activeProjectsVisibility: open ? 'expanded' : 'collapsed' } })
            }
            onViewChange={(view: ViewMode) => changeDisplay({ dashboardProjects: { activeProjectsViewMode: view } })}
            onGroupAction={onGroupAction}
            context={{
              now,
              showOwner: policy.can('can_view_admin_dashboard'),
              tagsById: data.tagsById,
              view: display.activeProjectsViewMode,
              deletable: settings.features.deletableProjects,
              onAction: onProjectAction,
            }}
          />
          <CompletedProjects
            projects={shownCompleted}
            now={now}
            open={display.completedProjectsVisibility === 'expanded'}
            onToggle={(open) =>
              changeDisplay({ dashboardProjects: { completedProjectsVisibility: open ? 'expanded' : 'collapsed' } })
            }
            onAction={onProjectAction}
          />
        </div>
      )}

      {dialog?.kind === 'newProject' && <CreateProjectDialog onClose={closeDialog} existingNames={ownNames} />}
      {dialog?.kind === 'groupEdit' && <ProjectGroupDialog group={dialog.group} onClose={closeDialog} />}
      {dialog?.kind === 'groupDelete' && <DeleteProjectGroupDialog group={dialog.group} onClose={closeDialog} />}
      {dialog?.kind === 'groupChart' && (
        <GroupProgressDialog
          group={dialog.group}
          projects={active.filter((project) => project.groupId === dialog.group.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'groupReport' && (
        <LazyGroupReportDialog
          report={dialog.report}
          groupName={dialog.group.name}
          projectIds={active.filter((project) => project.groupId === dialog.group.id).map((project) => project.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'projectChart' && <ProjectProgressDialog project={dialog.project} onClose={closeDialog} />}
      {(dialog?.kind === 'complete' || dialog?.kind === 'reopen' || dialog?.kind === 'delete') && (
        <ProjectStatusDialog
          key={`${dialog.kind}-${dialog.project.id}`}
          dialog={dialog}
          onClose={closeDialog}
          onDone={closeDialog}
        />
      )}
    </div>
  );
}
