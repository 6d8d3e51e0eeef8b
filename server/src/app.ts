import path from 'node:path';
import Koa from 'koa';
import helmet from 'koa-helmet';
import type { AppContext, AppState } from './appTypes';
import { compressAnswers } from './middleware/compressAnswers';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { serveRenderer } from './middleware/serveRenderer';
import { createApiMiddleware } from './routes';
import { serveUpdates } from './routes/updates';
import type { Services } from './serverState';

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
      // HSTS only when this server speaks TLS itself (180 days); behind a TLS proxy it is the proxy's.
      strictTransportSecurity: services.config.tls ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    }),
  );
  app.use(compressAnswers());
  app.use(createApiMiddleware(services.secrets.jwtSecret));
  app.use(serveUpdates(path.join(services.config.dataDir, 'updates')));
  app.use(serveRenderer(services.config.rendererDir));
  return app;
}
