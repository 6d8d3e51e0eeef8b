import { PRODUCT_NAME, type ServerInfo } from '@werkboard/common';
import type { AppRouter } from '../appTypes';

/** GET /api/server-info: name and version (the root package.json's). */
export function registerServerInfoRoutes(router: AppRouter): void {
  router.get('/server-info', (ctx) => {
    const body: ServerInfo = { name: PRODUCT_NAME, version: ctx.services.version };
    ctx.body = body;
  });
}
