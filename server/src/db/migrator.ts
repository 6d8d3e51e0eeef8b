import type { QueryInterface, Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import * as initialSchema from '../../migrations/20261122000000-initial-schema';
import * as externalUsers from '../../migrations/20261123000000-external-users';
import * as projects from '../../migrations/20261124000000-projects';
import * as organisation from '../../migrations/20261125000000-organisation';
import * as teamsAndImages from '../../migrations/20261126000000-teams-and-images';
import * as idempotencyKeys from '../../migrations/20261127000000-idempotency-keys';
import * as securityHardening from '../../migrations/20261128000000-security-hardening';
import * as sessions from '../../migrations/20261129000000-sessions';
import * as messages from '../../migrations/20261130000000-messages';
import * as secondFactor from '../../migrations/20261130000000-second-factor';
import * as notifications from '../../migrations/20261201000000-notifications';
import * as messageDigest from '../../migrations/20261202000000-message-digest';
import * as deltaReads from '../../migrations/20261202100000-delta-reads';
import * as customerSignoffs from '../../migrations/20261202200000-customer-signoffs';

interface MigrationModule {
  up(params: { context: QueryInterface }): Promise<void>;
  down(params: { context: QueryInterface }): Promise<void>;
}

/**
 * The migrations in order. Listed here rather than globbed so that the same list runs
 * from the TypeScript sources (tests) and from the compiled output (npm start, Docker).
 */
const MIGRATIONS: readonly [string, MigrationModule][] = [
  ['20261122000000-initial-schema', initialSchema],
  ['20261123000000-external-users', externalUsers],
  ['20261124000000-projects', projects],
  ['20261125000000-organisation', organisation],
  ['20261126000000-teams-and-images', teamsAndImages],
  ['20261127000000-idempotency-keys', idempotencyKeys],
  ['20261128000000-security-hardening', securityHardening],
  ['20261129000000-sessions', sessions],
  ['20261130000000-messages', messages],
  ['20261130000000-second-factor', secondFactor],
  ['20261201000000-notifications', notifications],
  ['20261202000000-message-digest', messageDigest],
  ['20261202100000-delta-reads', deltaReads],
  ['20261202200000-customer-signoffs', customerSignoffs],
];

export function createMigrator(sequelize: Sequelize): Umzug<QueryInterface> {
  return new Umzug({
    migrations: MIGRATIONS.map(([name, migration]) => ({
      name,
      up: ({ context }) => migration.up({ context }),
      down: ({ context }) => migration.down({ context }),
    })),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
}
