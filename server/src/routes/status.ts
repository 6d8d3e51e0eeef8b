import type { ServerStatus } from '@werkboard/common';
import type { AppRouter } from '../appTypes';

/** GET /api/status: the four start-up flags (never cached), asked by the login screen. */
export function registerStatusRoutes(router: AppRouter): void {
  router.get('/status', async (ctx) => {
    const { status, database } = ctx.services;
    const reachable = database ? await database.isReachable() : false;
    const body: ServerStatus = {
      startCommandSent: status.startCommandSent,
      backendStarted: status.backendStarted,
      databaseReachable: reachable,
      databaseInitialized: status.databaseInitialized && reachable,
      ...(status.message ? { message: status.message } : {}),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
