import fs from 'node:fs';
import type { SecondFactorEnrolmentDto } from '@werkboard/common';
import { logFilePath } from '../logger';
import { User } from '../models';
import { buildUser, signedIn } from '../test/factories';
import { totpCode } from '../test/totp';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

let t: TestServer;
beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

describe('GET /api/logs/server.log', () => {
  it('gives Admins the structured log as text, without passwords', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'ein-falsches-passwort' } });
    const response = await t.request<string>('GET', '/api/logs/server.log', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.msg === 'database initialised')).toBe(true);
    expect(lines.some((line) => line.msg === 'login failed' && line.username === 'admin')).toBe(true);
    expect(response.body).not.toContain(TEST_ADMIN.password);
    expect(response.body).not.toContain('ein-falsches-passwort');
    expect(response.body).not.toContain(token);
  });

  it('refuses everyone else with the spec text', async () => {
    const { user, password } = await buildUser({ role: 'Firmenleiter' });
    const { token } = await t.login(user.username, password);
    const response = await t.request<{ message: string }>('GET', '/api/logs/server.log', { token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Zugriff verweigert. Nur Admins können das Server-Log einsehen.');
  });
});

/** The log file's lines written since `from` (a line count), parsed. */
type LogLine = Record<string, unknown> & { msg: string; time: string; level: number };
const logLines = (): LogLine[] =>
  fs
    .readFileSync(logFilePath(t.server.services.config.dataDir), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LogLine);

describe('what the log records (ASVS 16.2, 16.3, 16.5)', () => {
  it('writes a request line with UTC time, method, path, status, user and address, refusals included', async () => {
    const { user, token } = await signedIn(t, 'Monteur');
    const before = logLines().length;
    const started = Date.now();
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/logs/server.log', { token })).status).toBe(403);
    expect((await t.request('GET', '/api/projects')).status).toBe(401);
    const requests = logLines()
      .slice(before)
      .filter((line) => line.msg === 'request');
    expect(requests.map(({ method, path, status, userId }) => [method, path, status, userId])).toEqual([
      ['GET', '/api/auth/me', 200, user.id],
      ['GET', '/api/logs/server.log', 403, user.id],
      ['GET', '/api/projects', 401, undefined],
    ]);
    for (const line of requests) {
      expect(line.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      // ISO 8601 in UTC, from this server's clock.
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(line.time) - started)).toBeLessThan(60_000);
    }
  });

  it('logs the authentication events with who did them, never a secret', async () => {
    const { user, password } = await buildUser({ role: 'Monteur' });
    const adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    const before = logLines().length;
    const { token } = await t.login(user.username, password);
    await t.request('POST', '/api/auth/login', { body: { username: user.username, password: 'falsch-falsch' } });
    const changed = await t.request<{ token: string }>('POST', '/api/users/change-password', {
      token,
      body: { currentPassword: password, newPassword: 'Nebelhorn-Ankerkette-44' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token;
    const started = await t.request<SecondFactorEnrolmentDto>('POST', '/api/auth/second-factor', { token: fresh });
    const confirm = await t.request('POST', '/api/auth/second-factor/confirm', {
      token: fresh,
      body: { code: totpCode(started.body.secret, Date.now()) },
    });
    expect(confirm.status).toBe(200);
    expect((await t.request('DELETE', `/api/users/${user.id}/second-factor`, { token: adminToken })).status).toBe(200);
    const again = await t.login(user.username, 'Nebelhorn-Ankerkette-44');
    expect((await t.request('DELETE', `/api/users/${user.id}/sessions`, { token: adminToken })).status).toBe(200);
    const last = await t.login(user.username, 'Nebelhorn-Ankerkette-44');
    expect((await t.request('POST', '/api/auth/logout', { token: last.token })).status).toBe(200);

    const admin = await User.findOne({ where: { username: TEST_ADMIN.username } });
    const events = logLines()
      .slice(before)
      .filter((line) => line.msg !== 'request')
      .map(({ msg, userId, username, resetUserId, endedUserId }) =>
        [msg, userId ?? username, resetUserId ?? endedUserId].filter((part) => part !== undefined),
      );
    expect(events).toEqual([
      ['login', user.id],
      ['login failed', user.username],
      ['password changed', user.id],
      ['second factor enrolment started', user.id],
      ['second factor enabled', user.id],
      ['second factor reset', admin!.id, user.id],
      ['login', user.id],
      ['sessions of user ended', admin!.id, user.id],
      ['login', user.id],
      ['logout', user.id],
    ]);
    const text = fs.readFileSync(logFilePath(t.server.services.config.dataDir), 'utf8');
    for (const secret of [password, 'Nebelhorn-Ankerkette-44', started.body.secret, again.token, last.token])
      expect(text).not.toContain(secret);
  });

  it('answers an unexpected error with the generic 500 only, and logs it with its stack (16.5.1, 16.3.4)', async () => {
    const { token } = await signedIn(t, 'Admin');
    const sequelize = User.sequelize!;
    const before = logLines().length;
    // A table gone under the running server: an error no route expects.
    await sequelize.query('ALTER TABLE customer_types RENAME TO customer_types_weg');
    let response;
    try {
      response = await t.request('GET', '/api/customer-types', { token });
    } finally {
      await sequelize.query('ALTER TABLE customer_types_weg RENAME TO customer_types');
    }
    expect([response.status, response.body]).toEqual([
      500,
      { message: 'Ein unbekannter Serverfehler ist aufgetreten.', code: 'internal' },
    ]);
    const logged = logLines()
      .slice(before)
      .find((line): line is LogLine & { err?: { stack?: string } } => line.msg === 'unhandled error');
    // The request line has the status that was answered.
    expect(
      logLines()
        .slice(before)
        .some((line) => line.msg === 'request' && line.path === '/api/customer-types' && line.status === 500),
    ).toBe(true);
    expect(logged?.path).toBe('/api/customer-types');
    expect(logged?.err?.stack).toMatch(/^\w*Error/);
    expect(JSON.stringify(logged?.err)).toMatch(/customer_types/);
    expect((await t.request('GET', '/api/customer-types', { token })).status).toBe(200);
  });
});
