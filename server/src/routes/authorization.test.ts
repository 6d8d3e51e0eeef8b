import { ROLES, type Role } from '@werkboard/common';
import { buildUser, testServer, type TestServer } from '../test/testServer';

/**
 * The authorization matrix: every route of the API x anonymous and all six roles ->
 * expected status. Each issue adds its routes here.
 */
type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', ...ROLES];

interface RouteCase {
  method: string;
  path: string;
  expect: (who: Who) => number;
}

const everyone = () => 200;
const signedIn = (who: Who) => (who === 'anonymous' ? 401 : 200);
const adminOnly = (who: Who) => (who === 'anonymous' ? 401 : who === 'Admin' ? 200 : 403);

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/status', expect: everyone },
  { method: 'GET', path: '/api/server-info', expect: everyone },
  { method: 'GET', path: '/api/auth/me', expect: signedIn },
  { method: 'GET', path: '/api/logs/server.log', expect: adminOnly },
];

let t: TestServer;
const tokens = new Map<Who, string>();

beforeAll(async () => {
  t = await testServer();
  for (const role of ROLES) {
    const { user, password } = await buildUser({ role });
    tokens.set(role, (await t.login(user.username, password)).token);
  }
});
afterAll(() => t.close());

describe.each(ROUTES)('$method $path', (route) => {
  it.each(WHO)('as %s', async (who) => {
    const token = tokens.get(who);
    const response = await t.request(route.method, route.path, token ? { token } : {});
    expect(response.status).toBe(route.expect(who));
  });
});
