import { useLocation, useParams } from 'react-router-dom';
import { ProjectScreen } from './ProjectScreen';

/** /project/{id}: the board of one project. Navigation state `isArchived` opens an archived project read-only. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const fromArchive = (location.state as { isArchived?: unknown } | null)?.isArchived === true;
  // Keyed by project: the dialogs and the open card of one project do not carry over to the next.
  return <ProjectScreen key={id} projectId={id} fromArchive={fromArchive} kind="project" />;
}
