import { ChartColumn, Check, Trash } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ProjectSummaryDto, TagDto } from '@werkboard/common';
import { canCompleteProject, canDeleteProject, canReopenProject, de } from '@werkboard/common';
import { usePolicy } from '../../entities/session/usePolicy';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';
import { ProjectProgress } from '../../entities/project/ProjectProgress';
import { RelativeTime } from '../../components/RelativeTime';
import { MAX_DASHBOARD_TAGS, TagChips } from './TagChips';

const t = de.projectOverview;
const a = de.dashboard.projectActions;

export type ProjectAction = 'chart' | 'complete' | 'delete' | 'reopen';

interface ProjectCardProps {
  project: ProjectSummaryDto;
  now: number;
  /** The owner's name: only with can_view_admin_dashboard (spec section 6). */
  showOwner: boolean;
  tagsById: ReadonlyMap<string, TagDto>;
  view: 'grid' | 'list';
  /** The settings' feature switch 'deletableProjects'. */
  deletable: boolean;
  onAction: (action: ProjectAction, project: ProjectSummaryDto) => void;
}

/**
 * A running project on the dashboard (spec section 2): icon, name, Projekt-Nr, progress with
 * percent and done/total, up to 3 tags plus +N, owner (for those who may see it) and the last
 * change, as a tile (grid) or a row (list). The name is the link; CSS stretches it over the
 * whole card, so the card is one big touch target while its accessible name stays the name.
 * The actions (progress chart, complete, delete) show on hover and focus, and always on touch
 * screens, which have no hover.
 */
export function ProjectCard({ project, now, showOwner, tagsById, view, deletable, onAction }: ProjectCardProps) {
  const policy = usePolicy();
  const mayComplete = policy.allows((actor) => canCompleteProject(actor, project));
  const mayDelete = deletable && policy.allows((actor) => canDeleteProject(actor, project));
  return (
    <li className={view === 'grid' ? 'project-card' : 'project-card project-card--row'} aria-label={project.name}>
      <div className="project-card__head">
        <ProjectIconGlyph icon={project.icon} />
        <div className="project-card__titles">
          <Link to={`/project/${encodeURIComponent(project.id)}`} className="project-card__link">
            {project.name}
          </Link>
          {project.projectNumber && (
            <span className="project-card__number">{t.projectNumber(project.projectNumber)}</span>
          )}
        </div>
      </div>
      <TagChips tagIds={project.tagIds} tagsById={tagsById} max={MAX_DASHBOARD_TAGS} />
      <ProjectProgress done={project.doneCount} total={project.cardCount} />
      <div className="project-card__meta">
        {showOwner && <span>{t.owner(project.ownerUsername ?? t.unknownOwner)}</span>}
        <RelativeTime iso={project.lastModified} now={now} label={t.lastModified} />
      </div>
      <div className="project-card__actions" role="group" aria-label={de.dashboard.projects.actions(project.name)}>
        <button
          type="button"
          className="icon-button project-card__action"
          aria-label={a.chart(project.name)}
          title={a.chart(project.name)}
          onClick={() => onAction('chart', project)}
        >
          <ChartColumn className="icon-glyph" aria-hidden="true" focusable="false" />
        </button>
        {mayComplete && (
          <button
            type="button"
            className="icon-button project-card__action"
            aria-label={a.complete(project.name)}
            title={a.complete(project.name)}
            onClick={() => onAction('complete', project)}
          >
            <Check className="icon-glyph" aria-hidden="true" focusable="false" />
          </button>
        )}
        {mayDelete && (
          <button
            type="button"
            className="icon-button project-card__action project-card__action--danger"
            aria-label={a.delete(project.name)}
            title={a.delete(project.name)}
            onClick={() => onAction('delete', project)}
          >
            <Trash className="icon-glyph" aria-hidden="true" focusable="false" />
          </button>
        )}
      </div>
    </li>
  );
}

interface CompletedProjectRowProps {
  project: ProjectSummaryDto;
  now: number;
  onAction: (action: ProjectAction, project: ProjectSummaryDto) => void;
}

/** A completed project: name and owner (spec section 2), with 'Wieder öffnen' for can_edit_projects. */
export function CompletedProjectRow({ project, now, onAction }: CompletedProjectRowProps) {
  const policy = usePolicy();
  const mayReopen = policy.allows((actor) => canReopenProject(actor, project));
  return (
    <li className="project-row" aria-label={project.name}>
      <ProjectIconGlyph icon={project.icon} />
      <div className="project-row__main">
        <Link to={`/project/${encodeURIComponent(project.id)}`} className="project-card__link">
          {project.name}
        </Link>
        <span className="project-row__meta">
          {project.projectNumber && <span>{t.projectNumber(project.projectNumber)}</span>}
          <span>{t.owner(project.ownerUsername ?? t.unknownOwner)}</span>
          <RelativeTime iso={project.lastModified} now={now} label={t.lastModified} />
        </span>
      </div>
      {mayReopen && (
        <button
          type="button"
          className="button button--secondary button--small project-row__action"
          aria-label={a.reopen(project.name)}
          onClick={() => onAction('reopen', project)}
        >
          {a.reopenShort}
        </button>
      )}
    </li>
  );
}
