import {
  activeAppointments,
  appointmentDateFrom,
  appointmentLocalDate,
  appointmentStatus,
  appointmentStatusLabel,
  archivedAppointments,
  groupAppointments,
  localDay,
  localDayTime,
} from './appointments';
import type { AppointmentDto, AppointmentStatus } from '../dto/projects';

let counter = 0;
function appointment(title: string, date: string, status: AppointmentStatus = 'active'): AppointmentDto {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    rev: 0,
    title,
    date,
    status,
    contactName: '',
    contactPhone: '',
    tagIds: [],
    notes: '',
  };
}

const TODAY = '2026-05-12';
const titles = (list: AppointmentDto[]) => list.map((item) => item.title);

const list = [
  appointment('Später heute', '2026-05-12T15:00'),
  appointment('Früh heute', '2026-05-12T08:00'),
  appointment('Morgen', '2026-05-13T09:00'),
  appointment('Nächste Woche', '2026-05-19T00:00'),
  appointment('Gestern', '2026-05-11T10:00'),
  appointment('Letzte Woche', '2026-05-05T10:00'),
  appointment('Erledigt', '2026-05-10T10:00', 'attended'),
  appointment('Abgesagt morgen', '2026-05-13T10:00', 'cancelled'),
  appointment('Kunde fehlte', '2026-05-09T10:00', 'client_not_present'),
  appointment('Kunde fehlt künftig', '2026-05-20T10:00', 'client_not_present'),
];

describe('groupAppointments', () => {
  const full = { detailLevel: 'full', showExpired: 'always', projectStatus: 'active' } as const;

  it('puts active appointments of today, from tomorrow and before today into Heute, Demnächst, Abgelaufen', () => {
    const groups = groupAppointments(list, TODAY, full);
    expect(groups.visible).toEqual(['today', 'upcoming', 'expired']);
    expect(titles(groups.today)).toEqual(['Früh heute', 'Später heute']);
    expect(titles(groups.upcoming)).toEqual(['Morgen', 'Nächste Woche']);
    expect(titles(groups.expired)).toEqual(['Kunde fehlt künftig', 'Gestern', 'Kunde fehlte', 'Letzte Woche']);
  });

  it('always shows client_not_present in Abgelaufen, whatever showExpired says', () => {
    const never = groupAppointments(list, TODAY, { ...full, showExpired: 'never' });
    expect(titles(never.expired)).toEqual(['Kunde fehlt künftig', 'Kunde fehlte']);
  });

  it('shows expired active ones for if_project_active only while the project is active', () => {
    const active = groupAppointments(list, TODAY, { ...full, showExpired: 'if_project_active' });
    expect(titles(active.expired)).toContain('Gestern');
    const completed = groupAppointments(list, TODAY, {
      ...full,
      showExpired: 'if_project_active',
      projectStatus: 'completed',
    });
    expect(titles(completed.expired)).toEqual(['Kunde fehlt künftig', 'Kunde fehlte']);
  });

  it('keeps attended, not attended and cancelled ones out of every group', () => {
    const groups = groupAppointments(list, TODAY, full);
    const all = [...groups.today, ...groups.upcoming, ...groups.expired];
    expect(titles(all)).not.toContain('Erledigt');
    expect(titles(all)).not.toContain('Abgesagt morgen');
  });

  it('shows the groups of the detail level', () => {
    expect(groupAppointments(list, TODAY, { ...full, detailLevel: 'today_only' }).visible).toEqual(['today']);
    expect(groupAppointments(list, TODAY, { ...full, detailLevel: 'next_upcoming' }).visible).toEqual([
      'today',
      'upcoming',
    ]);
  });

  it('counts a missing status as active', () => {
    const legacy = { ...appointment('Alt', '2026-05-12T10:00'), status: undefined } as unknown as AppointmentDto;
    expect(appointmentStatus(legacy)).toBe('active');
    expect(titles(groupAppointments([legacy], TODAY, full).today)).toEqual(['Alt']);
  });
});

describe('manager and archive lists', () => {
  it('lists only active appointments in the manager, earliest first', () => {
    expect(titles(activeAppointments(list))).toEqual([
      'Letzte Woche',
      'Gestern',
      'Früh heute',
      'Später heute',
      'Morgen',
      'Nächste Woche',
    ]);
  });

  it('lists every non-active appointment in the archive, newest first', () => {
    expect(titles(archivedAppointments(list))).toEqual([
      'Kunde fehlt künftig',
      'Abgesagt morgen',
      'Erledigt',
      'Kunde fehlte',
    ]);
  });
});

describe('labels and dates', () => {
  it('labels the five statuses as the spec does', () => {
    expect(
      (['active', 'attended', 'not_attended', 'cancelled', 'client_not_present'] as const).map(appointmentStatusLabel),
    ).toEqual(['Aktiv', 'Wahrgenommen', 'Nicht wahrgenommen', 'Abgesagt', 'Kunde nicht anwesend']);
  });

  it('builds the local date from day and time, defaulting the time to 00:00', () => {
    expect(appointmentDateFrom('2026-05-12', '')).toBe('2026-05-12T00:00');
    expect(appointmentDateFrom('2026-05-12', '09:30')).toBe('2026-05-12T09:30');
    expect(appointmentDateFrom('', '09:30')).toBeNull();
    expect(appointmentDateFrom('2026-02-30', '09:30')).toBeNull();
  });

  it('reads and writes local days and times', () => {
    const date = new Date(2026, 0, 5, 7, 4);
    expect(localDay(date)).toBe('2026-01-05');
    expect(localDayTime(date)).toBe('2026-01-05T07:04');
    expect(appointmentLocalDate({ date: '2026-01-05T07:04' })?.getTime()).toBe(date.getTime());
  });
});
