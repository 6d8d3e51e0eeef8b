import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { de, DEFAULT_PASSWORD_MIN_LENGTH, PERMISSION_KEYS } from '@werkboard/common';
import { QueryTypes, type Sequelize } from 'sequelize';
import { passwordProblem } from './auth/passwordRule';
import { generatePassword, hashPassword } from './auth/passwords';
import type { SessionActor } from './auth/sessionActor';
import { readImportPlan } from './commands/importFile';
import { connectDatabase } from './db/database';
import { ApiError } from './errors';
import { type BackupCounts, backupJson } from './services/backupExport';
import { importFile } from './services/backupImport';
import { configFromEnv } from './config';
import { startEmbeddedDatabase } from './db/embeddedDatabase';
import { createLogger } from './logger';
import { loadOrCreateSecrets } from './secrets';

/**
 * Admin operations as commands, for `docker compose exec app node server/dist/src/cli.js …`
 * (docker/README.md). Each command is one entry of COMMANDS. Backup and restore
 * (`backup > file`, `restore < file`) use the server's export and import services over a
 * Sequelize of their own; the others plain SQL over `pg`. None shares state with a running server.
 */

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The whole standard input (restore < file). */
  readStdin: () => Promise<string>;
}

export interface CliCommand {
  usage: string;
  description: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export class CliError extends Error {}

/** The server's database: DATABASE_URL, or the embedded one under DATA_DIR (started here). */
async function openDatabaseUrl(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const config = configFromEnv(env);
  if (config.databaseUrl) return { url: config.databaseUrl, stop: () => Promise.resolve() };
  // The embedded database belongs to the server: it can be opened here only while the server is stopped.
  if (!fs.existsSync(path.join(config.dataDir, 'pg'))) {
    throw new CliError(`Keine Datenbank unter ${config.dataDir}: DATABASE_URL setzen oder DATA_DIR prüfen.`);
  }
  const logger = createLogger(config.dataDir, 'warn', false);
  const embedded = await startEmbeddedDatabase(config.dataDir, loadOrCreateSecrets(config.dataDir), logger);
  return { url: embedded.url, stop: () => embedded.stop() };
}

/** A plain `pg` connection to the server's database. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (client: Client) => Promise<T>): Promise<T> {
  const { url, stop } = await openDatabaseUrl(env);
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await stop();
  }
}

/**
 * The server's services over their own Sequelize (backup and restore use the routes' export
 * and import), acting as the first Admin account, on a migrated database.
 */
async function withServices<T>(
  env: NodeJS.ProcessEnv,
  work: (sequelize: Sequelize, admin: SessionActor, dataDir: string) => Promise<T>,
): Promise<T> {
  const { url, stop } = await openDatabaseUrl(env);
  try {
    const database = await connectDatabase(url);
    try {
      const [admin] = await database.sequelize.query<{ id: string; username: string }>(
        "SELECT id, username FROM users WHERE role = 'Admin' ORDER BY created_at, id LIMIT 1",
        { type: QueryTypes.SELECT },
      );
      if (!admin) throw new CliError('Es gibt kein Admin-Konto: zuerst den Server einmal starten.');
      const actor: SessionActor = { ...admin, role: 'Admin', permissions: [...PERMISSION_KEYS] };
      return await work(database.sequelize, actor, configFromEnv(env).dataDir);
    } finally {
      await database.close();
    }
  } finally {
    await stop();
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
    if (chosen !== '' && passwordProblem(chosen, DEFAULT_PASSWORD_MIN_LENGTH, [username]) !== null) {
      throw new CliError(de.server.weakPassword('NEW_ADMIN_PASSWORD', DEFAULT_PASSWORD_MIN_LENGTH));
    }
    const password = chosen !== '' ? chosen : generatePassword();
    const passwordHash = await hashPassword(password);

    await withDatabase(io.env, async (client) => {
      // Raising the token version and deleting the session rows end every session of the
      // account; a running server notices within its auth caches' minute (auth/sessions.ts).
      const updated = await client.query<{ username: string }>(
        `WITH updated AS (
           UPDATE users SET password_hash = $1, token_version = token_version + 1, updated_at = now()
           WHERE lower(username) = lower($2) AND role = 'Admin' RETURNING id, username
         ), ended AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM updated))
         SELECT username FROM updated`,
        [passwordHash, username],
      );
      if (updated.rowCount === 1) {
        // Nobody can open the old message key without the old password (docs/security.md).
        await client.query('DELETE FROM message_keys WHERE user_id = (SELECT id FROM users WHERE username = $1)', [
          updated.rows[0]!.username,
        ]);
        return;
      }
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

const backup: CliCommand = {
  usage: 'backup > DATEI',
  description:
    'Schreibt die vollständige Sicherung (Projekte, Vorlagen, Kundentypen, Tags, Bilder, Benutzer ohne Passwörter) als JSON auf die Standardausgabe.',
  async run(args, io) {
    if (args.length > 0) throw new CliError(`Unbekannte Option: ${args.join(' ')}`);
    const counts: BackupCounts = { projects: 0, templates: 0, images: 0 };
    await withServices(io.env, async (sequelize, admin, dataDir) => {
      for await (const piece of backupJson(sequelize, admin, dataDir, counts)) io.stdout(piece);
    });
    io.stderr(
      `Sicherung geschrieben: ${counts.projects} Projekte, ${counts.templates} Vorlagen, ${counts.images} Bilder.\n`,
    );
    return 0;
  },
};

const restore: CliCommand = {
  usage: 'restore [DATEI] [--mode merge|replace] < DATEI',
  description:
    'Spielt eine Sicherung ein (aus DATEI oder der Standardeingabe), in einer Transaktion: merge (Standard) aktualisiert gleiche IDs, replace ersetzt die vorhandenen Daten. Eingespielte Benutzer brauchen ein neues Passwort.',
  async run(args, io) {
    const mode = optionValue(args, '--mode') ?? 'merge';
    if (mode !== 'merge' && mode !== 'replace') throw new CliError(de.transfer.modeInvalid);
    const paths = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--mode');
    const unknown = args.filter(
      (arg, index) => arg.startsWith('--') && arg !== '--mode' && args[index - 1] !== '--mode',
    );
    if (unknown.length > 0 || paths.length > 1)
      throw new CliError(`Unbekannte Option: ${[...unknown, ...paths.slice(1)].join(' ')}`);
    // Read as a stream from its file, like an upload: standard input is put into a file first.
    const stdinDir = paths[0] ? null : await fs.promises.mkdtemp(path.join(os.tmpdir(), 'werkboard-restore-'));
    const file = paths[0] ?? path.join(stdinDir!, 'backup.json');
    if (stdinDir) await fs.promises.writeFile(file, await io.readStdin(), { mode: 0o600 });
    const source = { file, root: [], notJson: de.transfer.notJsonFile('eine Sicherung') };
    const result = await withServices(io.env, async (sequelize, admin, dataDir) => {
      try {
        const plan = await readImportPlan('backup', source);
        return await sequelize.transaction((transaction) =>
          importFile({ sequelize, transaction, dataDir, actor: admin, kind: 'backup', mode }, plan),
        );
      } catch (error) {
        if (error instanceof ApiError) throw new CliError(de.transfer.importFailed(error.message));
        throw error;
      }
    }).finally(() => stdinDir && fs.promises.rm(stdinDir, { recursive: true, force: true }));
    const counts = Object.entries(result.imported).map(([kind, count]) => `${kind}: ${count}`);
    io.stdout([`Sicherung eingespielt (${mode}). ${counts.join(', ')}`, ...result.changes, ''].join('\n'));
    return 0;
  },
};

export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  'reset-admin-password': resetAdminPassword,
  backup,
  restore,
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
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
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
