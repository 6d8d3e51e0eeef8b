import { fireEvent, screen, within } from '@testing-library/react';
import type { AppointmentDto } from '@werkboard/common';
import { DEFAULT_USER_SETTINGS, localDay } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { AppointmentArchiveDialog } from './AppointmentArchiveDialog';
import { AppointmentManagerDialog } from './AppointmentManagerDialog';
import { AppointmentOverview } from './AppointmentOverview';
import { buildAppointment, buildDocument, OWNER_ID, renderWithBoard } from '../../test/board';

/** A local day relative to today, as the appointments store it. */
function day(offset: number): string {
  const now = new Date();
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

function appointments(): AppointmentDto[] {
  return [
    buildAppointment('Aufmaß', `${day(0)}T09:00`, { contactName: 'Frau Müller', contactPhone: '0171 123' }),
    buildAppointment('Abnahme', `${day(3)}T14:00`),
    buildAppointment('Vorbesprechung', `${day(-2)}T10:00`),
    buildAppointment('Lieferung', `${day(-5)}T08:00`, { status: 'client_not_present' }),
    buildAppointment('Besichtigung', `${day(-10)}T08:00`, { status: 'attended' }),
    buildAppointment('Wartung', `${day(1)}T08:00`, { status: 'cancelled' }),
  ];
}

const group = (name: string) => within(screen.getByRole('region', { name }));
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

function withAppointmentSettings(settings: Partial<typeof DEFAULT_USER_SETTINGS.display.projectAppointments>) {
  return buildUser('Projektleiter', {
    id: OWNER_ID,
    username: 'paula',
    settings: {
      ...DEFAULT_USER_SETTINGS,
      display: {
        ...DEFAULT_USER_SETTINGS.display,
        projectAppointments: { ...DEFAULT_USER_SETTINGS.display.projectAppointments, ...settings },
      },
    },
  });
}

describe('AppointmentOverview', () => {
  it('groups active appointments into Heute, Demnächst and Abgelaufen with the red marker', () => {
    renderWithBoard(<AppointmentOverview />, { document: buildDocument({ appointments: appointments() }) });
    expect(screen.getByRole('button', { name: 'Termine' }).getAttribute('aria-expanded')).toBe('true');
    expect(group('Heute').getByText('Aufmaß')).toBeTruthy();
    expect(group('Heute').getByText('Frau Müller')).toBeTruthy();
    expect(group('Heute').getByRole('link', { name: '0171 123' }).getAttribute('href')).toBe('tel:0171123');
    expect(group('Demnächst').getByText('Abnahme')).toBeTruthy();
    expect(group('Demnächst').queryByText('Wartung')).toBeNull();
    expect(titlesIn(screen.getByRole('region', { name: 'Abgelaufen' }))).toEqual(['Vorbesprechung', 'Lieferung']);
    const absent = within(screen.getByRole('listitem', { name: 'Lieferung' }));
    expect(absent.getByText('KUNDE NICHT ANWESEND')).toBeTruthy();
    expect(screen.queryByText('Besichtigung')).toBeNull();
  });

  it('follows the detail level and showExpired of the display settings', () => {
    renderWithBoard(<AppointmentOverview />, {
      document: buildDocument({ appointments: appointments() }),
      user: withAppointmentSettings({ detailLevel: 'next_upcoming', showExpired: 'never' }),
    });
    expect(screen.getByRole('region', { name: 'Heute' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Demnächst' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Abgelaufen' })).toBeNull();
  });

  it('keeps expired active ones for if_project_active only while the project is active', () => {
    renderWithBoard(<AppointmentOverview />, {
      document: buildDocument({ appointments: appointments(), status: 'completed' }),
      readOnly: true,
      user: withAppointmentSettings({ showExpired: 'if_project_active' }),
    });
    expect(titlesIn(screen.getByRole('region', { name: 'Abgelaufen' }))).toEqual(['Lieferung']);
    expect(screen.queryByRole('button', { name: 'Termin hinzufügen' })).toBeNull();
  });

  it('starts collapsed per the visibility setting and shows the empty texts', () => {
    renderWithBoard(<AppointmentOverview />, { user: withAppointmentSettings({ visibility: 'collapsed' }) });
    const toggle = screen.getByRole('button', { name: 'Termine' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByText('Keine anstehenden Termine')).toBeTruthy();
  });

  it("opens the manager's form from 'Termin hinzufügen' (its chunk loaded on the click)", async () => {
    const { current } = renderWithBoard(<AppointmentOverview />);
    fireEvent.click(screen.getByRole('button', { name: 'Termin hinzufügen' }));
    await screen.findByLabelText('Titel'); // the dialog's chunk loaded
    const dialog = within(screen.getByRole('dialog', { name: 'Termine verwalten' }));
    fireEvent.change(dialog.getByLabelText('Titel'), { target: { value: 'Abnahme' } });
    fireEvent.change(dialog.getByLabelText('Datum'), { target: { value: day(0) } });
    fireEvent.change(dialog.getByLabelText('Uhrzeit'), { target: { value: '16:30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(current().appointments).toEqual([expect.objectContaining({ title: 'Abnahme', date: `${day(0)}T16:30` })]);
    expect(group('Heute').getByText('Abnahme')).toBeTruthy();
  });
});

describe('AppointmentManagerDialog', () => {
  const manager = () => within(screen.getByRole('dialog', { name: 'Termine verwalten' }));

  it('lists only active appointments', () => {
    renderWithBoard(<AppointmentManagerDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments() }),
    });
    expect(titlesIn(manager().getByRole('list', { name: 'Termine verwalten' }))).toEqual([
      'Vorbesprechung',
      'Aufmaß',
      'Abnahme',
    ]);
  });

  it('adds an appointment with time 00:00 by default and all its fields, and logs it', () => {
    const { current, logs } = renderWithBoard(<AppointmentManagerDialog onClose={jest.fn()} />);
    fireEvent.click(manager().getByRole('button', { name: 'Neuer Termin' }));
    const form = within(screen.getByRole('form', { name: 'Neuer Termin' }));
    expect(form.getByLabelText<HTMLInputElement>('Uhrzeit').value).toBe('00:00');
    fireEvent.change(form.getByLabelText('Titel'), { target: { value: ' Aufmaß ' } });
    fireEvent.change(form.getByLabelText('Datum'), { target: { value: '2026-06-01' } });
    fireEvent.change(form.getByLabelText('Ansprechpartner (optional)'), { target: { value: 'Herr Jung' } });
    fireEvent.change(form.getByLabelText('Telefon (optional)'), { target: { value: '0171 5' } });
    fireEvent.change(form.getByLabelText('Notizen (optional)'), { target: { value: 'Hintereingang' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));

    expect(current().appointments).toEqual([
      expect.objectContaining({
        title: 'Aufmaß',
        date: '2026-06-01T00:00',
        status: 'active',
        contactName: 'Herr Jung',
        contactPhone: '0171 5',
        notes: 'Hintereingang',
        rev: 0,
      }),
    ]);
    expect(logs).toEqual(['hat den Termin „Aufmaß“ angelegt.']);
    expect(manager().getByRole('listitem', { name: 'Aufmaß' })).toBeTruthy();
  });

  it("requires title and date ('Titel und Datum sind erforderlich.')", () => {
    const { update } = renderWithBoard(<AppointmentManagerDialog onClose={jest.fn()} />);
    fireEvent.click(manager().getByRole('button', { name: 'Neuer Termin' }));
    const form = within(screen.getByRole('form', { name: 'Neuer Termin' }));
    fireEvent.change(form.getByLabelText('Titel'), { target: { value: 'Aufmaß' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));
    expect(form.getByRole('alert').textContent).toBe('Titel und Datum sind erforderlich.');
    expect(update).not.toHaveBeenCalled();
  });

  it('edits an appointment, writing only the changed fields', () => {
    const { current, logs } = renderWithBoard(<AppointmentManagerDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments() }),
    });
    fireEvent.click(
      within(manager().getByRole('listitem', { name: 'Abnahme' })).getByRole('button', { name: 'Bearbeiten' }),
    );
    const form = within(screen.getByRole('form', { name: 'Termin bearbeiten' }));
    expect(form.getByLabelText<HTMLInputElement>('Uhrzeit').value).toBe('14:00');
    fireEvent.change(form.getByLabelText('Uhrzeit'), { target: { value: '15:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));
    expect(current().appointments.find((item) => item.title === 'Abnahme')?.date).toBe(`${day(3)}T15:00`);
    expect(logs).toEqual(['hat den Termin „Abnahme“ bearbeitet.']);
  });

  it('offers the five statuses; client_not_present leaves the manager and shows the marker in Abgelaufen', () => {
    const { current, logs } = renderWithBoard(
      <>
        <AppointmentOverview />
        <AppointmentManagerDialog onClose={jest.fn()} />
      </>,
      { document: buildDocument({ appointments: [buildAppointment('Aufmaß', `${day(2)}T09:00`)] }) },
    );
    fireEvent.click(
      within(manager().getByRole('listitem', { name: 'Aufmaß' })).getByRole('button', { name: 'Status' }),
    );
    const statusDialog = within(screen.getByRole('dialog', { name: 'Terminstatus ändern' }));
    expect(statusDialog.getAllByRole('button', { pressed: false }).map((button) => button.textContent)).toEqual([
      'Wahrgenommen',
      'Nicht wahrgenommen',
      'Abgesagt',
      'Kunde nicht anwesend',
    ]);
    expect(statusDialog.getByRole('button', { name: 'Aktiv', pressed: true })).toBeTruthy();
    fireEvent.click(statusDialog.getByRole('button', { name: 'Kunde nicht anwesend' }));

    expect(current().appointments[0]?.status).toBe('client_not_present');
    expect(logs).toEqual(['hat den Status des Termins „Aufmaß“ auf „Kunde nicht anwesend“ gesetzt.']);
    expect(screen.queryByRole('dialog', { name: 'Terminstatus ändern' })).toBeNull();
    expect(manager().queryByRole('listitem', { name: 'Aufmaß' })).toBeNull();
    expect(group('Abgelaufen').getByText('KUNDE NICHT ANWESEND')).toBeTruthy();
    expect(group('Demnächst').queryByText('Aufmaß')).toBeNull();
  });

  it('deletes an appointment after a confirmation', () => {
    const { current, logs } = renderWithBoard(<AppointmentManagerDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments() }),
    });
    fireEvent.click(
      within(manager().getByRole('listitem', { name: 'Abnahme' })).getByRole('button', { name: 'Löschen' }),
    );
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Termin löschen' })).getByRole('button', { name: 'Löschen' }),
    );
    expect(current().appointments.map((item) => item.title)).not.toContain('Abnahme');
    expect(logs).toEqual(['hat den Termin „Abnahme“ gelöscht.']);
  });
});

