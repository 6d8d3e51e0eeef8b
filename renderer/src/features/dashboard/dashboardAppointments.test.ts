import type { DashboardAppointmentDto } from '@werkboard/common';
import { groupDashboardAppointments } from './dashboardAppointments';

const TODAY = '2026-05-12';

function appointment(
  id: string,
  date: string,
  overrides: Partial<DashboardAppointmentDto> = {},
): DashboardAppointmentDto {
  return {
    id,
    rev: 1,
    title: id,
    date,
    status: 'active',
    contactName: '',
    contactPhone: '',
    tagIds: [],
    notes: '',
    projectId: 'p-1',
    projectName: 'Bad Müller',
    projectStatus: 'active',
    ...overrides,
  };
}

const LIST = [
  appointment('later-today', '2026-05-12T15:00'),
  appointment('today', '2026-05-12T08:00', { projectId: 'p-2', projectStatus: 'completed' }),
  appointment('tomorrow', '2026-05-13T09:00'),
  appointment('missed-active', '2026-05-10T09:00'),
  appointment('missed-completed', '2026-05-11T09:00', { projectId: 'p-2', projectStatus: 'completed' }),
  appointment('absent', '2026-05-20T09:00', { status: 'client_not_present', projectStatus: 'completed' }),
  appointment('attended', '2026-05-12T10:00', { status: 'attended' }),
];

const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe('dashboard appointment groups', () => {
  it('groups across projects: Heute and Demnächst earliest first, Abgelaufen newest first', () => {
    const groups = groupDashboardAppointments(LIST, TODAY, { detailLevel: 'full', showExpired: 'always' });
    expect(groups.visible).toEqual(['today', 'upcoming', 'expired']);
    expect(ids(groups.today)).toEqual(['today', 'later-today']);
    expect(ids(groups.upcoming)).toEqual(['tomorrow']);
    // client_not_present always shows under Abgelaufen, whatever its date.
    expect(ids(groups.expired)).toEqual(['absent', 'missed-completed', 'missed-active']);
  });

  it("applies 'if_project_active' per appointment's own project status", () => {
    const groups = groupDashboardAppointments(LIST, TODAY, { detailLevel: 'full', showExpired: 'if_project_active' });
    expect(ids(groups.expired)).toEqual(['absent', 'missed-active']);
  });

  it("hides expired active appointments with 'never' but keeps client_not_present", () => {
    const groups = groupDashboardAppointments(LIST, TODAY, { detailLevel: 'full', showExpired: 'never' });
    expect(ids(groups.expired)).toEqual(['absent']);
  });

  it('shows the groups of the detail level', () => {
    const options = { showExpired: 'always' } as const;
    expect(groupDashboardAppointments(LIST, TODAY, { ...options, detailLevel: 'today_only' }).visible).toEqual([
      'today',
    ]);
    expect(groupDashboardAppointments(LIST, TODAY, { ...options, detailLevel: 'next_upcoming' }).visible).toEqual([
      'today',
      'upcoming',
    ]);
  });

  it('keeps the dashboard fields of each appointment', () => {
    const groups = groupDashboardAppointments(LIST, TODAY, { detailLevel: 'full', showExpired: 'always' });
    expect(groups.today[0]).toMatchObject({ projectId: 'p-2', projectName: 'Bad Müller', projectStatus: 'completed' });
  });
});
