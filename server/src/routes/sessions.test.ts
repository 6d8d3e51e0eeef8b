import {
  type ChangePasswordResponse,
  de,
  type LoginResponse,
  type ManagedUserDto,
  type SessionDto,
  type SessionsEndedResponse,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { MAX_SESSIONS_PER_USER, sessionCache } from '../auth/sessions';
import { User } from '../models';
import { signedIn } from '../test/factories';
import type { ApiArgs, ErrorBody } from '../test/testServer';
import { testServerPerFile } from '../test/testServerPerFile';

/** Issue 13, finding 5: server-side sessions that logout, the device list and the Admin end. */
const t = testServerPerFile({ licensed: true, admin: true });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);
const meStatus = async (token: string) => (await api('GET', '/api/auth/me', token)).status;

/** A login from a device with this User-Agent. */
async function loginFrom(username: string, password: string, userAgent: string): Promise<string> {
  const response = await t.request<LoginResponse>('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'User-Agent': userAgent },
  });
  expect(response.status).toBe(200);
  return response.body.token;
}

/** A user signed in on two devices, both tokens used once (so the session cache holds them). */
async function onTwoDevices(role: Parameters<typeof signedIn>[1] = 'Monteur') {
  const { user, password, token: laptop } = await signedIn(t, role);
  const phone = await loginFrom(user.username, password, ANDROID_CHROME);
  expect([await meStatus(laptop), await meStatus(phone)]).toEqual([200, 200]);
  return { user, password, laptop, phone };
}

const storedSessions = async (userId: string) =>
  (
    await User.sequelize!.query<{ count: string }>('SELECT count(*) FROM sessions WHERE user_id = :userId', {
      replacements: { userId },
      type: QueryTypes.SELECT,
    })
  )[0]!.count;

