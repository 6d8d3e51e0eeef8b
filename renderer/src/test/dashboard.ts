import type { DashboardAppointmentDto, ProjectGroupDto } from '@werkboard/common';
import type { FakeRoute } from './fakeFetch';

/** Test data: a row of GET /api/project-groups. */
export function buildGroup(overrides: Partial<ProjectGroupDto> = {}): ProjectGroupDto {
  return {
    id: 'g-1',
    name: 'Gruppe',
    description: '',
    color: '#3b82f6',
    icon: 'folder',
    iconColor: '#ffffff',
    ...overrides,
  };
}

/** Test data: a row of GET /api/appointments. */
export function buildDashboardAppointment(overrides: Partial<DashboardAppointmentDto> = {}): DashboardAppointmentDto {
  return {
    id: 'a-1',
    rev: 1,
    title: 'Termin',
    date: '2026-01-01T08:00',
    status: 'active',
    contactName: '',
    contactPhone: '',
    tagIds: [],
    notes: '',
    projectId: 'p-1',
    projectName: 'Projekt',
    projectStatus: 'active',
    ...overrides,
  };
}

/** Every read of the dashboard, answered empty unless given. */
export function dashboardRoutes(routes: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/projects': { body: [] },
    'GET /api/project-groups': { body: [] },
    'GET /api/tags': { body: [] },
    'GET /api/customer-types': { body: ['Allgemein'] },
    'GET /api/appointments': { body: [] },
    'GET /api/users/directory': { body: [] },
    'PUT /api/settings': { body: {} },
    ...routes,
  };
}
