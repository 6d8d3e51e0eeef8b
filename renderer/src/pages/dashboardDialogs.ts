import { de } from '@werkboard/common';
import { lazyDialog } from '../components/lazyDialog';

/**
 * The dashboard's dialogs, each in a chunk of its own loaded on its first opening (issue 19: the
 * forms and their input checks, zod with the request schemas, and the progress charts are not
 * part of the dashboard a phone loads at start). Until the chunk is there the dialog's frame
 * says that it loads; the service worker precaches every chunk, so they open offline too.
 */
export const CreateProjectDialog = lazyDialog(de.projectOverview.create.title, () =>
  import('../features/dashboard/CreateProjectDialog').then((m) => m.CreateProjectDialog),
);

/** A new group (`group` null) or an existing one's name and colour, titled as the loaded dialog is. */
export const ProjectGroupDialog = lazyDialog(
  ({ group }) => (group ? de.organise.groups.editTitle : de.organise.groups.createTitle),
  () => import('../features/projectGroups/ProjectGroupDialog').then((m) => m.ProjectGroupDialog),
);

export const DeleteProjectGroupDialog = lazyDialog(de.organise.groups.deleteTitle, () =>
  import('../features/projectGroups/DeleteProjectGroupDialog').then((m) => m.DeleteProjectGroupDialog),
);

/** A project's progress chart (Chart.js loads with it), titled by the project's name. */
export const ProjectProgressDialog = lazyDialog(
  ({ project }) => de.dashboard.charts.projectTitle(project.name),
  () => import('../features/dashboard/ChartDialogs').then((m) => m.ProjectProgressDialog),
);

/** A group's progress chart, titled by the group's name. */
export const GroupProgressDialog = lazyDialog(
  ({ group }) => de.dashboard.charts.groupTitle(group.name),
  () => import('../features/dashboard/ChartDialogs').then((m) => m.GroupProgressDialog),
);
