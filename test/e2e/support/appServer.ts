import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ENTRY = path.join(ROOT, 'server', 'dist', 'src', 'main.js');

export interface AppServer {
  url: string;
  dataDir: string;
  /** The Admin password the server printed on first start. */
  adminPassword: string;
  output(): string;
  /** Sends a signal to the server process and waits until it has exited (SIGKILL: a crash). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops the server; its DATA_DIR is deleted unless `keepData` (for a restart on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Start on this DATA_DIR (a restart) instead of a fresh one. */
  dataDir?: string;
}

/**
 * Starts the built server the way `npm start` does (node server/dist/src/main.js) on a free
 * port with a fresh DATA_DIR, so it initialises its own embedded PostgreSQL, and reads the
 * URL and the generated Admin password from what it prints.
 */
export async function startAppServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<AppServer> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run "npm run build" first`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const onExit = (code: number | null) => (output += `\n[server exited with ${code}]`);
  child.on('exit', onExit);
  const started = await new Promise<{ url: string; adminPassword: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60000);
    const check = () => {
      const url = /Werkboard läuft: (https?:\/\/\S+)/.exec(output)?.[1];
      const password = /Passwort "([^"]+)"/.exec(output)?.[1] ?? env.ADMIN_PASSWORD;
      if (url && password) {
        clearTimeout(timer);
        resolve({ url, adminPassword: password });
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server stopped during start:\n${output}`));
    });
  });

  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  return {
    ...started,
    dataDir,
    output: () => output,
    kill: (signal) => stopWith(signal),
    stop: async ({ keepData = false } = {}) => {
      await stopWith('SIGTERM');
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
