import type { FormEvent } from 'react';
import { useState } from 'react';
import type { AppointmentDto } from '@werkboard/common';
import { appointmentDateFrom, appointmentDay, appointmentTime, de } from '@werkboard/common';
import { FormField } from '../../components/FormField';

const t = de.projectPanels.appointments;

export type AppointmentValues = Pick<AppointmentDto, 'title' | 'date' | 'contactName' | 'contactPhone' | 'notes'>;

/**
 * Title, date, time (00:00 when left empty), contact name, phone and notes of an appointment;
 * 'Titel und Datum sind erforderlich.' without a title or a date.
 */
export function AppointmentForm({
  appointment,
  onSubmit,
  onCancel,
}: {
  appointment: AppointmentDto | null;
  onSubmit: (values: AppointmentValues) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(appointment?.title ?? '');
  const [day, setDay] = useState(appointment ? appointmentDay(appointment) : '');
  const [time, setTime] = useState(appointment ? appointmentTime(appointment) : '00:00');
  const [contactName, setContactName] = useState(appointment?.contactName ?? '');
  const [contactPhone, setContactPhone] = useState(appointment?.contactPhone ?? '');
  const [notes, setNotes] = useState(appointment?.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const date = appointmentDateFrom(day, time);
    if (!title.trim() || date === null) {
      setError(de.projects.appointmentInvalid);
      return;
    }
    onSubmit({
      title: title.trim(),
      date,
      contactName: contactName.trim(),
      contactPhone: contactPhone.trim(),
      notes: notes.trim(),
    });
  };

  const legend = appointment ? t.editAppointment : t.newAppointment;
  return (
    <form className="form appointment-form" onSubmit={submit} noValidate aria-label={legend}>
      <fieldset className="fieldset">
        <legend>{legend}</legend>
        <FormField label={t.titleLabel}>
          <input type="text" autoComplete="off" value={title} onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <div className="form__row">
          <FormField label={t.date}>
            <input type="date" value={day} onChange={(event) => setDay(event.target.value)} />
          </FormField>
          <FormField label={t.time}>
            <input type="time" value={time} onChange={(event) => setTime(event.target.value)} />
          </FormField>
        </div>
        <div className="form__row">
          <FormField label={t.contactName} optional>
            <input
              type="text"
              autoComplete="off"
              value={contactName}
              onChange={(event) => setContactName(event.target.value)}
            />
          </FormField>
          <FormField label={t.contactPhone} optional>
            <input
              type="tel"
              autoComplete="off"
              value={contactPhone}
              onChange={(event) => setContactPhone(event.target.value)}
            />
          </FormField>
        </div>
        <FormField label={t.notes} optional>
          <textarea rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary">
            {de.actions.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