describe('AppointmentArchiveDialog', () => {
  const archive = () => within(screen.getByRole('dialog', { name: 'Termin-Archiv' }));

  it('lists the non-active appointments newest first with their status', () => {
    renderWithBoard(<AppointmentArchiveDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments() }),
    });
    expect(titlesIn(archive().getByRole('list', { name: 'Termin-Archiv' }))).toEqual([
      'Wartung',
      'Lieferung',
      'Besichtigung',
    ]);
    expect(within(archive().getByRole('listitem', { name: 'Wartung' })).getByText('Abgesagt')).toBeTruthy();
    expect(
      within(archive().getByRole('listitem', { name: 'Lieferung' })).getByText('KUNDE NICHT ANWESEND'),
    ).toBeTruthy();
  });

  it('reactivates an appointment and logs it', () => {
    const { current, logs } = renderWithBoard(<AppointmentArchiveDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments() }),
    });
    fireEvent.click(
      within(archive().getByRole('listitem', { name: 'Wartung' })).getByRole('button', { name: 'Reaktivieren' }),
    );
    expect(current().appointments.find((item) => item.title === 'Wartung')?.status).toBe('active');
    expect(logs).toEqual(['hat den Termin „Wartung“ reaktiviert.']);
    expect(archive().queryByRole('listitem', { name: 'Wartung' })).toBeNull();
  });

  it('shows an empty text, and no reactivation in a read-only project', () => {
    renderWithBoard(<AppointmentArchiveDialog onClose={jest.fn()} />, {
      document: buildDocument({ appointments: appointments(), status: 'completed' }),
      readOnly: true,
    });
    expect(archive().queryByRole('button', { name: 'Reaktivieren' })).toBeNull();
  });

  it('says when the archive is empty', () => {
    renderWithBoard(<AppointmentArchiveDialog onClose={jest.fn()} />);
    expect(archive().getByText('Keine archivierten Termine.')).toBeTruthy();
  });
});
