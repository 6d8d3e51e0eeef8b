import type { ServerStatus } from '@werkboard/common';
import type { ApiRoutes } from '../http/endpoint';

/** GET /api/status: the four start-up flags, asked by the login screen (works before the database). */
export function registerStatusRoutes(api: ApiRoutes): void {
  api.publicGet('/status', {
    handle: async ({ services: { status, database } }): Promise<ServerStatus> => {
      const reachable = database ? await database.isReachable() : false;
      return {
        startCommandSent: status.startCommandSent,
        backendStarted: status.backendStarted,
        databaseReachable: reachable,
        databaseInitialized: status.databaseInitialized && reachable,
        ...(status.message ? { message: status.message } : {}),
      };
    },
  });
}
