import type { KeyObject } from 'node:crypto';
import type { ServerStatus } from '@werkboard/common';
import type { Config } from './config';
import type { Database } from './db/database';
import type { LiveUpdates } from './live/liveUpdates';
import type { Logger } from './logger';
import type { Secrets } from './secrets';

/** What every request handler may reach: set up once by startServer. */
export interface Services {
  config: Config;
  logger: Logger;
  secrets: Secrets;
  version: string;
  /** The public key license keys are verified with (config.licensePublicKey, parsed once). */
  licensePublicKey: KeyObject;
  status: ServerStatus;
  /** Present once the database is connected, migrated and seeded. */
  database: Database | null;
  /** The open event streams and the database connection that feeds them. */
  live: LiveUpdates;
}
