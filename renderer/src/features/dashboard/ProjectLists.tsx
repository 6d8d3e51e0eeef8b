import { useState } from 'react';
import type { ProjectGroupDto, ProjectSummaryDto, TagDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { ProjectAction } from './ProjectCard';
import { CompletedProjectRow, ProjectCard } from './ProjectCard';
import type { ProjectSections } from './dashboardFilters';
import { DashboardSection } from './DashboardSection';
import type { GroupAction } from './GroupSection';
import { GroupSection } from './GroupSection';
import { ViewModeToggle, type ViewMode } from '../../components/ViewModeToggle';

const t = de.dashboard.projects;

export type { ViewMode } from '../../components/ViewModeToggle';

interface CardContext {
  now: number;
  showOwner: boolean;
  tagsById: ReadonlyMap<string, TagDto>;
  view: ViewMode;
  deletable: boolean;
  onAction: (action: ProjectAction, project: ProjectSummaryDto) => void;
}

function ProjectCards({
  projects,
  label,
  context,
}: {
  projects: readonly ProjectSummaryDto[];
  label: string;
  context: CardContext;
}) {
  return (
    <ul className={context.view === 'grid' ? 'project-grid' : 'project-list'} aria-label={label}>
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} {...context} />
      ))}
    </ul>
  );
}

interface ActiveProjectsProps {
  /** Running projects before filtering (for the empty state's wording). */
  totalCount: number;
  /** After filtering and sorting, by group. */
  sections: ProjectSections;
  filtered: boolean;
  groupsFailed: boolean;
  open: boolean;
  onToggle: (open: boolean) => void;
  onViewChange: (view: ViewMode) => void;
  onGroupAction: (action: GroupAction, group: ProjectGroupDto) => void;
  context: CardContext;
}

/**
 * 'Laufende Projekte (n)' (spec section 2): a section per project group with its colour, icon
 * and count, then 'Weitere Projekte' for the ungrouped ones, as tiles or as a list.
 */
export function ActiveProjects({
  totalCount,
  sections,
  filtered,
  groupsFailed,
  open,
  onToggle,
  onViewChange,
  onGroupAction,
  context,
}: ActiveProjectsProps) {
  const [otherOpen, setOtherOpen] = useState(true);
  const shownCount =
    sections.groups.reduce((sum, section) => sum + section.projects.length, 0) + sections.ungrouped.length;
  const hasGroups = sections.groups.length > 0;

  return (
    <DashboardSection
      className="dash-active"
      title={t.activeTitleWithCount(shownCount)}
      open={open}
      onToggle={onToggle}
      actions={<ViewModeToggle view={context.view} onChange={onViewChange} />}
    >
      {groupsFailed && (
        <p role="alert" className="message message--error">
          {t.groupsLoadFailed}
        </p>
      )}
      {totalCount === 0 && <p className="muted">{t.noProjects}</p>}
      {totalCount > 0 && shownCount === 0 && filtered && <p className="muted">{t.noMatches}</p>}
      {sections.groups.map(({ group, projects }) => (
        <GroupSection
          key={group.id}
          group={group}
          count={projects.length}
          onAction={(action) => onGroupAction(action, group)}
        >
          {projects.length === 0 ? (
            <p className="muted">{t.emptyGroup}</p>
          ) : (
            <ProjectCards projects={projects} label={group.name} context={context} />
          )}
        </GroupSection>
      ))}
      {sections.ungrouped.length > 0 &&
        (hasGroups ? (
          <DashboardSection
            level={3}
            className="group-section group-section--other"
            title={t.sectionWithCount(t.otherProjects, sections.ungrouped.length)}
            open={otherOpen}
            onToggle={setOtherOpen}
          >
            <ProjectCards projects={sections.ungrouped} label={t.otherProjects} context={context} />
          </DashboardSection>
        ) : (
          <ProjectCards projects={sections.ungrouped} label={t.activeTitle} context={context} />
        ))}
    </DashboardSection>
  );
}

interface CompletedProjectsProps {
  projects: readonly ProjectSummaryDto[];
  now: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  onAction: (action: ProjectAction, project: ProjectSummaryDto) => void;
}

/** 'Abgeschlossene Projekte (n)', collapsed by default: name and owner, reopen. */
export function CompletedProjects({ projects, now, open, onToggle, onAction }: CompletedProjectsProps) {
  return (
    <DashboardSection
      className="dash-completed"
      title={t.completedTitleWithCount(projects.length)}
      open={open}
      onToggle={onToggle}
    >
      {projects.length === 0 ? (
        <p className="muted">{t.noCompleted}</p>
      ) : (
        <ul className="project-rows" aria-label={t.completedTitle}>
          {projects.map((project) => (
            <CompletedProjectRow key={project.id} project={project} now={now} onAction={onAction} />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
