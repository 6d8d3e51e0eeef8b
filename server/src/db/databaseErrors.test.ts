import { Sequelize } from 'sequelize';
import pg from 'pg';
import { isDatabaseUnavailable } from './databaseErrors';

function testDatabaseUrl(): string {
  const url = process.env.WERKBOARD_TEST_DATABASE_URL;
  if (!url) throw new Error('WERKBOARD_TEST_DATABASE_URL is not set: run through jest');
  return url;
}

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('errors of a database that is away', () => {
  it('a refused connection counts', async () => {
    const sequelize = new Sequelize('postgres://nobody:nothing@127.0.0.1:1/none', {
      dialect: 'postgres',
      dialectModule: pg,
      logging: false,
    });
    try {
      expect(isDatabaseUnavailable(await caught(() => sequelize.query('SELECT 1')))).toBe(true);
    } finally {
      await sequelize.close();
    }
  });

  it('a connection the server ends (as in its shutdown) counts; a wrong query does not', async () => {
    const sequelize = new Sequelize(testDatabaseUrl(), { dialect: 'postgres', dialectModule: pg, logging: false });
    try {
      expect(isDatabaseUnavailable(await caught(() => sequelize.query('SELECT * FROM gibt_es_nicht')))).toBe(false);
      // 57P01 admin_shutdown: what every connection gets when PostgreSQL shuts down.
      const ended = await caught(() => sequelize.query('SELECT pg_terminate_backend(pg_backend_pid())'));
      expect(isDatabaseUnavailable(ended)).toBe(true);
      expect(isDatabaseUnavailable(new Error('etwas anderes'))).toBe(false);
      expect(isDatabaseUnavailable('kein Fehler')).toBe(false);
    } finally {
      await sequelize.close();
    }
  });
});
