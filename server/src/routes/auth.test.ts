import jwt from 'jsonwebtoken';
import {
  type CurrentUserDto,
  de,
  DEFAULT_USER_SETTINGS,
  PERMISSION_KEYS,
  type LoginResponse,
  type UserDto,
} from '@werkboard/common';
import { User } from '../models';
import { buildUser } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

let t: TestServer;
beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('logs in the seeded Admin and returns a token and the user without secrets', async () => {
    const response = await t.request<LoginResponse>('POST', '/api/auth/login', { body: TEST_ADMIN });
    expect(response.status).toBe(200);
    expect(typeof response.body.token).toBe('string');
    const user = response.body.user;
    expect(user.username).toBe('admin');
    expect(user.role).toBe('Admin');
    expect(user.permissions).toEqual([...PERMISSION_KEYS]);
    expect(user.licenseType).toBe('Free');
    expect(user.lastLogin).not.toBeNull();
    expect(JSON.stringify(response.body.user)).not.toMatch(/passwordHash|password_hash|argon2|tokenVersion/);
  });

  it('accepts the username in any case and with surrounding blanks', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      body: { username: '  ADMIN ', password: TEST_ADMIN.password },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same German message', async () => {
    const wrongPassword = await t.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'falsch' },
    });
    const unknownUser = await t.request('POST', '/api/auth/login', {
      body: { username: 'niemand', password: 'falsch' },
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Ungültiger Benutzername oder Passwort.', code: 'invalid_credentials' });
    }
  });

  it('answers 400 with German field messages for missing fields', async () => {
    const response = await t.request<{ message: string; fields: Record<string, string> }>('POST', '/api/auth/login', {
      body: { username: ' ' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(de.login.usernameRequired);
    expect(response.body.fields).toEqual({ username: de.login.usernameRequired, password: de.login.passwordRequired });
  });

  it('answers 400 in German for a body that is not JSON', async () => {
    const response = await t.request<{ message: string }>('POST', '/api/auth/login', { rawBody: '{"username":' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(de.api.validationFailed);
  });

  it('blocks a username after ten failed attempts, even with the right password', async () => {
    const { user, password } = await buildUser({ role: 'Helfer' });
    for (let i = 0; i < 10; i++) {
      const failed = await t.request('POST', '/api/auth/login', {
        body: { username: user.username, password: 'falsch' },
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await t.request<{ message: string }>('POST', '/api/auth/login', {
      body: { username: user.username, password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(de.login.tooManyAttempts);
    // Issue 13, finding 17: the text names the 15-minute window, and Retry-After says when.
    expect(blocked.body).toEqual({ message: de.login.tooManyAttempts, code: 'too_many_attempts' });
    expect(de.login.tooManyAttempts).toContain('15 Minuten');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

/** A user signed in once, with the id of that login's session (the token's `sid`). */
async function withSession(): Promise<{ user: User; sid: string }> {
  const { user, password } = await buildUser();
  const { token } = await t.login(user.username, password);
  const { sid } = jwt.decode(token) as { sid: string };
  return { user, sid };
}

describe('GET /api/auth/me', () => {
  it('answers 401 without a token, in German', async () => {
    const response = await t.request<{ message: string }>('GET', '/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.');
  });

  // Issue 13, finding 17: koa-jwt's own 401s (no token, a forged or expired one) came as
  // `{message}` without a code; every error is `{message, code}` now.
  it("answers koa-jwt's refusals in the one error format", async () => {
    const forged = jwt.sign({ ver: 0 }, 'not-the-secret', { issuer: 'werkboard', audience: 'werkboard-api' });
    for (const token of [undefined, forged, 'kein-token']) {
      const response = await t.request('GET', '/api/auth/me', token ? { token } : {});
      expect([response.status, response.body]).toEqual([401, { message: de.api.unauthorized, code: 'unauthorized' }]);
    }
  });

  it('returns the current user with the permissions of the role', async () => {
    const { user, password } = await buildUser({ role: 'Monteur' });
    const { token } = await t.login(user.username, password);
    const response = await t.request<UserDto>('GET', '/api/auth/me', { token });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(user.id);
    expect(response.body.role).toBe('Monteur');
    expect(response.body.permissions).toContain('can_view_dashboard');
    expect(response.body.permissions).not.toContain('can_manage_users');
  });

  it('refuses tokens that are forged, expired, for another audience or unsigned', async () => {
    const { user } = await buildUser();
    const wrongSecret = jwt.sign({ ver: 0 }, 'not-the-secret', {
      subject: user.id,
      issuer: 'werkboard',
      audience: 'werkboard-api',
    });
    const secret = t.server.services.secrets.jwtSecret;
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, secret, {
      subject: user.id,
      issuer: 'werkboard',
      audience: 'werkboard-api',
    });
    const otherAudience = jwt.sign({ ver: 0 }, secret, {
      subject: user.id,
      issuer: 'werkboard',
      audience: 'elsewhere',
    });
    const unsigned = jwt.sign({ ver: 0 }, '', {
      algorithm: 'none',
      subject: user.id,
      issuer: 'werkboard',
      audience: 'werkboard-api',
    });
    for (const token of [wrongSecret, expired, otherAudience, unsigned, 'kein-token']) {
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.status).toBe(401);
    }
  });

  it('refuses each bad token for its one fault alone: every other claim is that of a live session (ASVS 9.1.1, 9.1.2, 9.2.1, 9.2.3)', async () => {
    const { user, password } = await buildUser();
    const { token } = await t.login(user.username, password);
    const secret = t.server.services.secrets.jwtSecret;
    const claims = jwt.decode(token) as jwt.JwtPayload;
    expect(Object.keys(claims).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'perms', 'sid', 'sub', 'ver']);
    const now = Math.floor(Date.now() / 1000);
    const sign = (changes: jwt.JwtPayload, key: string = secret, algorithm: jwt.Algorithm = 'HS256') =>
      jwt.sign({ ...claims, ...changes }, key, { algorithm });
    const status = async (candidate: string) => (await t.request('GET', '/api/auth/me', { token: candidate })).status;

    // The same claims signed again with the key pass: every refusal below is for its one change.
    expect(await status(sign({}))).toBe(200);
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...claims, perms: [...(claims.perms as string[]), 'can_manage_users'] }),
    );
    const bad: [string, string][] = [
      ['another key', sign({}, 'nicht-der-schluessel')],
      ['alg none', jwt.sign({ ...claims }, '', { algorithm: 'none' })],
      ['HS512 with the right key', sign({}, secret, 'HS512')],
      ['HS384 with the right key', sign({}, secret, 'HS384')],
      ['a changed payload under the old signature', `${header}.${raised.toString('base64url')}.${signature}`],
      ['the signature of another payload', `${header}.${payload}.${sign({ ver: 99 }).split('.')[2]}`],
      ['expired', sign({ exp: now - 5 })],
      ['not yet valid', sign({ nbf: now + 600 })],
      ['another audience', sign({ aud: 'werkboard-second-factor' })],
      ['another issuer', sign({ iss: 'fremd' })],
    ];
    for (const [fault, candidate] of bad) expect([fault, await status(candidate)]).toEqual([fault, 401]);
    expect(await status(token)).toBe(200);
  });

  // Issue 17: a token koa-jwt passed is kept (auth/verifiedTokens.ts), never the session.
  it('verifies a token once, and still ends its session at once on logout', async () => {
    const { user, password } = await buildUser();
    const { token } = await t.login(user.username, password);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const verify = jest.spyOn(jwt, 'verify');
    try {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
      expect(verify).not.toHaveBeenCalled();
      const [header, payload, signature] = token.split('.');
      const changed = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await t.request('GET', '/api/auth/me', { token: changed })).status).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('takes the token from the Authorization header only, never from the address or a cookie (ASVS 14.2.1)', async () => {
    const { user, password } = await buildUser();
    const { token } = await t.login(user.username, password);
    for (const query of ['token', 'access_token', 'jwt', 'authorization'])
      expect([query, (await t.request('GET', `/api/auth/me?${query}=${token}`)).status]).toEqual([query, 401]);
    const cookie = await t.request('GET', '/api/auth/me', { headers: { Cookie: `token=${token}; jwt=${token}` } });
    expect(cookie.status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('invalidates old tokens when the token version changes (password or role change)', async () => {
    const { user, password } = await buildUser();
    const { token } = await t.login(user.username, password);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // Through the model's save, as the product raises it (services/users.ts): the user cache
    // (auth/userCache.ts) is evicted by save, destroy and bulk writes, not by increment().
    user.tokenVersion += 1;
    await user.save();
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    const fresh = await t.login(user.username, password);
    expect((await t.request('GET', '/api/auth/me', { token: fresh.token })).status).toBe(200);
  });

  it('refuses a correctly signed token without the permissions of its session', async () => {
    const { user, sid } = await withSession();
    const secret = t.server.services.secrets.jwtSecret;
    // With an expiry: a token without one is refused on its own (next test).
    const options = { subject: user.id, issuer: 'werkboard', audience: 'werkboard-api', expiresIn: 60 } as const;
    const noPermissions = jwt.sign({ sid, ver: 0 }, secret, options);
    expect((await t.request('GET', '/api/auth/me', { token: noPermissions })).status).toBe(401);
    const withPermissions = jwt.sign({ sid, ver: 0, perms: ['can_view_dashboard', 'unknown_key'] }, secret, options);
    const me = await t.request<UserDto>('GET', '/api/auth/me', { token: withPermissions });
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual(['can_view_dashboard']);
  });

  // Issue 13, finding 18: both gave 500 (a token without exp never ends; a subject that is no
  // UUID reached the database as a user id).
  it('refuses a signed token without expiry, and one whose subject is no user id, with 401 in German', async () => {
    const { user, sid } = await withSession();
    const secret = t.server.services.secrets.jwtSecret;
    const claims = { sid, ver: 0, perms: ['can_view_dashboard'] };
    const base = { issuer: 'werkboard', audience: 'werkboard-api' } as const;
    const withoutExpiry = jwt.sign(claims, secret, { ...base, subject: user.id });
    const notAUserId = jwt.sign(claims, secret, { ...base, subject: 'admin', expiresIn: 60 });
    const emptySubject = jwt.sign({ ...claims, sub: 42 }, secret, { ...base, expiresIn: 60 });
    for (const token of [withoutExpiry, notAUserId, emptySubject]) {
      const response = await t.request<{ message: string; code: string }>('GET', '/api/auth/me', { token });
      expect([response.status, response.body]).toEqual([
        401,
        { message: de.login.sessionExpired, code: 'session_invalid' },
      ]);
    }
    // The same claims with an expiry and the user's id are a valid session; without the
    // session's id, or with another's, they are not (issue 13, finding 5).
    const valid = jwt.sign(claims, secret, { ...base, subject: user.id, expiresIn: 60 });
    expect((await t.request('GET', '/api/auth/me', { token: valid })).status).toBe(200);
    const { ver, perms } = claims;
    const noSession = jwt.sign({ ver, perms }, secret, { ...base, subject: user.id, expiresIn: 60 });
    const othersSession = jwt.sign({ ...claims, sid: (await withSession()).sid }, secret, {
      ...base,
      subject: user.id,
      expiresIn: 60,
    });
    for (const token of [noSession, othersSession])
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('returns the own profile fields and the settings with their defaults', async () => {
    const { user, password } = await buildUser({ role: 'Helfer' });
    await user.update({ phone: '0171', profileVisibility: 'admins_only' });
    const { token, user: loggedIn } = await t.login(user.username, password);
    expect(loggedIn).toMatchObject({ phone: '0171', profileVisibility: 'admins_only', avatar: null });
    expect(loggedIn.settings).toEqual(DEFAULT_USER_SETTINGS);
    const me = await t.request<CurrentUserDto>('GET', '/api/auth/me', { token });
    expect(me.body).toEqual(loggedIn);
  });

  it('invalidates the tokens of a deleted user', async () => {
    const { user, password } = await buildUser();
    const { token } = await t.login(user.username, password);
    await User.destroy({ where: { id: user.id } });
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});
