// Live updates (issue 16): does the API slow down while 500 event streams are open? One built
// server; autocannon on two routes with no stream open, then with 500 open streams (every
// one a reader of the project that a writer saves twice a second meanwhile, so each save is
// delivered 500 times), then with none again, side by side in one run.
//
// Run: npm run build && node test/benchmarks/eventStream.mjs   (about a minute)
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { client, startServer } from './support.mjs';

const STREAMS = Number(process.env.EVENT_BENCH_STREAMS ?? 500);
const DURATION_S = Number(process.env.EVENT_BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

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

/** Opens `count` event streams (each its own connection) and counts the events they receive. */
async function openStreams(baseUrl, token, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = [];
  let events = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const request = http.get(
            `${baseUrl}/api/events`,
            { agent, headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': 'benchmark' } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
              response.setEncoding('utf8');
              response.on('data', (chunk) => (events += (chunk.match(/^data: /gm) ?? []).length));
              resolve();
            },
          );
          request.on('error', () => undefined);
          requests.push(request);
        }),
    ),
  );
  return {
    events: () => events,
    close: () => {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

/** Saves the project twice a second (a rename), so every open stream gets its revision events. */
function startWriter(api, projectId) {
  let running = true;
  let writes = 0;
  const loop = (async () => {
    while (running) {
      const document = JSON.parse((await api.call('GET', `/api/projects/${projectId}`)).text);
      await api.call('PUT', `/api/projects/${projectId}`, JSON.stringify({ ...document, name: `Bench ${writes}` }));
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return writes;
    },
  };
}

const server = await startServer();
try {
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  for (let i = 0; i < 9; i += 1) await api.call('POST', '/api/projects', JSON.stringify({ name: `Liste ${i}` }));
  const project = JSON.parse((await api.call('POST', '/api/projects', JSON.stringify({ name: 'Live' }))).text);
  const { token } = JSON.parse(
    (await api.call('POST', '/api/auth/login', JSON.stringify({ username: 'admin', password: server.adminPassword })))
      .text,
  );
  const routes = ['/api/auth/me', '/api/projects'];
  const run = async () => {
    const results = {};
    for (const route of routes) results[route] = await cannon(`${server.url}${route}`, token);
    return results;
  };

  console.log(`load average (1, 5, 15 min): ${load()}   cores: ${os.cpus().length}`);
  console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route and phase; a warm-up first`);
  await run();
  const without = [];
  const withStreams = [];
  let writes = 0;
  let delivered = 0;
  // Taking turns, twice: the machine's noise falls on both sides alike.
  for (let round = 0; round < 2; round += 1) {
    without.push(await run());
    const streams = await openStreams(server.url, token, STREAMS);
    const writerApi = client(server.url);
    await writerApi.login('admin', server.adminPassword);
    const writing = startWriter(writerApi, project.id);
    withStreams.push(await run());
    writes += await writing.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    delivered += streams.events();
    streams.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const mean = (phases, route, key) => phases.reduce((sum, phase) => sum + phase[route][key], 0) / phases.length;
  const cell = (phases, route) =>
    `${mean(phases, route, 'rps').toFixed(0).padStart(6)} req/s p50 ${mean(phases, route, 'p50').toFixed(0).padStart(3)} ms p99 ${mean(phases, route, 'p99').toFixed(0).padStart(4)} ms`;
  console.log(`${'route'.padEnd(16)} ${'no streams'.padStart(36)} ${`${STREAMS} streams + saves`.padStart(36)}`);
  for (const route of routes)
    console.log(`${route.padEnd(16)} ${cell(without, route).padStart(36)} ${cell(withStreams, route).padStart(36)}`);
  for (const route of routes) {
    const ratio = (mean(withStreams, route, 'rps') / mean(without, route, 'rps')) * 100;
    console.log(`${route}: with the streams ${ratio.toFixed(0)} % of the throughput without`);
  }
  console.log(`${writes} saves meanwhile; events delivered to the streams: ${delivered} (${STREAMS} per save)`);
  console.log(`load average after: ${load()}`);
} finally {
  await server.stop();
}
