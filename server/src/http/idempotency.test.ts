import { type ChangePasswordResponse, de, type ProjectDocument } from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedIn } from '../test/factories';
import { testServer, type TestServer } from '../test/testServer';
import { deleteExpiredIdempotencyKeys } from './idempotency';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await testServer();
  await grantLifetimeLicense();
  ({ token } = await signedIn(t, 'Projektleiter'));
});
afterAll(() => t.close());

let counter = 0;
const newKey = () => `sync-${Date.now()}-${(counter += 1)}`;

const project = () => buildProject(t, token, { name: newKey() });

const withKey = (key: string, extra: { body?: unknown; token?: string } = {}) => ({
  token,
  ...extra,
  headers: { 'Idempotency-Key': key },
});

describe('writes with an Idempotency-Key', () => {
  it('answers a repeated write with its first answer instead of applying it again', async () => {
    const { id } = await project();
    const key = newKey();
    const first = await t.request<ProjectDocument>('POST', `/api/projects/${id}/complete`, withKey(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const again = await t.request<ProjectDocument>('POST', `/api/projects/${id}/complete`, withKey(key));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Applied once: one log entry of completing; without the key a second complete is refused.
    const stored = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token });
    expect(stored.body.changeLog.filter((entry) => entry.action === de.projects.log.completed)).toHaveLength(1);
    expect(stored.body.revision).toBe(first.body.revision);
    expect((await t.request('POST', `/api/projects/${id}/complete`, { token })).status).toBe(400);
  });

  it('keeps a refusal as the answer too', async () => {
    const key = newKey();
    const refused = await t.request<{ message: string }>('POST', '/api/projects', withKey(key, { body: { name: '' } }));
    expect(refused.status).toBe(400);
    const again = await t.request<{ message: string }>('POST', '/api/projects', withKey(key, { body: { name: '' } }));
    expect([again.status, again.body.message, again.headers.get('idempotent-replayed')]).toEqual([
      400,
      refused.body.message,
      'true',
    ]);
  });

  it('refuses a key used for another write, and an invalid key, changing nothing', async () => {
    const { id } = await project();
    const key = newKey();
    expect((await t.request('POST', `/api/projects/${id}/complete`, withKey(key))).status).toBe(200);
    const other = await project();
    const reused = await t.request<{ message: string }>('POST', `/api/projects/${other.id}/complete`, withKey(key));
    expect([reused.status, reused.body.message]).toEqual([422, de.api.idempotencyKeyReused]);
    expect((await t.request<ProjectDocument>('GET', `/api/projects/${other.id}`, { token })).body.status).toBe(
      'active',
    );

    const invalid = await t.request<{ message: string }>('POST', `/api/projects/${other.id}/complete`, withKey('ä b'));
    expect([invalid.status, invalid.body.message]).toEqual([400, de.api.idempotencyKeyInvalid]);
    expect((await t.request<ProjectDocument>('GET', `/api/projects/${other.id}`, { token })).body.status).toBe(
      'active',
    );
  });

  it('keeps keys per user: the same key of another user is a write of its own', async () => {
    const key = newKey();
    const other = await signedIn(t, 'Projektleiter');
    const mine = await t.request<ProjectDocument>('POST', '/api/projects', withKey(key, { body: { name: newKey() } }));
    const theirs = await t.request<ProjectDocument>(
      'POST',
      '/api/projects',
      withKey(key, { token: other.token, body: { name: newKey() } }),
    );
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not keep a 401: a write without a valid session is not remembered', async () => {
    const key = newKey();
    expect(
      (await t.request('POST', '/api/projects', { headers: { 'Idempotency-Key': key }, body: { name: 'x' } })).status,
    ).toBe(401);
    const created = await t.request<ProjectDocument>(
      'POST',
      '/api/projects',
      withKey(key, { body: { name: newKey() } }),
    );
    expect(created.status).toBe(201);
  });
});

/** Rows straight from the database: what a refused or repeated write must not have added. */
const sql = <T extends object>(query: string, replacements: Record<string, unknown>) =>
  User.sequelize!.query<T>(query, { type: QueryTypes.SELECT, replacements });

const projectsNamed = async (name: string) =>
  (await sql<{ n: string }>('SELECT count(*) AS n FROM projects WHERE name = :name', { name }))[0]!.n;

