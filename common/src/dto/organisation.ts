import type { AppointmentDto, ProjectStatus } from './projects';

/**
 * GET /api/appointments: the appointments the dashboard's overview shows, across the
 * caller's projects (not archived, no templates): active ones and 'client not present' ones
 * (those always show under Abgelaufen). Grouping is common/projects/appointments.ts.
 */
export interface DashboardAppointmentDto extends AppointmentDto {
  projectId: string;
  projectName: string;
  projectStatus: ProjectStatus;
}
