import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { de, DEFAULT_PASSWORD_MIN_LENGTH } from '@werkboard/common';
import { passwordProblem } from './auth/passwordRule';
import { hashPassword } from './auth/passwords';
import { configFromEnv } from './config';
import { startEmbeddedDatabase } from './db/embeddedDatabase';
import { createLogger } from './logger';
import { loadOrCreateSecrets } from './secrets';

/**
 * Admin operations as commands, for `docker compose exec app node server/dist/src/cli.js …`
 * (docker/README.md). Each command is one entry of COMMANDS; backup and restore join them
 * with the backup feature. Commands use plain SQL over `pg` rather than the models, so they
 * never share state with a running server.
 */

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface CliCommand {
  usage: string;
  description: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export class CliError extends Error {}

/** A connection to the server's database: DATABASE_URL, or the embedded one under DATA_DIR. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (client: Client) => Promise<T>): Promise<T> {
  const config = configFromEnv(env);
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    // The embedded database belongs to the server: it can be opened here only while the server is stopped.
    if (!fs.existsSync(path.join(config.dataDir, 'pg'))) {
      throw new CliError(`Keine Datenbank unter ${config.dataDir}: DATABASE_URL setzen oder DATA_DIR prüfen.`);
    }
    const logger = createLogger(config.dataDir, 'warn', false);
    const embedded = await startEmbeddedDatabase(config.dataDir, loadOrCreateSecrets(config.dataDir), logger);
    url = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await stopEmbedded?.();
  }
}

function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new CliError(`${name} braucht einen Wert.`);
  return value;
}

const resetAdminPassword: CliCommand = {
  usage: 'reset-admin-password [--username NAME]',
  description:
    'Setzt das Passwort eines Admin-Kontos neu (NEW_ADMIN_PASSWORD oder ein erzeugtes) und beendet seine Sitzungen.',
  async run(args, io) {
    const unknown = args.filter(
      (arg, index) => arg.startsWith('--') && arg !== '--username' && args[index - 1] !== '--username',
    );
    if (unknown.length > 0) throw new CliError(`Unbekannte Option: ${unknown.join(' ')}`);
    const username = (optionValue(args, '--username') ?? io.env.ADMIN_USERNAME ?? 'admin').trim();
    const chosen = io.env.NEW_ADMIN_PASSWORD ?? '';
    if (chosen !== '' && passwordProblem(chosen, DEFAULT_PASSWORD_MIN_LENGTH) !== null) {
      throw new CliError(de.server.weakPassword('NEW_ADMIN_PASSWORD', DEFAULT_PASSWORD_MIN_LENGTH));
    }
    const password = chosen !== '' ? chosen : crypto.randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);

    await withDatabase(io.env, async (client) => {
      // Raising the token version ends every session of the account (tokens carry it).
      const updated = await client.query<{ username: string }>(
        `UPDATE users SET password_hash = $1, token_version = token_version + 1, updated_at = now()
         WHERE lower(username) = lower($2) AND role = 'Admin' RETURNING username`,
        [passwordHash, username],
      );
      if (updated.rowCount === 1) return;
      const admins = await client.query<{ username: string }>(
        "SELECT username FROM users WHERE role = 'Admin' ORDER BY lower(username)",
      );
      const names = admins.rows.map((row) => row.username).join(', ');
      throw new CliError(
        `Kein Admin-Konto "${username}". ${names === '' ? 'Es gibt kein Admin-Konto.' : `Admin-Konten: ${names} (mit --username wählen).`}`,
      );
    });

    io.stdout(
      [
        `Das Passwort von "${username}" wurde neu gesetzt; alle Sitzungen des Kontos sind beendet.`,
        chosen !== '' ? 'Neues Passwort: aus NEW_ADMIN_PASSWORD.' : `Neues Passwort: ${password}`,
        'Bitte nach der Anmeldung unter Profil ändern.',
        '',
      ].join('\n'),
    );
    return 0;
  },
};

export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  'reset-admin-password': resetAdminPassword,
};

function usage(): string {
  const lines = ['Aufruf: node server/dist/src/cli.js <Befehl>', '', 'Befehle:'];
  for (const command of Object.values(COMMANDS)) lines.push(`  ${command.usage}`, `      ${command.description}`);
  return `${lines.join('\n')}\n`;
}

/** Runs one command; answers the exit code (0 done, 1 failed, 2 wrong call). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    io.stdout(usage());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`Unbekannter Befehl: ${name}\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    io.stderr(`Fehlgeschlagen: ${(error as Error).message}\n`);
    return 1;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
