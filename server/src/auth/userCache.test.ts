import { de } from '@werkboard/common';
import { User } from '../models';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';
import { userCache } from './userCache';

/**
 * The authentication cache (issue 17) never outlives a write: each case warms the cache with
 * a request, changes the user, and the very next request is refused (or sees the change).
 */

let t: TestServer;
let adminToken: string;
beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

const me = (token: string) => t.request<{ message?: string; username?: string }>('GET', '/api/auth/me', { token });

async function warmed(role: 'Monteur' | 'Helfer' = 'Monteur') {
  const session = await signedIn(t, role);
  expect((await me(session.token)).status).toBe(200);
  expect((await me(session.token)).status).toBe(200);
  return session;
}

describe('the authentication cache', () => {
  it('serves a repeated request without the ORM and still as its own instance', async () => {
    const { user, token } = await warmed();
    const spy = jest.spyOn(User, 'findByPk');
    try {
      expect((await me(token)).status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    const [first, second] = await Promise.all([userCache.load(user.id), userCache.load(user.id)]);
    expect(first).not.toBe(second);
    expect(first!.username).toBe(user.username);
  });

  it('gives a deleted user 401 on the very next request', async () => {
    const { user, token } = await warmed();
    expect((await t.request('DELETE', `/api/users/${user.id}`, { token: adminToken })).status).toBe(200);
    const after = await me(token);
    expect([after.status, after.body.message]).toEqual([401, de.login.sessionExpired]);
  });

  it('gives the old token 401 on the very next request after a password change by the Admin', async () => {
    const { user, token } = await warmed();
    const changed = await t.request('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      body: { username: user.username, password: 'neu-Werkbank-9' },
    });
    expect(changed.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('gives the old token 401 after the own password change, and the new one 200', async () => {
    const { password, token } = await warmed();
    const changed = await t.request<{ token: string }>('POST', '/api/users/change-password', {
      token,
      body: { currentPassword: password, newPassword: 'neu-Werkbank-9' },
    });
    expect(changed.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(changed.body.token)).status).toBe(200);
  });

  it('gives the old token 401 after a role change', async () => {
    const { user, token } = await warmed('Helfer');
    const changed = await t.request('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      body: { username: user.username, role: 'Auszubildender' },
    });
    expect(changed.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('shows a renamed user under the new name at once', async () => {
    const { user, token } = await warmed();
    const renamed = `${user.username}-neu`;
    await t.request('PUT', `/api/users/${user.id}`, { token: adminToken, body: { username: renamed } });
    expect((await me(token)).body.username).toBe(renamed);
  });

  it('sees a bulk write (User.update) at once', async () => {
    const { user, token } = await warmed();
    await User.update({ tokenVersion: 99 }, { where: { id: user.id } });
    expect((await me(token)).status).toBe(401);
  });
});
