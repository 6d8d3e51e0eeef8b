import pg from 'pg';
import { Sequelize } from 'sequelize';
import { watchUserWrites } from '../auth/userCache';
import { countStatements } from '../http/serverTiming';
import { initModels } from '../models';
import { createMigrator } from './migrator';

export interface Database {
  sequelize: Sequelize;
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

export async function connectDatabase(url: string): Promise<Database> {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: pg,
    logging: false,
    pool: { max: 10, min: 0, idle: 10000 },
  });
  await sequelize.authenticate();
  initModels(sequelize);
  watchUserWrites();
  countStatements(sequelize);
  return {
    sequelize,
    isReachable: async () => {
      try {
        await sequelize.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => sequelize.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await createMigrator(database.sequelize).up();
}
