import { de } from '@werkboard/common';
import { ConfigError, configFromEnv } from './config';
import type { SeedResult } from './db/seed';
import { type RunningServer, startServer } from './server';
import { AUTHORITY_DOWNLOAD_PATH } from './tls/httpRedirect';

/** With TLS: the fingerprints to compare, and where devices get the local authority. */
function tlsLines(server: RunningServer): string[] {
  const { tls, redirectPort } = server;
  if (!tls) return [];
  const lines = [de.server.tls.certificateLine(tls.fingerprint)];
  if (tls.authority) {
    lines.push(de.server.tls.authorityLine(tls.authority.fingerprint), de.server.tls.authorityFile(tls.authority.file));
    if (redirectPort !== null) {
      lines.push(de.server.tls.authorityDownload(`http://<Server-Adresse>:${redirectPort}${AUTHORITY_DOWNLOAD_PATH}`));
    }
  }
  return lines;
}

/** Printed to the console only, never to the log file: the password is shown exactly once. */
function printWelcome(server: RunningServer, adminUsername: string, seed: SeedResult): void {
  const lines = ['', `Werkboard läuft: ${server.url}`, ...tlsLines(server)];
  if (seed.generatedAdminPassword) {
    lines.push(
      `Anmelden als Admin: Benutzername "${adminUsername}", Passwort "${seed.generatedAdminPassword}"`,
      'Das Passwort wird nur dieses eine Mal angezeigt. Bitte notieren und nach der ersten Anmeldung ändern.',
    );
  } else if (seed.adminCreated) {
    lines.push(`Anmelden als Admin: Benutzername "${adminUsername}" mit dem Passwort aus ADMIN_PASSWORD.`);
  } else {
    lines.push(`Anmelden mit einem vorhandenen Konto (Admin: "${adminUsername}", Passwort vom ersten Start).`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * `npm start` / Docker entry point: start, print where and how to log in once the database
 * is ready, and stop cleanly (the embedded database included) on SIGINT and SIGTERM, also
 * while the database is still starting.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.services.logger.info({ signal }, 'stopping');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.services.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  // Rejects only when stopped before the database was ready; the reason is in the log.
  await server.ready.then(
    (seed) => printWelcome(server, config.adminUsername, seed),
    () => undefined,
  );
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`Werkboard konnte nicht starten: ${message}\n`);
  process.exit(1);
});
