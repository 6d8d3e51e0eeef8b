import type { ComponentProps } from 'react';
import { de } from '@werkboard/common';
import { lazyDialog } from '../components/lazyDialog';
import type { TaskDialog as LoadedTaskDialog } from '../features/board/TaskDialog';

/**
 * The dialogs the board's header, its appointment overview and a card's click open, each in a chunk of its own
 * loaded on its first opening (issue 19: the board's chunk and its first render on a phone carry
 * only what the first screen shows). Until the chunk is there the dialog's frame says that it
 * loads; the service worker precaches every chunk, so they open offline too.
 */
const edit = () => import('../features/projectPanels/EditProjectDialog').then((m) => m.EditProjectDialog);
export const EditProjectDialog = lazyDialog(de.projectPanels.edit.title, edit);
/** The same dialog in the template editor (its title names the template). */
export const EditTemplateDialog = lazyDialog(de.projectPanels.edit.templateTitle, edit);
export const NotesDialog = lazyDialog(de.projectPanels.notes.title, () =>
  import('../features/projectPanels/NotesDialog').then((m) => m.NotesDialog),
);
export const ChangeLogDialog = lazyDialog(de.projectPanels.changeLog.title, () =>
  import('../features/projectPanels/ChangeLogDialog').then((m) => m.ChangeLogDialog),
);
export const AppointmentArchiveDialog = lazyDialog(de.projectPanels.appointments.archiveTitle, () =>
  import('../features/projectPanels/AppointmentArchiveDialog').then((m) => m.AppointmentArchiveDialog),
);
export { LazyAppointmentManagerDialog as AppointmentManagerDialog } from '../features/projectPanels/LazyAppointmentManagerDialog';
export const InviteDialog = lazyDialog(de.teamScreen.invite.title, () =>
  import('../features/team/InviteDialog').then((m) => m.InviteDialog),
);
export const TeamDialog = lazyDialog(de.teamScreen.team.title, () =>
  import('../features/team/TeamDialog').then((m) => m.TeamDialog),
);
export const GalleryDialog = lazyDialog(de.gallery.title, () =>
  import('../features/gallery/GalleryDialog').then((m) => m.GalleryDialog),
);
export const SaveAsTemplateDialog = lazyDialog(de.templatesScreen.saveAsTemplate.title, () =>
  import('../features/templates/SaveAsTemplateDialog').then((m) => m.SaveAsTemplateDialog),
);
export const SignoffDialog = lazyDialog(de.projects.signoff.title, () =>
  import('../features/board/signoff/SignoffDialog').then((m) => m.SignoffDialog),
);
/**
 * A card's dialog (Details, Zeiten, Material): named by the card's title from its first frame
 * on, while its chunk loads on the first click.
 */
export const TaskDialog = lazyDialog<ComponentProps<typeof LoadedTaskDialog> & { cardTitle: string }>(
  (props) => props.cardTitle,
  () => import('../features/board/TaskDialog').then((m) => m.TaskDialog),
);
