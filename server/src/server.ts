import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerStatus } from '@werkboard/common';
import { createApp } from './app';
import type { Config } from './config';
import { connectDatabase, migrateDatabase } from './db/database';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embeddedDatabase';
import { seedDatabase, type SeedResult } from './db/seed';
import { parseLicensePublicKey } from './license/licenseKey';
import { createLogger } from './logger';
import { readAppVersion } from './paths';
import { loadOrCreateSecrets } from './secrets';
import type { Services } from './serverState';

export interface RunningServer {
  /** http://localhost:<port> */
  url: string;
  port: number;
  services: Services;
  /** Resolves when the database is initialised (or rejects with the start-up error). */
  ready: Promise<SeedResult>;
  stop(): Promise<void>;
}

/**
 * Starts Werkboard: the HTTP server first (so that /api/status can report progress to the
 * login screen), then the database: embedded or DATABASE_URL, migrations, first-start data.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const logger = createLogger(config.dataDir, config.logLevel, config.logToConsole);
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
  };

  const app = createApp(services);
  const httpServer: http.Server = await new Promise((resolve, reject) => {
    const server = app.listen(config.port, config.host, () => resolve(server));
    server.once('error', reject);
  });
  const port = (httpServer.address() as AddressInfo).port;
  status.backendStarted = true;
  logger.info({ port, version: services.version }, 'HTTP server listening');

  let embedded: EmbeddedDatabase | null = null;
  const ready = (async () => {
    try {
      let url = config.databaseUrl;
      if (!url) {
        embedded = await startEmbeddedDatabase(config.dataDir, services.secrets.databasePassword, logger);
        url = embedded.url;
      }
      const database = await connectDatabase(url);
      services.database = database;
      status.databaseReachable = true;
      await migrateDatabase(database);
      const seed = await seedDatabase({ adminUsername: config.adminUsername, adminPassword: config.adminPassword });
      status.databaseInitialized = true;
      logger.info({ adminCreated: seed.adminCreated }, 'database initialised');
      return seed;
    } catch (error) {
      status.message = `Datenbank konnte nicht gestartet werden: ${(error as Error).message}`;
      logger.error({ err: error }, 'database start failed');
      throw error;
    }
  })();
  // A failed start stays visible through /api/status; callers that await `ready` see it too.
  ready.catch(() => undefined);

  let stopped = false;
  return {
    url: `http://localhost:${port}`,
    port,
    services,
    ready,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await ready.catch(() => undefined);
      await services.database?.close();
      await embedded?.stop();
      logger.info('server stopped');
      logger.flush();
    },
  };
}
