import type { AppointmentDto } from '@werkboard/common';
import { appointmentLocalDate } from '@werkboard/common';

const appointmentFormat = new Intl.DateTimeFormat('de-DE', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An appointment's local date and time in de-DE, e.g. 'Di., 12.05.2026, 09:30'. */
export function formatAppointmentDate(appointment: Pick<AppointmentDto, 'date'>): string {
  const date = appointmentLocalDate(appointment);
  return date ? appointmentFormat.format(date) : appointment.date;
}
