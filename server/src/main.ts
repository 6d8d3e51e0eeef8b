import { ConfigError, configFromEnv } from './config';
import { startServer } from './server';

/** `npm start` / Docker entry point: start, print where and how to log in, stop on signals. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);
  const seed = await server.ready;

  // Printed to the console only, never to the log file: the password is shown exactly once.
  const lines = ['', `Werkboard läuft: ${server.url}`];
  if (seed.generatedAdminPassword) {
    lines.push(
      `Anmelden als Admin: Benutzername "${config.adminUsername}", Passwort "${seed.generatedAdminPassword}"`,
      'Das Passwort wird nur dieses eine Mal angezeigt. Bitte notieren und nach der ersten Anmeldung ändern.',
    );
  } else if (seed.adminCreated) {
    lines.push(`Anmelden als Admin: Benutzername "${config.adminUsername}" mit dem Passwort aus ADMIN_PASSWORD.`);
  } else {
    lines.push(`Anmelden mit einem vorhandenen Konto (Admin: "${config.adminUsername}", Passwort vom ersten Start).`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

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
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`Werkboard konnte nicht starten: ${message}\n`);
  process.exit(1);
});
