import { canReadServerLog, de } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { readLogTail } from '../services/logs';

/** GET /api/logs/server.log: the newest part of the server log as text, Admin only. */
export function registerLogRoutes(api: ApiRoutes): void {
  api.get('/logs/server.log', {
    authorize: ({ actor }) => authorize(canReadServerLog(actor), de.diagnostics.serverLogAdminOnly),
    handle: async ({ ctx, services }) => {
      ctx.type = 'text/plain; charset=utf-8';
      return readLogTail(services.config.dataDir);
    },
  });
}
