import { useState } from 'react';
import { canCreateProject, de } from '@werkboard/common';
import { Can } from '../auth/Can';
import { CreateProjectDialog } from '../projectOverview/CreateProjectDialog';
import { ProjectOverview } from '../projectOverview/ProjectOverview';

/**
 * '/': the dashboard with its project lists and 'Neues Projekt'. Filters, appointments,
 * project groups and the list view come with the dashboard issue.
 */
export function DashboardPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.dashboard}</h1>
        <div className="page__actions">
          <Can when={canCreateProject}>
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              {de.projectOverview.newProject}
            </button>
          </Can>
        </div>
      </header>
      <ProjectOverview />
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
