import {
  de,
  type LoginResponse,
  type ManagedUserDto,
  type SecondFactorChallenge,
  type SecondFactorConfirmedDto,
  type SecondFactorEnrolmentDto,
  type SecondFactorStatusDto,
  type SessionsEndedResponse,
} from '@werkboard/common';
import fs from 'node:fs';
import { QueryTypes } from 'sequelize';
import { runCli } from '../cli';
import { parseTrustedProxies } from '../http/clientAddress';
import { logFilePath } from '../logger';
import { User } from '../models';
import { signedIn } from '../test/factories';
import { totpCode } from '../test/totp';
import { TEST_ADMIN, testServer, type ApiArgs, type ErrorBody, type TestServer } from '../test/testServer';

/**
 * The second factor (issue 13): enrolment, the two-step login, replay, window, recovery codes,
 * the lock-out, the Admin's reset and 'Zweiter Faktor für Admins erforderlich'. Codes are
 * computed here with the test's own RFC 6238 (test/totp.ts), not the server's.
 */
let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  // Behind a trusted proxy on the same host, so that each test can log in from its own address.
  t = await testServer({ trustedProxies: parseTrustedProxies('127.0.0.1, ::1') });
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

// Codes change every 30 s: a test does not start in the last 3 s of a step, so the code it
// computes is the one the server expects all through the test.
beforeEach(async () => {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
});

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);
const STEP_MS = 30_000;
const codeAt = (secret: string, offsetSteps = 0) => totpCode(secret, Date.now() + offsetSteps * STEP_MS);

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const passwordStep = (username: string, password: string, from = newAddress()) =>
  t.request<SecondFactorChallenge & LoginResponse & ErrorBody>('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'X-Forwarded-For': from },
  });
const codeStep = (challenge: string, code: string, from = newAddress()) =>
  t.request<LoginResponse & ErrorBody>('POST', '/api/auth/login/second-factor', {
    body: { challenge, code },
    headers: { 'X-Forwarded-For': from },
  });

