export default async function globalTeardown() {
  const postgres = globalThis.__werkboardTestPostgres;
  if (postgres) await postgres.stop();
}
