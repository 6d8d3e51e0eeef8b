import bodyParser from '@koa/bodyparser';
import path from 'node:path';
import Koa from 'koa';
import helmet from 'koa-helmet';
import type { AppContext, AppState } from './appTypes';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { serveRenderer } from './middleware/serveRenderer';
import { createApiMiddleware } from './routes';
import { serveUpdates } from './routes/updates';
import type { Services } from './serverState';

/** Largest JSON body: a 5 MB image as a data URL is about 6.7 MB. */
export const JSON_BODY_LIMIT = '8mb';

export function createApp(services: Services): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>({ proxy: process.env.TRUST_PROXY === 'true' });
  app.context.services = services;
  app.silent = true;

  app.use(errorHandler);
  app.use(requestLog);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // Company servers often run on plain http inside the LAN; upgrading would break them.
          upgradeInsecureRequests: null,
        },
      },
      // HSTS belongs to the TLS proxy in front of the server, not to a LAN http server.
      strictTransportSecurity: false,
    }),
  );
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' }));
  app.use(createApiMiddleware(services.secrets.jwtSecret));
  app.use(serveUpdates(path.join(services.config.dataDir, 'updates')));
  app.use(serveRenderer(services.config.rendererDir));
  return app;
}
