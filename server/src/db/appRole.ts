import pg from 'pg';
import { QueryTypes, type Sequelize } from 'sequelize';

/** The embedded cluster's database and the role the app connects with (not the superuser). */
export const APP_DATABASE = 'werkboard';
export const APP_ROLE = 'werkboard';

const ROLE_ATTRIBUTES = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';

/**
 * ALTER statements that hand every object of the app's schemas to the app role: what older
 * versions created as the superuser (tables and their indexes, views, standalone sequences,
 * enum and domain types, functions, schemas other than public). Sequences owned by a column
 * follow their table; public belongs to pg_database_owner, that is to the database's owner.
 */
const OWNERSHIP_STATEMENTS = `
  WITH app AS (SELECT oid FROM pg_roles WHERE rolname = $1::text),
  schemas AS (
    SELECT oid, nspname, nspowner FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
  )
  SELECT format('ALTER SCHEMA %I OWNER TO %I', s.nspname, $1::text) AS statement FROM schemas s
    WHERE s.nspowner NOT IN ((SELECT oid FROM app), 'pg_database_owner'::regrole)
  UNION ALL
  SELECT format('ALTER %s %I.%I OWNER TO %I',
      CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
      s.nspname, c.relname, $1::text)
    FROM pg_class c JOIN schemas s ON s.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND c.relowner <> (SELECT oid FROM app)
      AND NOT (c.relkind = 'S' AND EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
  UNION ALL
  SELECT format('ALTER TYPE %I.%I OWNER TO %I', s.nspname, t.typname, $1::text)
    FROM pg_type t JOIN schemas s ON s.oid = t.typnamespace
    WHERE t.typtype IN ('e', 'd') AND t.typowner <> (SELECT oid FROM app)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
  UNION ALL
  SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $1::text)
    FROM pg_proc p JOIN schemas s ON s.oid = p.pronamespace
    WHERE p.prokind <> 'a' AND p.proowner <> (SELECT oid FROM app)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`;

async function withClient<T>(config: pg.ClientConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Run at every start of the embedded cluster, as its superuser: the app's role exists with
 * no more rights than it needs and the secret's password, owns the app's database and
 * everything in it (which moves an installation made by an older version over), and other
 * roles may not connect to it.
 */
export async function ensureAppRole(superuser: pg.ClientConfig, appPassword: string): Promise<void> {
  await withClient({ ...superuser, database: 'postgres' }, async (client) => {
    // A failing statement would otherwise be logged by PostgreSQL with the password in it.
    await client.query("SET log_min_error_statement = 'panic'");
    const password = client.escapeLiteral(appPassword);
    const role = client.escapeIdentifier(APP_ROLE);
    const database = client.escapeIdentifier(APP_DATABASE);
    const roleExists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE])).rowCount;
    await client.query(`${roleExists ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${ROLE_ATTRIBUTES} PASSWORD ${password}`);
    const databaseExists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE]))
      .rowCount;
    await client.query(
      databaseExists ? `ALTER DATABASE ${database} OWNER TO ${role}` : `CREATE DATABASE ${database} OWNER ${role}`,
    );
    await client.query(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);
  });
  await withClient({ ...superuser, database: APP_DATABASE }, async (client) => {
    const { rows } = await client.query<{ statement: string }>(OWNERSHIP_STATEMENTS, [APP_ROLE]);
    if (rows.length === 0) return;
    await client.query('BEGIN');
    for (const { statement } of rows) await client.query(statement);
    await client.query('COMMIT');
  });
}

/** The role a connection uses and whether it is a superuser (which DATABASE_URL should not name). */
export async function connectedRole(sequelize: Sequelize): Promise<{ role: string; superuser: boolean }> {
  const [row] = await sequelize.query<{ role: string; superuser: boolean }>(
    'SELECT current_user AS role, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
    { type: QueryTypes.SELECT },
  );
  return row ?? { role: 'unbekannt', superuser: false };
}
