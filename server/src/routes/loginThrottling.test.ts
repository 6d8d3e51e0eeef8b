import { de, type ManagedUserDto } from '@werkboard/common';
import { parseTrustedProxies } from '../http/clientAddress';
import { buildUser } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody } from '../test/testServer';

/**
 * Login throttling beyond address and name (issue 13, finding 8): per account (a lock-out the
 * Admin lifts), per address, globally; X-Forwarded-For only from trusted proxies.
 */

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  direct = await testServer();
  // As behind a reverse proxy on the same host: the peer 127.0.0.1 is trusted.
  proxied = await testServer({ trustedProxies: parseTrustedProxies('127.0.0.1, ::1') });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const login = (t: TestServer, username: string, password: string, from?: string) =>
  t.request<ErrorBody>('POST', '/api/auth/login', {
    body: { username, password },
    ...(from ? { headers: { 'X-Forwarded-For': from } } : {}),
  });

let counter = 0;
const nextAddress = () => {
  counter += 1;
  return `203.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};

describe('X-Forwarded-For', () => {
  it('is ignored from a peer that is no trusted proxy: a rotating header bypasses no limit', async () => {
    const { user, password } = await buildUser({ role: 'Helfer' });
    for (let i = 0; i < 10; i++) expect((await login(direct, user.username, 'falsch', nextAddress())).status).toBe(401);
    const blocked = await login(direct, user.username, password, nextAddress());
    expect([blocked.status, blocked.body.message]).toEqual([429, de.login.tooManyAttempts]);
  });
});

describe('behind a trusted proxy', () => {
  it('locks an account after 20 failures from 20 addresses, even for the right password, until the Admin lifts it', async () => {
    const { user, password } = await buildUser({ role: 'Monteur' });
    for (let i = 0; i < 20; i++) {
      const failed = await login(proxied, user.username.toUpperCase(), 'falsch', nextAddress());
      expect(failed.status).toBe(401);
    }
    const locked = await login(proxied, user.username, password, nextAddress());
    expect([locked.status, locked.body]).toEqual([429, { message: de.login.accountLocked, code: 'too_many_attempts' }]);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    const admin = await proxied.login(TEST_ADMIN.username, TEST_ADMIN.password);
    // The users page shows the lock (and the button to lift it).
    const lockState = async () =>
      (await proxied.request<ManagedUserDto[]>('GET', '/api/users', { token: admin.token })).body.find(
        (listed) => listed.id === user.id,
      )?.loginLocked;
    expect(await lockState()).toBe(true);
    const lifted = await proxied.request<{ message: string }>('DELETE', `/api/users/${user.id}/lockout`, {
      token: admin.token,
    });
    expect([lifted.status, lifted.body.message]).toEqual([200, de.users.lockLifted]);
    expect(await lockState()).toBe(false);
    expect((await login(proxied, user.username, password, nextAddress())).status).toBe(200);
  });

  it('lets only who may edit the user lift a lock', async () => {
    const { user: target } = await buildUser({ role: 'Helfer' });
    const { user: peer, password } = await buildUser({ role: 'Monteur' });
    const { token } = await proxied.login(peer.username, password);
    const refused = await proxied.request<ErrorBody>('DELETE', `/api/users/${target.id}/lockout`, { token });
    expect([refused.status, refused.body.message]).toEqual([403, de.users.manageForbidden]);
  });

  it('stops one address spraying a password over 50 names', async () => {
    const from = nextAddress();
    for (let i = 0; i < 50; i++) expect((await login(proxied, `niemand-${i}`, 'Sommer2026!', from)).status).toBe(401);
    const blocked = await login(proxied, 'noch-einer', 'Sommer2026!', from);
    expect([blocked.status, blocked.body.message]).toEqual([429, de.login.tooManyAttempts]);
    // Another address still gets in.
    expect((await login(proxied, TEST_ADMIN.username, TEST_ADMIN.password, nextAddress())).status).toBe(200);
  });
  // The global limit (100 in one minute) is timed: middleware/loginThrottle.test.ts, on a clock of its own.
});
