import crypto from 'node:crypto';
import { de, type ExternalUserDto } from '@werkboard/common';
import { ExternalUser } from '../models';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
beforeEach(() => ExternalUser.destroy({ where: {} }));

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

describe('external workers', () => {
  it('are created with a trimmed name, listed by name for every signed-in user, renamed and deleted', async () => {
    const created = await api<ExternalUserDto>('POST', '/api/external-users', adminToken, { name: '  Zimmerei Holz ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String) as string, name: 'Zimmerei Holz' });
    await api('POST', '/api/external-users', adminToken, { name: 'Auer Elektro', id: 'eigene-id' });

    const { token } = await signedIn(t, 'Helfer');
    const list = await api<ExternalUserDto[]>('GET', '/api/external-users', token);
    expect(list.status).toBe(200);
    expect(list.body.map((entry) => entry.name)).toEqual(['Auer Elektro', 'Zimmerei Holz']);
    expect(list.body.every((entry) => entry.id !== 'eigene-id')).toBe(true);

    const renamed = await api<ExternalUserDto>('PUT', `/api/external-users/${created.body.id}`, adminToken, {
      name: ' Zimmerei Holz GmbH ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Zimmerei Holz GmbH');

    const deleted = await api('DELETE', `/api/external-users/${created.body.id}`, adminToken);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(de.externalUsers.deleted);
    expect(await ExternalUser.findByPk(created.body.id)).toBeNull();
    expect((await api('DELETE', `/api/external-users/${created.body.id}`, adminToken)).status).toBe(404);
  });

  it.each([[{ name: '   ' }], [{ name: '' }], [{}], [{ name: 42 }]])('answer 400 for %j', async (body) => {
    const response = await api('POST', '/api/external-users', adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Der Name darf nicht leer sein.');
    expect(await ExternalUser.count()).toBe(0);
  });

  it('refuse a blank name on rename, too', async () => {
    const entry = await ExternalUser.create({ name: 'Maler Meier' });
    const response = await api('PUT', `/api/external-users/${entry.id}`, adminToken, { name: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Der Name darf nicht leer sein.');
    expect((await entry.reload()).name).toBe('Maler Meier');
  });

  it('answer 404 for unknown ids', async () => {
    const response = await api('PUT', `/api/external-users/${crypto.randomUUID()}`, adminToken, { name: 'x' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(de.externalUsers.notFound);
    expect((await api('DELETE', '/api/external-users/nicht-da', adminToken)).status).toBe(404);
  });

  it('may be changed only by user managers', async () => {
    const entry = await ExternalUser.create({ name: 'Maler Meier' });
    const { token } = await signedIn(t, 'Projektleiter');
    for (const [method, path, body] of [
      ['POST', '/api/external-users', { name: 'Neu' }],
      ['PUT', `/api/external-users/${entry.id}`, { name: 'Anders' }],
      ['DELETE', `/api/external-users/${entry.id}`, undefined],
    ] as const) {
      const response = await api(method, path, token, body);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(de.users.manageForbidden);
    }
    expect((await ExternalUser.findAll()).map((row) => row.name)).toEqual(['Maler Meier']);
    const boss = await signedIn(t, 'Firmenleiter');
    expect((await api('POST', '/api/external-users', boss.token, { name: 'Neu' })).status).toBe(201);
  });

  it('answer 401 without a session', async () => {
    expect((await api('GET', '/api/external-users')).status).toBe(401);
    expect((await api('POST', '/api/external-users', undefined, { name: 'x' })).status).toBe(401);
  });
});
