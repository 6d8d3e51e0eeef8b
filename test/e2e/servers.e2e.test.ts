import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { startAppServer, type AppServer } from './support/appServer';

/** Reads the embedded PostgreSQL's port from a server's structured log. */
function embeddedPostgresPort(dataDir: string): number {
  const lines = fs
    .readFileSync(path.join(dataDir, 'logs', 'server.log'), 'utf8')
    .trim()
    .split('\n');
  const started = lines
    .map((line) => JSON.parse(line) as { msg: string; port?: number })
    .find((l) => l.msg === 'embedded PostgreSQL started');
  if (!started?.port) throw new Error('no embedded PostgreSQL start in the log');
  return started.port;
}

async function status(url: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${url}/api/status`)).json()) as Record<string, unknown>;
}

async function login(url: string, username: string, password: string): Promise<number> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

describe('servers side by side', () => {
  let first: AppServer | undefined;
  let second: AppServer | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('runs one server on its embedded PostgreSQL and another on DATABASE_URL, each with its own data', async () => {
    first = await startAppServer();
    const secrets = JSON.parse(fs.readFileSync(path.join(first.dataDir, 'secrets.json'), 'utf8')) as {
      databasePassword: string;
    };
    const port = embeddedPostgresPort(first.dataDir);
    const admin = new Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: secrets.databasePassword,
      database: 'postgres',
    });
    await admin.connect();
    await admin.query('CREATE DATABASE werkboard_second');
    await admin.end();

    second = await startAppServer({
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(secrets.databasePassword)}@127.0.0.1:${port}/werkboard_second`,
      ADMIN_USERNAME: 'chefin',
      ADMIN_PASSWORD: 'zweites-passwort',
    });

    expect(second.url).not.toBe(first.url);
    for (const server of [first, second]) {
      expect(await status(server.url)).toEqual({
        startCommandSent: true,
        backendStarted: true,
        databaseReachable: true,
        databaseInitialized: true,
      });
    }
    // Each server has its own accounts: the second knows 'chefin', the first does not.
    expect(await login(second.url, 'chefin', 'zweites-passwort')).toBe(200);
    expect(await login(first.url, 'chefin', 'zweites-passwort')).toBe(401);
    expect(await login(first.url, 'admin', first.adminPassword)).toBe(200);
    // The second server did not start a database of its own.
    expect(fs.existsSync(path.join(second.dataDir, 'pg'))).toBe(false);
    expect(fs.existsSync(path.join(second.dataDir, 'logs', 'server.log'))).toBe(true);
    // The generated password went to the console only, never into the log file.
    expect(fs.readFileSync(path.join(first.dataDir, 'logs', 'server.log'), 'utf8')).not.toContain(first.adminPassword);
  });
});
