import type { AppointmentDto, AppointmentStatus } from '@werkboard/common';
import { APPOINTMENT_STATUSES, appointmentStatus, appointmentStatusLabel, de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';

const t = de.projectPanels.appointments;

/** 'Terminstatus ändern': the five statuses with their labels; the current one is pressed. */
export function AppointmentStatusDialog({
  appointment,
  onSelect,
  onClose,
}: {
  appointment: AppointmentDto;
  onSelect: (status: AppointmentStatus) => void;
  onClose: () => void;
}) {
  const current = appointmentStatus(appointment);
  return (
    <Dialog title={t.statusTitle} onClose={onClose}>
      <p>{t.statusQuestion(appointment.title)}</p>
      <div className="status-choice">
        {APPOINTMENT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`button button--block status-choice__option status-choice__option--${status}`}
            aria-pressed={status === current}
            onClick={() => onSelect(status)}
          >
            {appointmentStatusLabel(status)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
