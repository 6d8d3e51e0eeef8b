#!/usr/bin/env node
// Benchmark of the direct messages (issue 16): the built server on a PostgreSQL of its own
// with 100,000 messages (BENCH_MESSAGES) among 60 users (BENCH_USERS); the measured user takes
// part in a fifth of them, with 59 partners. Prints median and p95 of the conversation list
// (GET /api/messages/conversations), the unread count and one thread (the newest 500), and
// the query plan of the list. Aim: the list under 50 ms. Figures: docs/performance.md.
//
//   npm run build && node test/benchmarks/messages.mjs
//
// The messages are written with SQL (what the API stores: metadata and a sealed envelope of
// realistic size), since 100,000 sealed POSTs would measure the seeding, not the reads.
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { startTestPostgres } from '../support/embeddedPostgres.mjs';
import { client, line, startServer, stats } from './support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 5;

const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const box = (keyId) => ({
  keyId,
  epk: b64(crypto.createECDH('prime256v1').generateKeys()),
  iv: b64(crypto.randomBytes(12)),
  ct: b64(crypto.randomBytes(80)),
});

async function measure(label, work) {
  for (let index = 0; index < WARM_UP; index++) await work();
  const times = [];
  for (let index = 0; index < RUNS; index++) times.push((await work()).ms);
  console.log(line(`${label} × ${RUNS}`, stats(times)));
}

const loadBefore = os.loadavg()[0];
const database = await startTestPostgres('bench-messages');
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
await admin.query('CREATE DATABASE werkboard_bench');
await admin.end();
const databaseUrl = database.url.replace(/\/postgres$/, '/werkboard_bench');
const server = await startServer({ DATABASE_URL: databaseUrl });
try {
  const api = client(server.url);
  const me = await api.login('admin', server.adminPassword);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // Users and their keys, straight into the tables (the API's argon2 would only slow the seeding).
  const users = [me.id];
  for (let index = 1; index < USERS; index++) {
    const { rows } = await db.query(
      `INSERT INTO users (id, username, password_hash, role, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'x', 'Monteur', now(), now()) RETURNING id`,
      [`monteur-${index}`],
    );
    users.push(rows[0].id);
  }
  const keyIds = new Map();
  for (const id of users) {
    const keyId = crypto.randomUUID();
    keyIds.set(id, keyId);
    await db.query(
      `INSERT INTO message_keys (user_id, key_id, public_key, wrapped_private_key, wrap_iv, salt, iterations)
       VALUES ($1, $2, $3, $4, $5, $6, 600000)`,
      [
        id,
        keyId,
        b64(crypto.createECDH('prime256v1').generateKeys()),
        b64(crypto.randomBytes(150)),
        b64(crypto.randomBytes(12)),
        b64(crypto.randomBytes(16)),
      ],
    );
  }

  const started = performance.now();
  const BATCH = 2000;
  for (let offset = 0; offset < MESSAGES; offset += BATCH) {
    const values = [];
    const params = [];
    for (let index = offset; index < Math.min(MESSAGES, offset + BATCH); index++) {
      // Every fifth message has the measured user on one side.
      const a = index % 5 === 0 ? me.id : users[1 + (index % (USERS - 1))];
      let other = users[1 + ((index * 7 + 3) % (USERS - 1))];
      if (other === a) other = users[1 + ((index * 7 + 4) % (USERS - 1))];
      const [sender, recipient] = index % 2 === 0 ? [a, other] : [other, a];
      const content = { v: 1, forRecipient: box(keyIds.get(recipient)), forSender: box(keyIds.get(sender)) };
      const base = params.length;
      params.push(
        sender,
        recipient,
        JSON.stringify(content),
        new Date(Date.UTC(2026, 0, 1) + index * 60_000),
        index % 3 === 0 ? null : new Date(),
      );
      values.push(
        `(gen_random_uuid(), $${base + 1}, $${base + 2}, 'Private Nachricht', $${base + 3}::jsonb, $${base + 4}, $${base + 5})`,
      );
    }
    await db.query(
      `INSERT INTO messages (id, sender_id, recipient_id, message_type, content, created_at, read_at) VALUES ${values.join(',')}`,
      params,
    );
  }
  await db.query('ANALYZE messages');
  const { rows: counted } = await db.query(
    'SELECT count(*)::int AS all, count(*) FILTER (WHERE sender_id = $1 OR recipient_id = $1)::int AS mine FROM messages',
    [me.id],
  );
  console.log(
    `Seeded ${counted[0].all} messages among ${USERS} users in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `the measured user is in ${counted[0].mine} of them.`,
  );

  const list = JSON.parse((await api.call('GET', '/api/messages/conversations')).text);
  console.log(`Conversation list: ${list.length} conversations, ${(JSON.stringify(list).length / 1024).toFixed(0)} KB`);
  await measure('GET /api/messages/conversations', () => api.call('GET', '/api/messages/conversations'));
  await measure('GET /api/messages/unread-count', () => api.call('GET', '/api/messages/unread-count'));
  const partner = list[0].otherUser.id;
  await measure('GET /api/messages/conversation/{id}', () => api.call('GET', `/api/messages/conversation/${partner}`));

  const { rows: plan } = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS OFF, TIMING ON)
     SELECT u.id, last.id, (SELECT count(*) FROM messages c WHERE c.recipient_id = $1 AND c.sender_id = u.id AND c.read_at IS NULL)
     FROM users u CROSS JOIN LATERAL (
       SELECT * FROM messages m WHERE m.pair_low = LEAST(u.id, $1::uuid) AND m.pair_high = GREATEST(u.id, $1::uuid)
       ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last
     WHERE u.id <> $1 ORDER BY last.created_at DESC`,
    [me.id],
  );
  console.log('Plan of the list query (database time only):');
  for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);
  await db.end();
} finally {
  await server.stop();
  await database.stop();
}
console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}; now: ${os.loadavg()[0].toFixed(2)}`);
