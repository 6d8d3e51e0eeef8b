// Cheaper authentication per request (issue 17): what a signed-in request pays before its
// route runs, before and after, side by side in one run.
//
// 1. Token verification in this process: jsonwebtoken with the secret as a string (it first
//    tries the string as a public key, which throws) against a crypto key object.
// 2. autocannon against two built servers on the same machine at the same time of the run:
//    AUTH_CACHE_SIZE=0 (every request loads its user through the ORM and checks its session
//    row with a write of 'last seen', as before the caches) and the default caches, on
//    `GET /api/auth/me` and `GET /api/projects`, plus `GET /api/status` (public, no database)
//    as the ceiling.
//
// Run: npm run build && node test/benchmarks/authCost.mjs   (about a minute)
import { createSecretKey } from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { client, printResult, startServer } from './support.mjs';

const require = createRequire(import.meta.url);
const jwt = require('jsonwebtoken');

const DURATION_S = Number(process.env.AUTH_BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function verifyCost() {
  const secret = 'x'.repeat(64);
  const token = jwt.sign({ ver: 0, perms: [] }, secret, { algorithm: 'HS256', subject: 's', expiresIn: 600 });
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const time = (secretOrKey) => {
    const rounds = 3000;
    for (let i = 0; i < 200; i += 1) jwt.verify(token, secretOrKey, { algorithms: ['HS256'] });
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i += 1) jwt.verify(token, secretOrKey, { algorithms: ['HS256'] });
    return Number(process.hrtime.bigint() - started) / rounds / 1000;
  };
  return { string: time(secret), keyObject: time(key) };
}

async function cannon(url, token) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': 'benchmark' },
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function signedInServer(extraEnv) {
  const server = await startServer(extraEnv);
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  // Ten projects: the Free license's limit.
  for (let i = 0; i < 10; i += 1) await api.call('POST', '/api/projects', JSON.stringify({ name: `Bench ${i}` }));
  const { token } = JSON.parse(
    (await api.call('POST', '/api/auth/login', JSON.stringify({ username: 'admin', password: server.adminPassword })))
      .text,
  );
  return { server, token };
}

const verify = verifyCost();
console.log(`load average (1, 5, 15 min): ${load()}   cores: ${os.cpus().length}`);
console.log('');
console.log('jsonwebtoken.verify, HS256, per call');
console.log(`  secret as a string      ${verify.string.toFixed(1).padStart(7)} µs`);
console.log(`  secret as a key object  ${verify.keyObject.toFixed(1).padStart(7)} µs`);
console.log('');

const before = await signedInServer({ AUTH_CACHE_SIZE: '0' });
const after = await signedInServer({});
try {
  console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, the two servers taking turns`);
  console.log(`${'route'.padEnd(22)} ${'no auth caches'.padStart(26)} ${'auth caches'.padStart(26)}`);
  const result = {
    verifyStringUs: Math.round(verify.string * 10) / 10,
    verifyKeyObjectUs: Math.round(verify.keyObject * 10) / 10,
  };
  for (const [route, key] of [
    ['/api/status', 'status'],
    ['/api/auth/me', 'me'],
    ['/api/projects', 'projects'],
  ]) {
    const without = await cannon(`${before.server.url}${route}`, before.token);
    const withCache = await cannon(`${after.server.url}${route}`, after.token);
    const cell = (r) => `${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(3)} ms`;
    console.log(`${route.padEnd(22)} ${cell(without).padStart(26)} ${cell(withCache).padStart(26)}`);
    result[`${key}NoCacheRps`] = Math.round(without.rps);
    result[`${key}CacheRps`] = Math.round(withCache.rps);
  }
  console.log('');
  console.log(`load average after: ${load()}`);
  printResult({ ...result, loadAvg1: os.loadavg()[0] });
} finally {
  await before.server.stop();
  await after.server.stop();
}
