import path from 'node:path';
import Koa from 'koa';
import type { AppContext, AppState } from './appTypes';
import { clientAddress } from './http/clientAddress';
import { securityHeaders } from './http/securityHeaders';
import { serverTiming } from './http/serverTiming';
import { compressAnswers } from './middleware/compressAnswers';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { serveRenderer } from './middleware/serveRenderer';
import { createApiMiddleware } from './routes';
import { serveUpdates } from './routes/updates';
import type { Services } from './serverState';

/** One year: the least ASVS 3.4.1 accepts. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function createApp(services: Services): Koa<AppState, AppContext> {
  // Koa's own proxy switch would trust X-Forwarded-For from anyone; clientAddress decides.
  const app = new Koa<AppState, AppContext>({ proxy: false });
  app.context.services = services;
  app.silent = true;

  app.use(async (ctx, next) => {
    ctx.request.ip = clientAddress(
      ctx.req.socket.remoteAddress ?? '',
      ctx.get('X-Forwarded-For'),
      services.config.trustedProxies,
    );
    await next();
  });
  // The request log wraps the error handler, so that its line has the status that was answered
  // (a 401 or 403 thrown by a route, not Koa's 404 of before the handler), ASVS 16.3.2.
  app.use(requestLog);
  app.use(errorHandler);
  app.use(
    securityHeaders({
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
          // index.html has no <base>; 'none' keeps an injected one from redirecting relative URLs.
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          // Company servers often run on plain http inside the LAN; upgrading would break them.
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only when this server speaks TLS itself (one year, ASVS 3.4.1); behind a TLS proxy it is the proxy's.
      strictTransportSecurity: services.config.tls ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    }),
  );
  app.use(serverTiming());
  app.use(compressAnswers());
  app.use(createApiMiddleware(services.secrets.jwtSecret));
  app.use(serveUpdates(path.join(services.config.dataDir, 'updates')));
  app.use(serveRenderer(services.config.rendererDir));
  return app;
}