describe('idempotency keys hold under attack (issue 13, finding 13)', () => {
  it('makes one row of six concurrent POSTs with one key; the other five get its answer', async () => {
    const key = newKey();
    const name = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request<ProjectDocument>('POST', '/api/projects', withKey(key, { body: { name } })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    expect(await projectsNamed(name)).toBe('1');
  });

  it('answers 422 to the same key with another body and changes nothing', async () => {
    const key = newKey();
    const first = newKey();
    expect((await t.request('POST', '/api/projects', withKey(key, { body: { name: first } }))).status).toBe(201);
    const second = newKey();
    const other = await t.request<{ message: string; code: string }>(
      'POST',
      '/api/projects',
      withKey(key, { body: { name: second } }),
    );
    expect([other.status, other.body.message, other.body.code]).toEqual([
      422,
      de.api.idempotencyKeyReused,
      'idempotency_key_reused',
    ]);
    expect([await projectsNamed(first), await projectsNamed(second)]).toEqual(['1', '0']);
  });

  it('forgets a key after 30 days: the cleanup deletes it and the key may serve a new write', async () => {
    const key = newKey();
    const { id } = await project();
    expect((await t.request('POST', `/api/projects/${id}/complete`, withKey(key))).status).toBe(200);
    const fresh = newKey();
    expect((await t.request('POST', `/api/projects/${id}/reopen`, withKey(fresh))).status).toBe(200);
    await User.sequelize!.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '31 days' WHERE key = :key",
      { replacements: { key } },
    );
    // An expired key is not answered from the store: the write runs (and is refused as such).
    const again = await t.request<{ message: string }>('POST', `/api/projects/${id}/complete`, withKey(key));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, null]);
    await User.sequelize!.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '31 days' WHERE key = :key",
      { replacements: { key } },
    );
    expect(await deleteExpiredIdempotencyKeys(User.sequelize!)).toBeGreaterThanOrEqual(1);
    const left = await sql<{ key: string }>('SELECT key FROM idempotency_keys WHERE key IN (:keys)', {
      keys: [key, fresh],
    });
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });

  it('never stores an answer that carries a token', async () => {
    const { password, token: own } = await signedIn(t, 'Monteur');
    const key = newKey();
    const body = { currentPassword: password, newPassword: 'Werkstatt-Leiter-2026' };
    const changed = await t.request<ChangePasswordResponse>(
      'POST',
      '/api/users/change-password',
      withKey(key, { token: own, body }),
    );
    expect(changed.status).toBe(200);
    expect(typeof changed.body.token).toBe('string');
    const [row] = await sql<{ body: unknown }>('SELECT body FROM idempotency_keys WHERE key = :key', { key });
    expect(row!.body).toEqual({ message: changed.body.message });
    expect(JSON.stringify(row)).not.toContain(changed.body.token);
    const replay = await t.request<ChangePasswordResponse>(
      'POST',
      '/api/users/change-password',
      withKey(key, { token: changed.body.token, body }),
    );
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body]).toEqual([
      200,
      'true',
      { message: changed.body.message },
    ]);
  });
});

describe('a key and the write it answers (issue 17, the replay of 1,000 saves)', () => {
  it('keeps the answer in the write’s own transaction; a refusal from inside it is kept after the rollback', async () => {
    const { id } = await project();
    const key = newKey();
    const done = await t.request<ProjectDocument>('POST', `/api/projects/${id}/complete`, withKey(key));
    expect(done.status).toBe(200);
    const [kept] = await sql<{ status: number; body: unknown; xmin: string }>(
      'SELECT status, body, xmin::text AS xmin FROM idempotency_keys WHERE key = :key',
      { key },
    );
    const [written] = await sql<{ xmin: string }>('SELECT xmin::text AS xmin FROM projects WHERE id = :id', { id });
    expect([kept!.status, kept!.body]).toEqual([200, done.body]);
    // One transaction wrote both: the write is never on the server without its kept answer.
    expect(kept!.xmin).toBe(written!.xmin);

    const again = newKey();
    const refused = await t.request<{ message: string }>('POST', `/api/projects/${id}/complete`, withKey(again));
    expect(refused.status).toBe(400);
    const repeated = await t.request<{ message: string }>('POST', `/api/projects/${id}/complete`, withKey(again));
    expect([repeated.status, repeated.body.message, repeated.headers.get('idempotent-replayed')]).toEqual([
      400,
      refused.body.message,
      'true',
    ]);
  });

  it('claims keys without leaving any connection of the pool committing without waiting for the disk', async () => {
    const names = Array.from({ length: 6 }, () => newKey());
    const created = await Promise.all(
      names.map((name) => t.request('POST', '/api/projects', withKey(newKey(), { body: { name } }))),
    );
    expect(created.map((answer) => answer.status)).toEqual(names.map(() => 201));
    const settings = await Promise.all(
      Array.from({ length: 10 }, () => sql<{ synchronous_commit: string }>('SHOW synchronous_commit', {})),
    );
    expect(new Set(settings.map(([row]) => row!.synchronous_commit))).toEqual(new Set(['on']));
  });
});
