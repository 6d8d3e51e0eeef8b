import type { AppointmentDto } from '@werkboard/common';
import { archivedAppointments, de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { AppointmentSummary } from './AppointmentSummary';

const t = de.projectPanels.appointments;

/** 'Termin-Archiv': appointments that are no longer active, newest first; 'Reaktivieren' sets one active again. */
export function AppointmentArchiveDialog({ onClose }: { onClose: () => void }) {
  const { document, readOnly, update } = useOpenProject();
  const appointments = archivedAppointments(document.appointments);

  const reactivate = (appointment: AppointmentDto) => {
    update((draft) => {
      const target = draft.appointments.find((candidate) => candidate.id === appointment.id);
      if (target) target.status = 'active';
    }, de.projectPanels.log.appointmentReactivated(appointment.title));
  };

  return (
    <Dialog title={t.archiveTitle} onClose={onClose} wide>
      {appointments.length === 0 ? (
        <p className="muted">{t.archiveEmpty}</p>
      ) : (
        <ol className="appointment-list" aria-label={t.archiveTitle}>
          {appointments.map((appointment) => (
            <li key={appointment.id} className="appointment-list__item" aria-label={appointment.title}>
              <AppointmentSummary appointment={appointment} />
              {!readOnly && (
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => reactivate(appointment)}
                  >
                    {t.reactivate}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