describe('GET /api/auth/sessions', () => {
  it('answers 401 without a session', async () => {
    expect((await api('GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('lists the own sessions with device, address and times, the asking one marked, nobody else’s', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    await signedIn(t, 'Monteur');
    const listed = await api<SessionDto[]>('GET', '/api/auth/sessions', phone);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const [current] = listed.body.filter((session) => session.current);
    expect(current?.device).toBe('Chrome auf Android');
    expect(current?.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(current!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(current!.createdAt));
    const fromLaptop = await api<SessionDto[]>('GET', '/api/auth/sessions', laptop);
    expect(fromLaptop.body.find((session) => session.current)!.id).not.toBe(current!.id);
    expect(await storedSessions(user.id)).toBe('2');
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 401 without a session', async () => {
    expect((await api('POST', '/api/auth/logout')).status).toBe(401);
  });

  it('ends the session of its token at once and leaves the other devices signed in', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    const response = await api<{ message: string }>('POST', '/api/auth/logout', phone);
    expect([response.status, response.body.message]).toEqual([200, de.sessions.loggedOut]);
    const next = await api('GET', '/api/auth/me', phone);
    expect([next.status, next.body]).toEqual([401, { message: de.login.sessionExpired, code: 'session_invalid' }]);
    expect(await meStatus(laptop)).toBe(200);
    expect(await storedSessions(user.id)).toBe('1');
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('answers 401 without a session', async () => {
    const { laptop } = await onTwoDevices();
    const [own] = (await api<SessionDto[]>('GET', '/api/auth/sessions', laptop)).body;
    expect((await api('DELETE', `/api/auth/sessions/${own!.id}`)).status).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
  });

  it('ends one other device of the caller; its next request is 401', async () => {
    const { laptop, phone } = await onTwoDevices();
    const other = (await api<SessionDto[]>('GET', '/api/auth/sessions', laptop)).body.find(
      (session) => !session.current,
    )!;
    const response = await api<{ message: string }>('DELETE', `/api/auth/sessions/${other.id}`, laptop);
    expect([response.status, response.body.message]).toEqual([200, de.sessions.ended]);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
  });

  it('is a 404 for another user’s session (nothing ends) and for an id that is none', async () => {
    const victim = await onTwoDevices('Admin');
    const [victimSession] = (await api<SessionDto[]>('GET', '/api/auth/sessions', victim.laptop)).body;
    const { token: attacker } = await signedIn(t, 'Firmenleiter');
    const response = await api('DELETE', `/api/auth/sessions/${victimSession!.id}`, attacker);
    expect([response.status, response.body.message]).toEqual([404, de.sessions.notFound]);
    expect([await meStatus(victim.laptop), await meStatus(victim.phone)]).toEqual([200, 200]);
    expect((await api('DELETE', '/api/auth/sessions/kein-sitzungs-id', attacker)).status).toBe(404);
  });
});

describe('DELETE /api/auth/sessions/others', () => {
  it('answers 401 without a session', async () => {
    expect((await api('DELETE', '/api/auth/sessions/others')).status).toBe(401);
  });

  it('ends every other session of the caller and keeps the asking one', async () => {
    const { user, password, laptop, phone } = await onTwoDevices();
    const third = await loginFrom(
      user.username,
      password,
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1',
    );
    const response = await api<SessionsEndedResponse>('DELETE', '/api/auth/sessions/others', laptop);
    expect([response.status, response.body]).toEqual([200, { message: de.sessions.othersEnded(2), ended: 2 }]);
    expect([await meStatus(laptop), await meStatus(phone), await meStatus(third)]).toEqual([200, 401, 401]);
    const listed = await api<SessionDto[]>('GET', '/api/auth/sessions', laptop);
    expect(listed.body.map((session) => session.current)).toEqual([true]);
  });
});

describe('DELETE /api/users/{id}/sessions', () => {
  it('answers 401 without a session and 403 to roles that may not edit the user, ending nothing', async () => {
    const target = await onTwoDevices('Firmenleiter');
    expect((await api('DELETE', `/api/users/${target.user.id}/sessions`)).status).toBe(401);
    const { token: boss } = await signedIn(t, 'Firmenleiter');
    const { token: helfer } = await signedIn(t, 'Helfer');
    for (const token of [boss, helfer]) {
      expect((await api('DELETE', `/api/users/${target.user.id}/sessions`, token)).status).toBe(403);
    }
    expect([await meStatus(target.laptop), await meStatus(target.phone)]).toEqual([200, 200]);
  });

  it('is a 404 for a user that does not exist', async () => {
    const response = await api('DELETE', '/api/users/00000000-0000-4000-8000-000000000000/sessions', t.adminToken);
    expect([response.status, response.body.message]).toEqual([404, de.users.notFound]);
  });

  it('lets the Admin end all sessions of a user: every device gets 401, a new login works', async () => {
    const { user, password, laptop, phone } = await onTwoDevices();
    const response = await api<SessionsEndedResponse>('DELETE', `/api/users/${user.id}/sessions`, t.adminToken);
    expect([response.status, response.body]).toEqual([200, { message: de.sessions.allEnded(2), ended: 2 }]);
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await meStatus((await t.login(user.username, password)).token)).toBe(200);
    expect(await meStatus(t.adminToken)).toBe(200);
  });
});

describe('the events that end sessions', () => {
  it('a password change ends every other session; the asking one goes on with its fresh token', async () => {
    const { user, password, laptop, phone } = await onTwoDevices();
    const response = await api<ChangePasswordResponse>('POST', '/api/users/change-password', laptop, {
      currentPassword: password,
      newPassword: 'Neues-Werkzeug-42',
    });
    expect(response.status).toBe(200);
    expect([await meStatus(response.body.token), await meStatus(phone)]).toEqual([200, 401]);
    const listed = await api<SessionDto[]>('GET', '/api/auth/sessions', response.body.token);
    expect(listed.body.map((session) => session.current)).toEqual([true]);
    expect(await storedSessions(user.id)).toBe('1');
  });

  it('a role change by the Admin ends all sessions of the user', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    const changed = await api<ManagedUserDto>('PUT', `/api/users/${user.id}`, t.adminToken, {
      username: user.username,
      role: 'Helfer',
    });
    expect(changed.status).toBe(200);
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await storedSessions(user.id)).toBe('0');
  });

  it('a password reset by the Admin ends all sessions of the user', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    const changed = await api('PUT', `/api/users/${user.id}`, t.adminToken, {
      username: user.username,
      password: 'Zurueckgesetzt-2026',
    });
    expect(changed.status).toBe(200);
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await storedSessions(user.id)).toBe('0');
  });

  it('a change of contact fields ends nothing', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    const changed = await api('PUT', `/api/users/${user.id}`, t.adminToken, { username: user.username, phone: '0171' });
    expect(changed.status).toBe(200);
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([200, 200]);
  });

  it('deleting the user ends all its sessions (the rows go with it)', async () => {
    const { user, laptop, phone } = await onTwoDevices();
    expect((await api('DELETE', `/api/users/${user.id}`, t.adminToken)).status).toBe(200);
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await storedSessions(user.id)).toBe('0');
  });

  it('an expired session is refused and not listed, and the next login prunes it', async () => {
    const { user, password, laptop, phone } = await onTwoDevices();
    const [expired] = (await api<SessionDto[]>('GET', '/api/auth/sessions', phone)).body.filter((s) => s.current);
    await User.sequelize!.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = :id", {
      replacements: { id: expired!.id },
    });
    // The server's session cache would accept it for up to a minute; that minute has passed here.
    sessionCache.forget(expired!.id);
    expect(await meStatus(phone)).toBe(401);
    const listed = await api<SessionDto[]>('GET', '/api/auth/sessions', laptop);
    expect(listed.body.map((session) => session.id)).not.toContain(expired!.id);
    await t.login(user.username, password);
    expect(await storedSessions(user.id)).toBe('2');
  });
});

describe('the number of sessions', () => {
  it(`keeps at most ${MAX_SESSIONS_PER_USER} per user: a login beyond ends the least recently active`, async () => {
    const { user, password, token: oldest } = await signedIn(t, 'Helfer');
    await User.sequelize!.query(
      "UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE user_id = :userId",
      {
        replacements: { userId: user.id },
      },
    );
    await User.sequelize!.query(
      `INSERT INTO sessions (id, user_id, device, expires_at)
       SELECT gen_random_uuid(), :userId, 'Skript', now() + interval '1 hour' FROM generate_series(1, :count)`,
      { replacements: { userId: user.id, count: MAX_SESSIONS_PER_USER - 1 } },
    );
    expect(await storedSessions(user.id)).toBe(String(MAX_SESSIONS_PER_USER));
    const newest = (await t.login(user.username, password)).token;
    expect(await storedSessions(user.id)).toBe(String(MAX_SESSIONS_PER_USER));
    expect([await meStatus(oldest), await meStatus(newest)]).toEqual([401, 200]);
  });
});

describe('the token names its session', () => {
  it('a token whose session row is gone is 401 even with a valid signature and user', async () => {
    const signedInUser = await signedIn(t, 'Helfer');
    await User.sequelize!.query('DELETE FROM sessions WHERE user_id = :userId', {
      replacements: { userId: signedInUser.user.id },
    });
    expect(await meStatus(signedInUser.token)).toBe(401);
  });
});