/** A signed-in user with a confirmed second factor (the confirming code's step is used up). */
async function enrolled(role: Parameters<typeof signedIn>[1] = 'Monteur') {
  const person = await signedIn(t, role);
  const started = await api<SecondFactorEnrolmentDto>('POST', '/api/auth/second-factor', person.token);
  expect(started.status).toBe(200);
  const { secret } = started.body;
  const confirmed = await api<SecondFactorConfirmedDto>('POST', '/api/auth/second-factor/confirm', person.token, {
    code: codeAt(secret),
  });
  expect(confirmed.status).toBe(200);
  return { ...person, secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** Forgets which step was used last, as if the clock had moved on (codes are per 30 s). */
const rewindLastStep = (userId: string) =>
  User.sequelize!.query('UPDATE second_factors SET last_used_step = NULL WHERE user_id = :userId', {
    replacements: { userId },
  });

const storedRow = async (userId: string) =>
  (
    await User.sequelize!.query<{ secret: unknown; recovery_codes: string[]; confirmed_at: Date | null }>(
      'SELECT secret, recovery_codes, confirmed_at FROM second_factors WHERE user_id = :userId',
      { replacements: { userId }, type: QueryTypes.SELECT },
    )
  )[0];

describe('enrolment', () => {
  it('creates a pending secret, sealed in the database, confirmed by the first code', async () => {
    const { user, password, token } = await signedIn(t, 'Helfer');
    expect((await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token)).body).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const started = await api<SecondFactorEnrolmentDto>('POST', '/api/auth/second-factor', token);
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toBe(
      `otpauth://totp/Werkboard:${encodeURIComponent(user.username)}?secret=${started.body.secret}&issuer=Werkboard&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await storedRow(user.id);
    expect(JSON.stringify(row?.secret)).not.toContain(started.body.secret);
    expect(row?.confirmed_at).toBeNull();
    expect((await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token)).body.pending).toBe(true);

    // Not yet a factor: the password alone still logs in.
    expect(typeof (await passwordStep(user.username, password)).body.token).toBe('string');

    const wrong = await api('POST', '/api/auth/second-factor/confirm', token, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: de.secondFactor.codeInvalid });

    const confirmed = await api<SecondFactorConfirmedDto>('POST', '/api/auth/second-factor/confirm', token, {
      code: codeAt(started.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/);
    expect(confirmed.body.token).toBeUndefined();
    const stored = await storedRow(user.id);
    expect(stored?.recovery_codes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(stored?.recovery_codes).not.toContain(code);

    const status = await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token);
    expect(status.body).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(status.body)).not.toContain(started.body.secret);
  });

  it('never hands out the secret again once confirmed (409), and refuses confirming twice', async () => {
    const { token, secret } = await enrolled();
    const again = await api('POST', '/api/auth/second-factor', token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(de.secondFactor.alreadyEnabled);
    expect(JSON.stringify(again.body)).not.toContain(secret);
    expect((await api('POST', '/api/auth/second-factor/confirm', token, { code: codeAt(secret, 1) })).status).toBe(409);
  });

  it('refuses a confirmation without a pending enrolment and an empty code', async () => {
    const { token } = await signedIn(t, 'Helfer');
    const none = await api('POST', '/api/auth/second-factor/confirm', token, { code: '123456' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(de.secondFactor.notPending);
    const empty = await api('POST', '/api/auth/second-factor/confirm', token, { code: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(de.secondFactor.codeRequired);
  });
});

describe('login in two steps', () => {
  it('answers a challenge instead of a session after the password, and a session after the code', async () => {
    const { user, password, secret } = await enrolled();
    const first = await passwordStep(user.username, password);
    expect(first.status).toBe(200);
    expect(first.body.secondFactor).toBe('totp');
    expect(first.body.token).toBeUndefined();
    expect(first.body.user).toBeUndefined();
    // The challenge is no API token.
    expect((await api('GET', '/api/auth/me', first.body.challenge)).status).toBe(401);

    const second = await codeStep(first.body.challenge, codeAt(secret, 1));
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(user.id);
    expect((await api('GET', '/api/auth/me', second.body.token)).status).toBe(200);
  });

  it('refuses a wrong code, a used code (replay) and a code outside ±1 step', async () => {
    const { user, password, secret } = await enrolled();
    await rewindLastStep(user.id);
    const { challenge } = (await passwordStep(user.username, password)).body;

    const wrong = await codeStep(challenge, codeAt(secret, 5));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(de.secondFactor.codeInvalid);
    expect((await codeStep(challenge, codeAt(secret, -2))).status).toBe(401);
    expect((await codeStep(challenge, codeAt(secret, 2))).status).toBe(401);

    expect((await codeStep(challenge, codeAt(secret, -1))).status).toBe(200);
    const replay = await codeStep(challenge, codeAt(secret, -1));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(de.secondFactor.codeInvalid);
    // A later code of the window still passes; then the older ones are spent too.
    expect((await codeStep(challenge, codeAt(secret, 0))).status).toBe(200);
    expect((await codeStep(challenge, codeAt(secret, -1))).status).toBe(401);
    expect((await codeStep(challenge, codeAt(secret, 1))).status).toBe(200);
  });

  it('lets two concurrent requests with the same code make one session only', async () => {
    const { user, password, secret } = await enrolled();
    await rewindLastStep(user.id);
    const { challenge } = (await passwordStep(user.username, password)).body;
    const code = codeAt(secret);
    const answers = await Promise.all([
      codeStep(challenge, code),
      codeStep(challenge, code),
      codeStep(challenge, code),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses a forged, foreign or outdated challenge', async () => {
    const { user, password, secret } = await enrolled();
    const { challenge } = (await passwordStep(user.username, password)).body;
    const forged = await codeStep(`${challenge.slice(0, -2)}xx`, codeAt(secret, 1));
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(de.secondFactor.challengeExpired);
    // A session token is no challenge.
    expect((await codeStep(adminToken, codeAt(secret, 1))).status).toBe(401);
    // A password change (token version) ends the challenges issued before it.
    await User.increment('tokenVersion', { where: { id: user.id } });
    expect((await codeStep(challenge, codeAt(secret, 1))).status).toBe(401);
  });

  it('accepts each recovery code once instead of the app code', async () => {
    const { user, password, recoveryCodes, token } = await enrolled();
    const [first, second] = recoveryCodes as [string, string];
    const { challenge } = (await passwordStep(user.username, password)).body;
    expect((await codeStep(challenge, first.toLowerCase())).status).toBe(200);
    const again = await codeStep(challenge, first);
    expect(again.status).toBe(401);
    expect((await codeStep(challenge, second.replaceAll('-', ''))).status).toBe(200);
    expect((await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token)).body.recoveryCodesLeft).toBe(8);
  });

  it('counts wrong codes in the per-account throttle: the account locks, the Admin sees and lifts it', async () => {
    const { user, password, secret } = await enrolled('Helfer');
    await rewindLastStep(user.id);
    const { challenge } = (await passwordStep(user.username, password)).body;
    // From rotating addresses: only the account's count can stop them.
    for (let i = 0; i < 20; i++) expect((await codeStep(challenge, '000000')).status).toBe(401);
    const locked = await codeStep(challenge, codeAt(secret));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(de.login.accountLocked);
    expect((await passwordStep(user.username, password)).status).toBe(429);
    const listed = await api<ManagedUserDto[]>('GET', '/api/users', adminToken);
    expect(listed.body.find((entry) => entry.id === user.id)?.loginLocked).toBe(true);

    expect((await api('DELETE', `/api/users/${user.id}/lockout`, adminToken)).status).toBe(200);
    expect((await codeStep(challenge, codeAt(secret))).status).toBe(200);
  });

  it('keeps the password step unchanged for users without a second factor', async () => {
    const { user, password } = await signedIn(t, 'Monteur');
    const answer = await passwordStep(user.username, password);
    expect(answer.status).toBe(200);
    expect(typeof answer.body.token).toBe('string');
    expect(answer.body.secondFactorSetupRequired).toBeUndefined();
  });
});

describe('turning it off', () => {
  it('needs the password and a code; wrong ones change nothing', async () => {
    const { user, password, secret, token } = await enrolled();
    await rewindLastStep(user.id);
    const wrongPassword = await api('POST', '/api/auth/second-factor/disable', token, {
      password: 'falsch',
      code: codeAt(secret),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fields).toEqual({ password: de.secondFactor.passwordWrong });
    const wrongCode = await api('POST', '/api/auth/second-factor/disable', token, { password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.fields).toEqual({ code: de.secondFactor.codeInvalid });
    expect((await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token)).body.enabled).toBe(true);

    const off = await api('POST', '/api/auth/second-factor/disable', token, { password, code: codeAt(secret) });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: de.secondFactor.disabled });
    expect(await storedRow(user.id)).toBeUndefined();
    const login = await passwordStep(user.username, password);
    expect(typeof login.body.token).toBe('string');
  });
});

describe("the Admin's reset", () => {
  it('removes the factor and ends every session of the user', async () => {
    const { user, password, token } = await enrolled('Projektleiter');
    const reset = await api<SessionsEndedResponse>('DELETE', `/api/users/${user.id}/second-factor`, adminToken);
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(de.secondFactor.resetDone);
    expect(reset.body.ended).toBeGreaterThanOrEqual(1);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(401);
    const login = await passwordStep(user.username, password);
    expect(typeof login.body.token).toBe('string');
  });

  it('is refused to whoever may not edit the user and leaves the factor in place', async () => {
    const target = await enrolled('Monteur');
    const { token: peer } = await signedIn(t, 'Projektleiter');
    const denied = await api('DELETE', `/api/users/${target.user.id}/second-factor`, peer);
    expect(denied.status).toBe(403);
    const { token: ownToken } = target;
    expect((await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', ownToken)).body.enabled).toBe(true);
    expect(
      (await api('DELETE', `/api/users/00000000-0000-4000-8000-000000000000/second-factor`, adminToken)).status,
    ).toBe(404);
  });
});

describe('a new password leaves the second factor in place (ASVS 6.4.3)', () => {
  it("after the Admin's reset of the password the login still asks for the code", async () => {
    const { user, secret } = await enrolled('Monteur');
    const reset = await api('PUT', `/api/users/${user.id}`, adminToken, {
      username: user.username,
      password: 'Kranhaken-Nebelbank-58',
    });
    expect(reset.status).toBe(200);
    const first = await passwordStep(user.username, 'Kranhaken-Nebelbank-58');
    expect([first.status, first.body.secondFactor, first.body.token]).toEqual([200, 'totp', undefined]);
    expect((await codeStep(first.body.challenge, '000000')).status).toBe(401);
    const second = await codeStep(first.body.challenge, codeAt(secret, 1));
    expect([second.status, second.body.user.id]).toEqual([200, user.id]);
  });

  it("after the CLI's reset-admin-password the login still asks for the code", async () => {
    const { user, secret } = await enrolled('Admin');
    const err: string[] = [];
    const exitCode = await runCli(['reset-admin-password', '--username', user.username], {
      env: { DATABASE_URL: t.server.services.config.databaseUrl!, NEW_ADMIN_PASSWORD: 'Kranhaken-Nebelbank-59' },
      stdout: () => undefined,
      stderr: (text) => err.push(text),
      readStdin: () => Promise.resolve(''),
    });
    expect([exitCode, err]).toEqual([0, []]);
    const first = await passwordStep(user.username, 'Kranhaken-Nebelbank-59');
    expect([first.status, first.body.secondFactor, first.body.token]).toEqual([200, 'totp', undefined]);
    const second = await codeStep(first.body.challenge, codeAt(secret, 1));
    expect([second.status, second.body.user.id]).toEqual([200, user.id]);
  });
});

describe("'Zweiter Faktor für Admins erforderlich'", () => {
  afterEach(async () => {
    await api('PUT', '/api/settings/security', adminToken, { secondFactorRequiredForAdmins: false });
  });

  it('is an Admin setting, validated', async () => {
    const { token: chief } = await signedIn(t, 'Firmenleiter');
    expect((await api('PUT', '/api/settings/security', chief, { secondFactorRequiredForAdmins: true })).status).toBe(
      403,
    );
    const invalid = await api('PUT', '/api/settings/security', adminToken, { secondFactorRequiredForAdmins: 'ja' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(de.secondFactor.requiredForAdminsInvalid);
    const on = await api<{ secondFactorRequiredForAdmins: boolean }>('PUT', '/api/settings/security', adminToken, {
      secondFactorRequiredForAdmins: true,
    });
    expect(on.body.secondFactorRequiredForAdmins).toBe(true);
    expect(
      (await api<{ secondFactorRequiredForAdmins: boolean }>('GET', '/api/settings/security', adminToken)).body,
    ).toMatchObject({ secondFactorRequiredForAdmins: true });
  });

  it('leads an Admin without a factor to enrol first: nothing else answers until confirmed', async () => {
    const { user, password } = await signedIn(t, 'Admin');
    await api('PUT', '/api/settings/security', adminToken, { secondFactorRequiredForAdmins: true });
    const login = await passwordStep(user.username, password);
    expect(login.status).toBe(200);
    expect(login.body.secondFactorSetupRequired).toBe(true);
    const token = login.body.token;
    const blocked = await api('GET', '/api/projects', token);
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(de.secondFactor.enrolmentRequired);
    expect((await api('GET', '/api/users', token)).status).toBe(403);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
    const status = await api<SecondFactorStatusDto>('GET', '/api/auth/second-factor', token);
    expect(status.body.required).toBe(true);

    const { secret } = (await api<SecondFactorEnrolmentDto>('POST', '/api/auth/second-factor', token)).body;
    const confirmed = await api<SecondFactorConfirmedDto>('POST', '/api/auth/second-factor/confirm', token, {
      code: codeAt(secret),
    });
    expect(confirmed.status).toBe(200);
    const fresh = confirmed.body.token!;
    expect(typeof fresh).toBe('string');
    expect((await api('GET', '/api/projects', fresh)).status).toBe(200);
    // The old token still reaches the enrolment routes only.
    expect((await api('GET', '/api/projects', token)).status).toBe(403);

    // Required: an Admin cannot turn it off.
    const off = await api('POST', '/api/auth/second-factor/disable', fresh, { password, code: codeAt(secret, 1) });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(de.secondFactor.requiredCannotDisable);
  });

  it('asks nothing more of other roles', async () => {
    await api('PUT', '/api/settings/security', adminToken, { secondFactorRequiredForAdmins: true });
    const { user, password } = await signedIn(t, 'Firmenleiter');
    const login = await passwordStep(user.username, password);
    expect(login.body.secondFactorSetupRequired).toBeUndefined();
    expect((await api('GET', '/api/projects', login.body.token)).status).toBe(200);
  });
});

describe('secrets stay out of the logs', () => {
  it('logs neither the secret nor a code', async () => {
    const { user, password, secret, recoveryCodes } = await enrolled();
    await rewindLastStep(user.id);
    const { challenge } = (await passwordStep(user.username, password)).body;
    const used = codeAt(secret);
    await codeStep(challenge, '123456');
    expect((await codeStep(challenge, used)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = fs.readFileSync(logFilePath(t.server.services.config.dataDir), 'utf8');
    expect(log).toContain('second factor failed');
    for (const text of [secret, used, '123456', ...recoveryCodes]) expect(log).not.toContain(text);
  });
});
