import type { ApiRoutes } from '../http/endpoint';
import { dashboardAppointments } from '../services/search';

/** GET /api/appointments: the dashboard's appointments of the caller's open projects. */
export function registerAppointmentRoutes(api: ApiRoutes): void {
  api.get('/appointments', {
    handle: ({ sequelize, actor }) => dashboardAppointments(sequelize, actor),
  });
}
