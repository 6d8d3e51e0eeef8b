import { PRODUCT_NAME, type ServerInfo } from '@werkboard/common';
import type { ApiRoutes } from '../http/endpoint';

/** GET /api/server-info: name and version (the root package.json's). */
export function registerServerInfoRoutes(api: ApiRoutes): void {
  api.publicGet('/server-info', {
    handle: ({ services }): ServerInfo => ({ name: PRODUCT_NAME, version: services.version }),
  });
}
