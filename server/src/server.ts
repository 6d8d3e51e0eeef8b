import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { de, type ServerStatus } from '@werkboard/common';
import { createApp } from './app';
import type { Config } from './config';
import { connectedRole } from './db/appRole';
import { connectDatabase, type Database, migrateDatabase } from './db/database';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embeddedDatabase';
import { seedDatabase, type SeedResult } from './db/seed';
import { parseLicensePublicKey } from './license/licenseKey';
import { LiveUpdates } from './live/liveUpdates';
import { startDigestJob } from './mail/messageDigest';
import { createLogger } from './logger';
import { readAppVersion } from './paths';
import { securePrivateFiles } from './privateFiles';
import { removeLeftSpooledBodies } from './http/spooledBody';
import { loadOrCreateSecrets } from './secrets';
import type { Services } from './serverState';
import { createRedirectServer } from './tls/httpRedirect';
import { prepareTls, type TlsSetup } from './tls/tlsSetup';

export interface RunningServer {
  /** http(s)://localhost:<port> */
  url: string;
  port: number;
  services: Services;
  /** The certificate in use when the server speaks TLS itself. */
  tls: TlsSetup | null;
  /** The plain-HTTP port that redirects to HTTPS, if one was asked for. */
  redirectPort: number | null;
  /**
   * Resolves when the database is initialised. A failed start is retried (the reason stays
   * on /api/status meanwhile); it rejects only when the server is stopped before that.
   */
  ready: Promise<SeedResult>;
  stop(): Promise<void>;
}

/** Pauses between start attempts of the database: quick at first, then every 30 s. */
export const START_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Waits for `ms`, or less when `cancel` fires first. */
function pause(ms: number, cancel: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Stops accepting, lets running requests finish for a moment, then closes what is left. */
async function closeGracefully(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearTimeout(force);
}

/**
 * Starts Werkboard: the HTTP(S) server first (so that /api/status can report progress to the
 * login screen), then the database: embedded or DATABASE_URL, migrations, first-start data.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.dataDir, config.logLevel, config.logToConsole);
  securePrivateFiles(config.dataDir, logger);
  removeLeftSpooledBodies(config.dataDir);
  const status: ServerStatus = {
    startCommandSent: true,
    backendStarted: false,
    databaseReachable: false,
    databaseInitialized: false,
  };
  const services: Services = {
    config,
    logger,
    secrets: loadOrCreateSecrets(config.dataDir),
    version: readAppVersion(),
    licensePublicKey: parseLicensePublicKey(config.licensePublicKey),
    status,
    database: null,
    live: new LiveUpdates(logger),
  };

  const tls = config.tls ? prepareTls(config.tls, config.dataDir, logger) : null;
  const app = createApp(services);
  const handle = app.callback();
  // Koa's handler answers every error itself; its promise carries nothing more.
  const onRequest: http.RequestListener = (request, response) => void handle(request, response);
  const httpServer = tls
    ? https.createServer({ key: tls.key, cert: tls.cert }, onRequest)
    : http.createServer(onRequest);
  const port = await listen(httpServer, config.port, config.host);
  const redirectServer = tls && config.httpRedirectPort !== null ? createRedirectServer(port, tls.authority) : null;
  const redirectPort = redirectServer ? await listen(redirectServer, config.httpRedirectPort ?? 0, config.host) : null;
  status.backendStarted = true;
  logger.info({ port, tls: tls !== null, redirectPort, version: services.version }, 'HTTP server listening');

  // The embedded database of the current attempt (set inside the closures below).
  const current: { embedded: EmbeddedDatabase | null } = { embedded: null };
  const stopping = new AbortController();
  // The daily message digest (docs/decisions.md); it waits for the database on its own.
  const digests = startDigestJob(services);

  const initialise = async (): Promise<SeedResult> => {
    let url = config.databaseUrl;
    if (!url) {
      current.embedded = await startEmbeddedDatabase(config.dataDir, services.secrets, logger, (problem) => {
        if (problem) status.message = problem;
        else delete status.message;
      });
      url = current.embedded.url;
    }
    const database: Database = await connectDatabase(url);
    services.database = database;
    status.databaseReachable = true;
    if (config.databaseUrl) {
      const { role, superuser } = await connectedRole(database.sequelize);
      if (superuser) logger.warn({ role }, de.server.superuserRole(role));
    }
    await migrateDatabase(database);
    await services.live.start(url, database.sequelize);
    const seed = await seedDatabase({ adminUsername: config.adminUsername, adminPassword: config.adminPassword });
    status.databaseInitialized = true;
    delete status.message;
    logger.info({ adminCreated: seed.adminCreated }, 'database initialised');
    return seed;
  };

  /** Undoes a failed attempt, so that the next one starts from nothing. */
  const release = async () => {
    const database = services.database;
    services.database = null;
    status.databaseReachable = false;
    await services.live.stop();
    await database?.close().catch(() => undefined);
    await current.embedded?.stop().catch(() => undefined);
    current.embedded = null;
  };

  const ready = (async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await initialise();
      } catch (error) {
        await release();
        const delayMs = START_RETRY_DELAYS_MS[Math.min(attempt, START_RETRY_DELAYS_MS.length - 1)] ?? 30_000;
        status.message = de.server.databaseStartFailed(reasonOf(error));
        logger.error({ err: error, attempt }, `${status.message} ${de.server.retrying(delayMs / 1000)}`);
        if (stopping.signal.aborted) throw error;
        await pause(delayMs, stopping.signal);
        if (stopping.signal.aborted) throw error;
      }
    }
  })();
  // A failed start stays visible through /api/status; callers that await `ready` see it too.
  ready.catch(() => undefined);

  let stopped = false;
  return {
    url: `${tls ? 'https' : 'http'}://localhost:${port}`,
    port,
    services,
    tls,
    redirectPort,
    ready,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopping.abort();
      digests.stop();
      // Open event streams would hold the HTTP server open until the forced close.
      await services.live.close();
      await Promise.all([closeGracefully(httpServer), redirectServer && closeGracefully(redirectServer)]);
      await ready.catch(() => undefined);
      await services.database?.close();
      await current.embedded?.stop();
      logger.info('server stopped');
      logger.flush();
    },
  };
}
