import crypto from 'node:crypto';
import { DEFAULT_ROLE_PERMISSIONS, ROLES, type Role } from '@werkboard/common';
import { ExternalUser } from '../models';
import { createTestLicenseKeys, grantLifetimeLicense } from '../test/licenseKeys';
import { buildUser, TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

/**
 * The authorization matrix: every route of the API x anonymous and all six roles ->
 * expected status. Each issue adds its routes here.
 */
type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', ...ROLES];

interface Request {
  path: string;
  body?: unknown;
  /** A session of its own, for routes that end the caller's session (password change). */
  token?: string;
}

interface RouteCase {
  method: string;
  /** The route as documented; `prepare` gives the concrete path when it has an id. */
  route: string;
  expect: (who: Who) => number;
  body?: unknown;
  /** Runs before each request: creates what the request changes or deletes. */
  prepare?: (who: Who) => Promise<Partial<Request>>;
}

const everyone = () => 200;
const signedIn = (who: Who) => (who === 'anonymous' ? 401 : 200);
const adminOnly = (who: Who) => (who === 'anonymous' ? 401 : who === 'Admin' ? 200 : 403);
/** Admin and Firmenleiter holding the permission (the role-only routes of spec section 2). */
const management =
  (success = 200) =>
  (who: Who) =>
    who === 'anonymous' ? 401 : who === 'Admin' || who === 'Firmenleiter' ? success : 403;

const keys = createTestLicenseKeys();
const uniqueName = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
const helferTarget = async () => (await buildUser({ role: 'Helfer' })).user;
const externalTarget = () => ExternalUser.create({ name: uniqueName('extern') });

let t: TestServer;
const tokens = new Map<Who, string>();

const ROUTES: RouteCase[] = [
  { method: 'GET', route: '/api/status', expect: everyone },
  { method: 'GET', route: '/api/server-info', expect: everyone },
  { method: 'GET', route: '/api/auth/me', expect: signedIn },
  { method: 'GET', route: '/api/logs/server.log', expect: adminOnly },

  { method: 'GET', route: '/api/permissions/keys', expect: signedIn },
  { method: 'GET', route: '/api/permissions/roles', expect: adminOnly },
  {
    method: 'PUT',
    route: '/api/permissions/roles',
    expect: adminOnly,
    body: { Helfer: DEFAULT_ROLE_PERMISSIONS.Helfer },
  },

  { method: 'GET', route: '/api/users', expect: management() },
  {
    method: 'POST',
    route: '/api/users',
    expect: management(201),
    prepare: () => Promise.resolve({ body: { username: uniqueName('neu'), password: 'abc', role: 'Helfer' } }),
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    expect: signedIn,
    body: { phone: '0171 000' },
  },
  {
    method: 'POST',
    route: '/api/users/change-password',
    expect: signedIn,
    prepare: async (who) => {
      if (who === 'anonymous') return { body: { currentPassword: 'x', newPassword: 'neu' } };
      const { user, password } = await buildUser({ role: who });
      const { token } = await t.login(user.username, password);
      return { token, body: { currentPassword: password, newPassword: 'neu-neu' } };
    },
  },
  {
    method: 'GET',
    route: '/api/users/{id}/profile',
    expect: signedIn,
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}/profile` }),
  },
  {
    method: 'PUT',
    route: '/api/users/{id}',
    expect: management(),
    prepare: async () => {
      const target = await helferTarget();
      return { path: `/api/users/${target.id}`, body: { username: target.username, phone: '0171 111' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}` }),
  },

  { method: 'GET', route: '/api/external-users', expect: signedIn },
  {
    method: 'POST',
    route: '/api/external-users',
    expect: management(201),
    body: { name: 'Zimmerei Holz' },
  },
  {
    method: 'PUT',
    route: '/api/external-users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/external-users/${(await externalTarget()).id}`, body: { name: 'Neu' } }),
  },
  {
    method: 'DELETE',
    route: '/api/external-users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/external-users/${(await externalTarget()).id}` }),
  },

  { method: 'GET', route: '/api/settings', expect: signedIn },
  { method: 'PUT', route: '/api/settings', expect: signedIn, body: { appearance: { theme: 'dots' } } },
  {
    method: 'PUT',
    route: '/api/settings (with smtp)',
    expect: adminOnly,
    prepare: () => Promise.resolve({ path: '/api/settings', body: { smtp: { fromName: 'Werkboard' } } }),
  },

  { method: 'GET', route: '/api/stats/counts', expect: signedIn },
  { method: 'GET', route: '/api/system-info', expect: management() },
  {
    method: 'POST',
    route: '/api/license/activate',
    expect: adminOnly,
    body: { email: 'chefin@firma.de', licenseKey: keys.sign({ email: 'chefin@firma.de' }), deviceId: 'device-a' },
  },
];

beforeAll(async () => {
  t = await testServer({ licensePublicKey: keys.publicKeyPem });
  // The table creates many users and external workers; the Free limits have their own tests.
  await grantLifetimeLicense();
  tokens.set('Admin', (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token);
  for (const role of ROLES.filter((role) => role !== 'Admin')) {
    const { user, password } = await buildUser({ role });
    tokens.set(role, (await t.login(user.username, password)).token);
  }
});
afterAll(() => t.close());

describe.each(ROUTES)('$method $route', (route) => {
  it.each(WHO)('as %s', async (who) => {
    const prepared = (await route.prepare?.(who)) ?? {};
    const token = who === 'anonymous' ? undefined : (prepared.token ?? tokens.get(who));
    const body = prepared.body ?? route.body;
    const response = await t.request(route.method, prepared.path ?? route.route, {
      ...(token ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    expect(response.status).toBe(route.expect(who));
  });
});
