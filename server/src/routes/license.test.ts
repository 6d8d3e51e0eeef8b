import crypto from 'node:crypto';
import {
  type ApiErrorBody,
  type CurrentUserDto,
  de,
  type LicenseActivationResponse,
  type StatsCounts,
} from '@werkboard/common';
import { ExternalUser, ServerSetting, User } from '../models';
import { createTestLicenseKeys } from '../test/licenseKeys';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

const keys = createTestLicenseKeys();
const EMAIL = 'chefin@firma.de';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer({ licensePublicKey: keys.publicKeyPem });
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

const api = <T = ApiErrorBody>(method: string, path: string, token?: string, body?: unknown) =>
  t.request<T>(method, path, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
const newUser = () => ({ username: `u-${crypto.randomBytes(4).toString('hex')}`, password: 'Lager-Schluessel-7' });
const activate = (body: Record<string, unknown>) =>
  api<LicenseActivationResponse & ApiErrorBody>('POST', '/api/license/activate', adminToken, body);

describe('POST /api/license/activate: refusals', () => {
  it('answers 401 without a session and 403 to everyone but the Admin', async () => {
    const body = { email: EMAIL, licenseKey: keys.sign({ email: EMAIL }), deviceId: 'x' };
    expect((await api('POST', '/api/license/activate', undefined, body)).status).toBe(401);
    const { token } = await signedIn(t, 'Firmenleiter');
    const refused = await api('POST', '/api/license/activate', token, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.license.adminOnly);
    expect(await ServerSetting.findByPk('license')).toBeNull();
  });

  it.each([
    [{ licenseKey: 'abc' }, de.license.activationRequired],
    [{ email: EMAIL }, de.license.activationRequired],
    [{ email: '  ', licenseKey: '  ' }, de.license.activationRequired],
    [{ email: 'keine-mail', licenseKey: 'abc' }, de.validation.emailInvalid],
    [{ email: EMAIL, licenseKey: 'kaputt' }, de.license.invalidKey],
    [{ email: EMAIL, licenseKey: createTestLicenseKeys().sign({ email: EMAIL }) }, de.license.invalidKey],
    [{ email: 'andere@firma.de', licenseKey: keys.sign({ email: EMAIL }) }, de.license.emailMismatch],
  ])('answers 400 for %j', async (body, message) => {
    const response = await activate({ deviceId: 'device-a', ...body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await ServerSetting.findByPk('license')).toBeNull();
  });
});

describe('the Free limits', () => {
  it('refuse the 7th user and the 11th external worker, also when requests race', async () => {
    // The Admin and the Firmenleiter of the refusal test above exist already.
    expect(await User.count()).toBe(2);
    for (let i = (await User.count()) + 1; i <= 5; i++) {
      expect((await api('POST', '/api/users', adminToken, newUser())).status).toBe(201);
    }
    expect(await User.count()).toBe(5);
    const racing = await Promise.all([1, 2, 3].map(() => api('POST', '/api/users', adminToken, newUser())));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 403, 403]);
    expect(await User.count()).toBe(6);

    const seventh = await api('POST', '/api/users', adminToken, newUser());
    expect(seventh.status).toBe(403);
    expect(seventh.body).toEqual({
      message: 'Benutzerlimit erreicht',
      code: 'limit_reached',
      limit: 'users',
      max: 6,
    });

    for (let i = 1; i <= 10; i++) {
      expect((await api('POST', '/api/external-users', adminToken, { name: `Extern ${i}` })).status).toBe(201);
    }
    const eleventh = await api('POST', '/api/external-users', adminToken, { name: 'Extern 11' });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toMatchObject({
      message: 'Limit für externe Mitarbeiter erreicht',
      code: 'limit_reached',
      limit: 'externalUsers',
      max: 10,
    });
    expect(await ExternalUser.count()).toBe(10);

    const counts = await api<StatsCounts>('GET', '/api/stats/counts', adminToken);
    expect(counts.body).toMatchObject({
      userCount: 6,
      externalUserCount: 10,
      licenseType: 'Free',
      limits: { users: 6, externalUsers: 10, activeProjects: 10, templates: 10 },
    });
  });
});

describe('POST /api/license/activate: activation', () => {
  const licenseKey = keys.sign({ email: EMAIL });

  it('activates a Lifetime key (e-mail in any case), which lifts the limits', async () => {
    const response = await activate({ email: ' CHEFIN@firma.de ', licenseKey, deviceId: 'device-a' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Lizenz erfolgreich aktiviert.', licenseType: 'Lifetime' });

    const stored = (await ServerSetting.findByPk('license'))!.value as Record<string, unknown>;
    expect(stored).toEqual({
      type: 'Lifetime',
      email: EMAIL,
      deviceId: 'device-a',
      activatedAt: expect.any(String) as string,
      keyHash: crypto.createHash('sha256').update(licenseKey).digest('hex'),
    });
    expect(JSON.stringify(stored)).not.toContain(licenseKey);

    expect((await api<CurrentUserDto>('GET', '/api/auth/me', adminToken)).body.licenseType).toBe('Lifetime');
    expect((await api('POST', '/api/users', adminToken, newUser())).status).toBe(201);
    expect((await api('POST', '/api/external-users', adminToken, { name: 'Extern 11' })).status).toBe(201);
    const counts = await api<StatsCounts>('GET', '/api/stats/counts', adminToken);
    expect(counts.body).toMatchObject({ userCount: 7, externalUserCount: 11, licenseType: 'Lifetime', limits: null });
  });

  it('answers 409 for the same key from another device, unless forced', async () => {
    const conflict = await activate({ email: EMAIL, licenseKey, deviceId: 'device-b' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ message: de.license.inUse, code: 'license_in_use' });
    expect(((await ServerSetting.findByPk('license'))!.value as { deviceId: string }).deviceId).toBe('device-a');

    const forced = await activate({ email: EMAIL, licenseKey, deviceId: 'device-b', force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.message).toBe(de.license.activated);
    expect(((await ServerSetting.findByPk('license'))!.value as { deviceId: string }).deviceId).toBe('device-b');
  });

  it('activates again from the same device, and takes the device id from the header when the body has none', async () => {
    expect((await activate({ email: EMAIL, licenseKey, deviceId: 'device-b' })).status).toBe(200);
    const fromHeader = await activate({ email: EMAIL, licenseKey, force: true });
    expect(fromHeader.status).toBe(200);
    expect(((await ServerSetting.findByPk('license'))!.value as { deviceId: string }).deviceId).toBe('test-device');
  });

  it('refuses a forced activation with an invalid key as well', async () => {
    const response = await activate({ email: EMAIL, licenseKey: `${licenseKey}x`, deviceId: 'd', force: true });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(de.license.invalidKey);
  });
});
