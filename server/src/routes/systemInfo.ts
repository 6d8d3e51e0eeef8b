import { canViewSystemInfo, de } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { collectSystemInfo } from '../services/systemInfo';

/** GET /api/system-info: this machine's figures for the admin overview (Admin, Firmenleiter with can_view_admin_dashboard). */
export function registerSystemInfoRoutes(api: ApiRoutes): void {
  api.get('/system-info', {
    authorize: ({ actor }) => authorize(canViewSystemInfo(actor), de.systemInfo.forbidden),
    handle: ({ services, sequelize }) => collectSystemInfo(services.version, services.config.dataDir, sequelize),
  });
}
