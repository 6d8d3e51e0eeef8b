import { de, type ProjectDocument } from '@werkboard/common';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedIn } from '../test/factories';
import { testServer, type TestServer } from '../test/testServer';

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
    expect([reused.status, reused.body.message]).toEqual([400, de.api.idempotencyKeyReused]);
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
