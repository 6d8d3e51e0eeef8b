import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../server/src/test/testServer';
import { parseDockerignore, performDockerfile, type Stage } from './dockerfile';

/**
 * The image, proven without a Docker engine: the Dockerfile's own steps (its COPY list from
 * the context minus the .dockerignore, its RUN commands, among them the same `npm install`
 * CI runs) performed in a clean temporary folder, then its CMD started with DATABASE_URL on
 * the PostgreSQL of this test run, and an Admin logs in. Slow by nature (a whole install and
 * build): it prints the time of each step.
 */
const ROOT = path.resolve(__dirname, '..');
const ADMIN_PASSWORD = 'image-test-passwort';

jest.setTimeout(20 * 60 * 1000);

/** The caller's environment without what npm and jest put there for their own run. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|NODE_ENV$|JEST_|INIT_CWD$|WERKBOARD_)/i.test(key) && key !== 'NODE_OPTIONS',
    ),
  );
}

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.split(path.sep).includes('node_modules'));
}

let workDir: string;
let image: Stage;
let dataDir: string;
let server: ChildProcess | null = null;
let serverOutput = '';
let databaseUrl: string;
const timings: string[] = [];

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-image-'));
  dataDir = path.join(workDir, 'data');
  databaseUrl = await createTestDatabase();
  const started = Date.now();
  const stages = performDockerfile({
    contextDir: ROOT,
    dockerfile: path.join(ROOT, 'docker', 'Dockerfile'),
    ignorePatterns: parseDockerignore(fs.readFileSync(path.join(ROOT, 'docker', 'Dockerfile.dockerignore'), 'utf8')),
    workDir,
    baseEnv: cleanEnv(),
    // The final stage's only foreign step: the volume folder, owned by the user the app runs as.
    foreignRun: (command, stage) => {
      if (stage.env.DATA_DIR !== '/data' || command !== 'mkdir -p /data/updates && chown -R node:node /data')
        return false;
      fs.mkdirSync(path.join(dataDir, 'updates'), { recursive: true });
      return true;
    },
    log: (message) => timings.push(message),
  });
  timings.push(
    `all steps: ${((Date.now() - started) / 1000).toFixed(1)} s, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  image = stages[stages.length - 1]!;
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  process.stdout.write(`Docker image steps:\n  ${timings.join('\n  ')}\n`);
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function waitForStatus(url: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const status = (await (await fetch(`${url}/api/status`)).json()) as Record<string, unknown>;
      if (status.databaseInitialized === true) return status;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || server?.exitCode !== null) throw new Error(`image did not start:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function imageEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // The image's own ENV, with what compose.yaml sets; the port and /data are this test's.
  return { ...cleanEnv(), ...image.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extra };
}

describe('the Docker image, built by its own steps', () => {
  it('contains the built server and app, and no test file, source or dev tool', () => {
    const all = files(image.dir);
    expect(all).toContain(path.join('server', 'dist', 'src', 'main.js'));
    expect(all).toContain(path.join('server', 'dist', 'src', 'cli.js'));
    expect(all).toContain(path.join('renderer', 'dist', 'index.html'));
    // The user manual, built from docs/manual by the renderer's build (Hilfe/Impressum offers it).
    expect(all).toContain(path.join('renderer', 'dist', 'Werkboard-Handbuch.pdf'));
    expect(all.filter((file) => file.startsWith(`docs${path.sep}`))).toEqual([]);
    expect(all.filter((file) => /\.test\.|(^|\/)test\//.test(file.split(path.sep).join('/')))).toEqual([]);
    expect(all.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(fs.existsSync(path.join(image.dir, 'desktop'))).toBe(false);
    // `npm prune --omit=dev` ran: no compiler, test runner or Electron.
    for (const tool of ['typescript', 'jest', 'vite', 'electron', 'playwright-core'])
      expect(fs.existsSync(path.join(image.dir, 'node_modules', tool))).toBe(false);
    expect(fs.existsSync(path.join(image.dir, 'node_modules', 'koa'))).toBe(true);
  });

  it('starts with DATABASE_URL, initialises the database, serves the app and lets the Admin log in', async () => {
    expect(image.cmd).toEqual(['node', 'server/dist/src/main.js']);
    const [command, ...args] = image.cmd!;
    server = spawn(command === 'node' ? process.execPath : command!, args, {
      cwd: image.dir,
      env: imageEnv({ PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_TO_CONSOLE: 'false' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line:\n${serverOutput}`)), 120_000);
      server!.stdout?.on('data', () => {
        const found = /Werkboard läuft: (http:\/\/\S+)/.exec(serverOutput)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });

    expect(await waitForStatus(url)).toMatchObject({ databaseReachable: true, databaseInitialized: true });
    const index = await fetch(`${url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root">');

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);

    // The HEALTHCHECK's own command, with the image's port.
    expect(image.healthcheck).not.toBeNull();
    const port = new URL(url).port;
    const health = spawnSync('bash', ['-c', image.healthcheck!], { env: imageEnv({ PORT: port }), encoding: 'utf8' });
    expect(health.status).toBe(0);

    // The admin command of docker/README.md, as `docker compose exec app` runs it.
    const reset = spawnSync(process.execPath, ['server/dist/src/cli.js', 'reset-admin-password'], {
      cwd: image.dir,
      env: imageEnv(),
      encoding: 'utf8',
    });
    expect(reset.status).toBe(0);
    const newPassword = /Neues Passwort: (\S+)/.exec(reset.stdout)?.[1];
    expect(newPassword).toBeDefined();
    const again = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: newPassword }),
    });
    expect(again.status).toBe(200);

    // Backup and restore as docker/README.md runs them: `backup > file`, `restore < file`.
    const backup = spawnSync(process.execPath, ['server/dist/src/cli.js', 'backup'], {
      cwd: image.dir,
      env: imageEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(backup.status).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ type: 'Werkboard-backup', version: 2 });
    const restore = spawnSync(process.execPath, ['server/dist/src/cli.js', 'restore'], {
      cwd: image.dir,
      env: imageEnv(),
      encoding: 'utf8',
      input: backup.stdout,
    });
    expect([restore.status, restore.status === 0 ? '' : restore.stderr]).toEqual([0, '']);
    expect(restore.stdout).toContain('Sicherung eingespielt (merge).');
  });
});
