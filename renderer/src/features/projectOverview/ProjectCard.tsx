import { Link } from 'react-router-dom';
import type { ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { ProjectIconGlyph } from './ProjectIconGlyph';
import { ProjectProgress } from './ProjectProgress';
import { RelativeTime } from './RelativeTime';

const t = de.projectOverview;

interface ProjectCardProps {
  project: ProjectSummaryDto;
  now: number;
  /** The owner's name: only with can_view_admin_dashboard (spec section 6). */
  showOwner: boolean;
}

/**
 * A running project on the dashboard (spec section 2): icon, name, Projekt-Nr, progress,
 * owner and last change. The name is the link; CSS stretches it over the whole card, so the
 * card is one big touch target while its accessible name stays the project's name.
 */
export function ProjectCard({ project, now, showOwner }: ProjectCardProps) {
  return (
    <li className="project-card" aria-label={project.name}>
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
      <ProjectProgress done={project.doneCount} total={project.cardCount} />
      <div className="project-card__meta">
        {showOwner && <span>{t.owner(project.ownerUsername ?? t.unknownOwner)}</span>}
        <RelativeTime iso={project.lastModified} now={now} label={t.lastModified} />
      </div>
    </li>
  );
}

/** A completed project: name and owner (spec section 2), collapsed away by default. */
export function CompletedProjectRow({ project, now }: { project: ProjectSummaryDto; now: number }) {
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
    </li>
  );
}
