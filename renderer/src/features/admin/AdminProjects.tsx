import { Trash } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectSummaryDto, UserSettings } from '@werkboard/common';
import { canReassignProjects, de } from '@werkboard/common';
import { useAdminProjectsQuery } from '../../api/endpoints/admin';
import { changeProjectStatus } from '../../api/endpoints/projects';
import { serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';
import { ProjectProgress } from '../../entities/project/ProjectProgress';
import { RelativeTime } from '../../components/RelativeTime';
import { useNow } from '../../components/useNow';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { useSettingsSaver } from '../../entities/settings/useSettingsSaver';
import { groupProjectsByOwner } from './adminFormat';
import { ReassignDialog } from './ReassignDialog';
import { ViewModeToggle } from '../../components/ViewModeToggle';
import { LoadFailed } from '../../components/LoadFailed';

const t = de.adminOverview.projects;
const d = de.adminOverview.deleteProject;

export type AdminViewMode = UserSettings['display']['adminView']['projectsViewMode'];

type OpenDialog = { kind: 'reassign' | 'delete'; project: ProjectSummaryDto };

interface CardProps {
  project: ProjectSummaryDto;
  view: AdminViewMode;
  now: number;
  mayReassign: boolean;
  mayDelete: boolean;
  onAction: (kind: OpenDialog['kind'], project: ProjectSummaryDto) => void;
}

/**
 * A project in the admin overview: icon, name (the link to the board, stretched over the
 * card), Projekt-Nr, description, progress and the last change. The actions show on hover and
 * focus (always on touch screens), as on the dashboard.
 */
function AdminProjectCard({ project, view, now, mayReassign, mayDelete, onAction }: CardProps) {
  return (
    <li className={view === 'grid' ? 'project-card' : 'project-card project-card--row'} aria-label={project.name}>
      <div className="project-card__head">
        <ProjectIconGlyph icon={project.icon} />
        <div className="project-card__titles">
          <Link to={`/project/${encodeURIComponent(project.id)}`} className="project-card__link">
            {project.name}
          </Link>
          {project.projectNumber && (
            <span className="project-card__number">{de.projectOverview.projectNumber(project.projectNumber)}</span>
          )}
        </div>
      </div>
      {/* dash-tags: the list view's second column, where the dashboard shows tags. */}
      {project.description && <p className="dash-tags template-card__description">{project.description}</p>}
      <ProjectProgress done={project.doneCount} total={project.cardCount} />
      <div className="project-card__meta">
        {project.status === 'completed' && <span className="status-badge status-badge--yes">{t.completed}</span>}
        <RelativeTime iso={project.lastModified} now={now} label={de.projectOverview.lastModified} />
      </div>
      {(mayReassign || mayDelete) && (
        <div className="project-card__actions" role="group" aria-label={t.actions(project.name)}>
          {mayReassign && (
            <button
              type="button"
              className="icon-button project-card__action"
              aria-label={t.reassignLabel(project.name)}
              title={t.reassign}
              onClick={() => onAction('reassign', project)}
            >
              <span aria-hidden="true">⇄</span>
            </button>
          )}
          {mayDelete && (
            <button
              type="button"
              className="icon-button project-card__action project-card__action--danger"
              aria-label={t.deleteLabel(project.name)}
              title={t.delete}
              onClick={() => onAction('delete', project)}
            >
              <Trash className="icon-glyph" aria-hidden="true" focusable="false" />
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Delete after the confirmation that explains the archive; the failure stays in the dialog. */
function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: ProjectSummaryDto;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const dispatch = useAppDispatch();
  const { busy, error, run } = useSubmit();
  const confirm = async () => {
    if (
      await run(
        () => dispatch(changeProjectStatus(project.id, 'archive')),
        () => d.failed,
      )
    )
      onDeleted();
  };
  return (
    <ConfirmDialog
      title={d.title}
      confirmLabel={d.confirm}
      busyLabel={d.deleting}
      busy={busy}
      error={error}
      danger
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{d.question(project.name)}</p>
      <p className="muted">{d.archiveHint}</p>
    </ConfirmDialog>
  );
}

/**
 * The admin overview's projects (spec section 2): every active and completed project grouped
 * by owner name, as tiles or a list (display.adminView.projectsViewMode, saved with the
 * user's settings). 'Projekt neu zuweisen' with can_reassign_projects, delete (to the
 * archive) with can_delete_any_project.
 */
export function AdminProjects() {
  const policy = usePolicy();
  const now = useNow();
  const view = useAppSelector(selectUserSettings).display.adminView.projectsViewMode;
  const saver = useSettingsSaver();
  const headingId = useId();
  const projectsQuery = useAdminProjectsQuery();
  const load = loadStateOf(projectsQuery);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const groups = useMemo(() => (load.status === 'loaded' ? groupProjectsByOwner(load.data) : []), [load]);
  const mayReassign = policy.allows(canReassignProjects);
  const mayDelete = policy.can('can_delete_any_project');

  const open = (kind: OpenDialog['kind'], project: ProjectSummaryDto) => {
    setNotice(null);
    setDialog({ kind, project });
  };
  const close = () => setDialog(null);

  return (
    <section className="panel admin-projects" aria-labelledby={headingId}>
      <div className="panel__header">
        <h2 id={headingId} className="panel__title">
          {load.status === 'loaded' ? t.titleWithCount(load.data.length) : t.title}
        </h2>
        <ViewModeToggle
          view={view}
          onChange={(mode) => saver.change({ display: { adminView: { projectsViewMode: mode } } })}
        />
      </div>
      {saver.error && (
        <p role="alert" className="message message--error">
          {saver.error}
        </p>
      )}
      {notice && (
        <p role="status" className="message message--success">
          {notice}
        </p>
      )}
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && (
        <LoadFailed message={serverMessageOr(load.error, t.loadFailed)} onRetry={() => void projectsQuery.refetch()} />
      )}
      {load.status === 'loaded' && groups.length === 0 && <p className="muted">{t.empty}</p>}
      {groups.map((group) => (
        <section key={group.owner ?? ''} className="admin-owner-group">
          <h3 className="subheading">{t.ownerGroup(group.label, group.projects.length)}</h3>
          <ul className={view === 'grid' ? 'project-grid' : 'project-list'} aria-label={t.ownerGroupLabel(group.label)}>
            {group.projects.map((project) => (
              <AdminProjectCard
                key={project.id}
                project={project}
                view={view}
                now={now}
                mayReassign={mayReassign}
                mayDelete={mayDelete}
                onAction={open}
              />
            ))}
          </ul>
        </section>
      ))}

      {dialog?.kind === 'reassign' && (
        <ReassignDialog
          key={dialog.project.id}
          project={dialog.project}
          onClose={close}
          onReassigned={() => {
            close();
            setNotice(de.team.reassign.done);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteProjectDialog
          key={dialog.project.id}
          project={dialog.project}
          onClose={close}
          onDeleted={() => {
            close();
            setNotice(d.done(dialog.project.name));
          }}
        />
      )}
    </section>
  );
}
