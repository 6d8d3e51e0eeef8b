import {
  de,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_KEYS,
  type RolePermissionMap,
  ROLES,
  type UserDto,
} from '@werkboard/common';
import { RolePermission } from '../models';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

afterEach(async () => {
  for (const role of ROLES) await RolePermission.upsert({ role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]] });
});

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

describe('GET /api/permissions/keys', () => {
  it('gives every signed-in user the keys in matrix order', async () => {
    const { token } = await signedIn(t, 'Helfer');
    const response = await api<string[]>('GET', '/api/permissions/keys', token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([...PERMISSION_KEYS]);
    expect((await api('GET', '/api/permissions/keys')).status).toBe(401);
  });
});

describe('GET /api/permissions/roles', () => {
  it('gives the Admin the whole matrix', async () => {
    const response = await api<RolePermissionMap>('GET', '/api/permissions/roles', adminToken);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual([...ROLES]);
    expect(response.body.Admin).toEqual([...PERMISSION_KEYS]);
    expect(response.body.Monteur).toEqual(DEFAULT_ROLE_PERMISSIONS.Monteur);
  });

  it('refuses everyone else, also a Firmenleiter granted can_manage_permissions', async () => {
    await RolePermission.upsert({ role: 'Firmenleiter', permissions: [...PERMISSION_KEYS] });
    const { token } = await signedIn(t, 'Firmenleiter');
    const response = await api('GET', '/api/permissions/roles', token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(de.permissions.adminOnly);
  });
});

describe('PUT /api/permissions/roles', () => {
  it('saves the given roles, leaves the others and keeps every permission for the Admin', async () => {
    const response = await api<RolePermissionMap>('PUT', '/api/permissions/roles', adminToken, {
      Helfer: ['can_view_dashboard', 'can_view_archive'],
      Admin: [],
    });
    expect(response.status).toBe(200);
    expect(response.body.Helfer).toEqual(['can_view_dashboard', 'can_view_archive']);
    expect(response.body.Admin).toEqual([...PERMISSION_KEYS]);
    expect(response.body.Projektleiter).toEqual(DEFAULT_ROLE_PERMISSIONS.Projektleiter);
    expect((await RolePermission.findByPk('Admin'))!.permissions).toEqual([...PERMISSION_KEYS]);
    expect((await RolePermission.findByPk('Helfer'))!.permissions).toEqual(['can_view_dashboard', 'can_view_archive']);
    // The Admin keeps everything at the next login too.
    const admin = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(admin.user.permissions).toEqual([...PERMISSION_KEYS]);
  });

  it.each([
    [{ Chef: ['can_view_dashboard'] }, 'Unbekannte Rolle: Chef.'],
    [{ Monteur: ['can_view_dashboard', 'can_fly'] }, 'Unbekannte Berechtigung: can_fly.'],
    [{ Monteur: 'can_view_dashboard' }, de.permissions.invalidMap],
    [['Monteur'], de.permissions.invalidMap],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const response = await api('PUT', '/api/permissions/roles', adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await RolePermission.findByPk('Monteur'))!.permissions).toEqual(DEFAULT_ROLE_PERMISSIONS.Monteur);
  });

  it('refuses everyone but the Admin', async () => {
    const { token } = await signedIn(t, 'Firmenleiter');
    const response = await api('PUT', '/api/permissions/roles', token, { Helfer: [...PERMISSION_KEYS] });
    expect(response.status).toBe(403);
    expect((await RolePermission.findByPk('Helfer'))!.permissions).toEqual(DEFAULT_ROLE_PERMISSIONS.Helfer);
  });
});

describe('permission changes take effect at the next login', () => {
  it('leaves running sessions with the permissions they logged in with', async () => {
    const monteur = await signedIn(t, 'Monteur');
    const before = await api<UserDto>('GET', '/api/auth/me', monteur.token);
    expect(before.body.permissions).toContain('can_create_projects');

    const put = await api('PUT', '/api/permissions/roles', adminToken, {
      Monteur: ['can_view_dashboard', 'can_view_archive'],
    });
    expect(put.status).toBe(200);

    const running = await api<UserDto>('GET', '/api/auth/me', monteur.token);
    expect(running.status).toBe(200);
    expect(running.body.permissions).toEqual(before.body.permissions);

    const next = await t.login(monteur.user.username, monteur.password);
    expect(next.user.permissions).toEqual(['can_view_dashboard', 'can_view_archive']);
    const me = await api<UserDto>('GET', '/api/auth/me', next.token);
    expect(me.body.permissions).toEqual(['can_view_dashboard', 'can_view_archive']);
  });

  it('also for what the server allows: a withdrawn permission still works until the next login', async () => {
    const boss = await signedIn(t, 'Firmenleiter');
    expect((await api('GET', '/api/users', boss.token)).status).toBe(200);
    await api('PUT', '/api/permissions/roles', adminToken, { Firmenleiter: ['can_view_dashboard'] });
    expect((await api('GET', '/api/users', boss.token)).status).toBe(200);
    const next = await t.login(boss.user.username, boss.password);
    expect((await api('GET', '/api/users', next.token)).status).toBe(403);
  });
});
