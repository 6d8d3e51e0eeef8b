import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { Collapsible } from '../../components/Collapsible';
import { useAppDispatch } from '../../store/hooks';
import { usePolicy } from '../auth/usePolicy';
import { fetchProjectSummaries } from './overviewThunks';
import { CompletedProjectRow, ProjectCard } from './ProjectCard';
import { useNow } from './useNow';

const t = de.projectOverview;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; projects: ProjectSummaryDto[] };

/** Newest change first: the dashboard's default sort (spec section 9). */
function byLastModifiedDesc(a: ProjectSummaryDto, b: ProjectSummaryDto): number {
  return (Date.parse(b.lastModified) || 0) - (Date.parse(a.lastModified) || 0) || a.name.localeCompare(b.name, 'de-DE');
}

/**
 * The dashboard's project lists: 'Laufende Projekte' (open) and 'Abgeschlossene Projekte'
 * (collapsed by default), from GET /projects.
 */
export function ProjectOverview() {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const now = useNow();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const reload = useCallback(() => {
    let current = true;
    setLoad({ status: 'loading' });
    dispatch(fetchProjectSummaries()).then(
      (projects) => current && setLoad({ status: 'loaded', projects }),
      () => current && setLoad({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [dispatch]);

  useEffect(() => reload(), [reload]);

  const { active, completed } = useMemo(() => {
    const projects = load.status === 'loaded' ? [...load.projects].sort(byLastModifiedDesc) : [];
    return {
      active: projects.filter((project) => project.status === 'active'),
      completed: projects.filter((project) => project.status === 'completed'),
    };
  }, [load]);

  if (load.status === 'loading') return <p className="muted">{de.actions.loading}</p>;
  if (load.status === 'failed') {
    return (
      <div role="alert" className="message message--error">
        <p>{t.loadFailed}</p>
        <button type="button" className="link-button" onClick={() => reload()}>
          {de.actions.retry}
        </button>
      </div>
    );
  }

  const showOwner = policy.can('can_view_admin_dashboard');
  return (
    <div className="project-overview">
      <Collapsible title={t.activeTitleWithCount(active.length)} defaultOpen>
        {active.length === 0 ? (
          <p className="muted">{t.noProjects}</p>
        ) : (
          <ul className="project-grid" aria-label={t.activeTitle}>
            {active.map((project) => (
              <ProjectCard key={project.id} project={project} now={now} showOwner={showOwner} />
            ))}
          </ul>
        )}
      </Collapsible>
      <Collapsible title={t.completedTitleWithCount(completed.length)}>
        {completed.length === 0 ? (
          <p className="muted">{t.noCompletedProjects}</p>
        ) : (
          <ul className="project-rows" aria-label={t.completedTitle}>
            {completed.map((project) => (
              <CompletedProjectRow key={project.id} project={project} now={now} />
            ))}
          </ul>
        )}
      </Collapsible>
    </div>
  );
}
