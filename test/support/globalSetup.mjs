// jest globalSetup: one real PostgreSQL for the whole run. Each API test file creates its
// own database in it (server/src/test/testServer.ts), so files run in parallel in isolation.
import { startTestPostgres } from './embeddedPostgres.mjs';

export default async function globalSetup(globalConfig) {
  const selected = globalConfig.selectProjects;
  const needsDatabase = !selected || selected.includes('server') || selected.includes('docker');
  if (!needsDatabase || process.env.WERKBOARD_TEST_DATABASE_URL) return;
  const postgres = await startTestPostgres('jest');
  process.env.WERKBOARD_TEST_DATABASE_URL = postgres.url;
  globalThis.__werkboardTestPostgres = postgres;
}
