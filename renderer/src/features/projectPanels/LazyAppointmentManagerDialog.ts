import { de } from '@werkboard/common';
import { lazyDialog } from '../../components/lazyDialog';

/**
 * 'Termine verwalten' in a chunk of its own, loaded on its first opening (the overview's
 * 'Termin hinzufügen', the header's button): not part of the board's first render (issue 19).
 */
export const LazyAppointmentManagerDialog = lazyDialog(de.projectPanels.appointments.managerTitle, () =>
  import('./AppointmentManagerDialog').then((m) => m.AppointmentManagerDialog),
);
