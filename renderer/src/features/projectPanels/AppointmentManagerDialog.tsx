import { useState } from 'react';
import type { AppointmentDto, AppointmentStatus } from '@werkboard/common';
import { activeAppointments, appointmentStatus, appointmentStatusLabel, de, newId } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { useOpenProject } from '../../entities/project/useOpenProject';
import type { AppointmentValues } from './AppointmentForm';
import { AppointmentForm } from './AppointmentForm';
import { AppointmentStatusDialog } from './AppointmentStatusDialog';
import { AppointmentSummary } from './AppointmentSummary';

const t = de.projectPanels.appointments;
const log = de.projectPanels.log;

type Mode = { kind: 'list' } | { kind: 'form'; appointment: AppointmentDto | null };

const FIELDS = [
  'title',
  'date',
  'contactName',
  'contactPhone',
  'notes',
] as const satisfies readonly (keyof AppointmentValues)[];

/**
 * 'Termine verwalten': the active appointments (finished ones are in the Termin-Archiv) with
 * add, edit, the status dialog and delete. `startWithNew` opens the form for a new one at once
 * (the overview's 'Termin hinzufügen').
 */
export function AppointmentManagerDialog({
  onClose,
  startWithNew = false,
}: {
  onClose: () => void;
  startWithNew?: boolean;
}) {
  const { document, readOnly, update } = useOpenProject();
  const [mode, setMode] = useState<Mode>(
    startWithNew && !readOnly ? { kind: 'form', appointment: null } : { kind: 'list' },
  );
  const [statusFor, setStatusFor] = useState<AppointmentDto | null>(null);
  const [deleting, setDeleting] = useState<AppointmentDto | null>(null);
  const appointments = activeAppointments(document.appointments);

  const save = (values: AppointmentValues) => {
    const original = mode.kind === 'form' ? mode.appointment : null;
    setMode({ kind: 'list' });
    if (!original) {
      const appointment: AppointmentDto = { id: newId(), rev: 0, status: 'active', tagIds: [], ...values };
      update((draft) => {
        draft.appointments.push(appointment);
      }, log.appointmentAdded(appointment.title));
      return;
    }
    // Only what the user changed, so a concurrent change of another field survives.
    const changed = FIELDS.filter((field) => original[field] !== values[field]);
    if (changed.length === 0) return;
    update((draft) => {
      const target = draft.appointments.find((candidate) => candidate.id === original.id);
      if (!target) return;
      for (const field of changed) target[field] = values[field];
    }, log.appointmentEdited(values.title));
  };

  const setStatus = (appointment: AppointmentDto, status: AppointmentStatus) => {
    setStatusFor(null);
    if (appointmentStatus(appointment) === status) return;
    update(
      (draft) => {
        const target = draft.appointments.find((candidate) => candidate.id === appointment.id);
        if (target) target.status = status;
      },
      log.appointmentStatus(appointment.title, appointmentStatusLabel(status)),
    );
  };

  const remove = (appointment: AppointmentDto) => {
    setDeleting(null);
    update((draft) => {
      draft.appointments = draft.appointments.filter((candidate) => candidate.id !== appointment.id);
    }, log.appointmentDeleted(appointment.title));
  };

  return (
    <Dialog title={t.managerTitle} onClose={onClose} wide>
      {mode.kind === 'form' ? (
        <AppointmentForm appointment={mode.appointment} onSubmit={save} onCancel={() => setMode({ kind: 'list' })} />
      ) : (
        <>
          {!readOnly && (
            <div className="panel-toolbar">
              <button
                type="button"
                className="button button--primary"
                onClick={() => setMode({ kind: 'form', appointment: null })}
              >
                {t.newAppointment}
              </button>
            </div>
          )}
          {appointments.length === 0 ? (
            <p className="muted">{t.managerEmpty}</p>
          ) : (
            <ul className="appointment-list" aria-label={t.managerTitle}>
              {appointments.map((appointment) => (
                <li key={appointment.id} className="appointment-list__item" aria-label={appointment.title}>
                  <AppointmentSummary appointment={appointment} />
                  {!readOnly && (
                    <span className="row-actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setMode({ kind: 'form', appointment })}
                      >
                        {de.actions.edit}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setStatusFor(appointment)}
                      >
                        {t.status}
                      </button>
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        onClick={() => setDeleting(appointment)}
                      >
                        {de.actions.delete}
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {statusFor && (
        <AppointmentStatusDialog
          appointment={statusFor}
          onSelect={(status) => setStatus(statusFor, status)}
          onClose={() => setStatusFor(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t.deleteTitle}
          confirmLabel={de.actions.delete}
          danger
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t.deleteQuestion(deleting.title)}</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
