import type { AppointmentDto } from '@werkboard/common';
import { appointmentStatus, appointmentStatusLabel, de, formatAppointmentDate } from '@werkboard/common';

const t = de.projectPanels.appointments;

/**
 * One appointment as the overview, the manager and the archive show it: time, title, status
 * (when not active), the red 'KUNDE NICHT ANWESEND' marker, contact and notes.
 */
export function AppointmentSummary({ appointment }: { appointment: AppointmentDto }) {
  const status = appointmentStatus(appointment);
  return (
    <div className={status === 'client_not_present' ? 'appointment appointment--client-absent' : 'appointment'}>
      <div className="appointment__head">
        <time className="appointment__date" dateTime={appointment.date}>
          {formatAppointmentDate(appointment)}
        </time>
        {status === 'client_not_present' ? (
          <strong className="appointment__marker">{t.clientNotPresentMarker}</strong>
        ) : (
          status !== 'active' && <span className="appointment__status">{appointmentStatusLabel(status)}</span>
        )}
      </div>
      <p className="appointment__title">{appointment.title}</p>
      {(appointment.contactName || appointment.contactPhone) && (
        <p className="appointment__contact">
          <span className="visually-hidden">{t.contact}: </span>
          {appointment.contactName && <span>{appointment.contactName}</span>}
          {appointment.contactName && appointment.contactPhone && ' · '}
          {appointment.contactPhone && (
            <a href={`tel:${appointment.contactPhone.replace(/\s+/g, '')}`}>{appointment.contactPhone}</a>
          )}
        </p>
      )}
      {appointment.notes && <p className="appointment__notes muted">{appointment.notes}</p>}
    </div>
  );
}
