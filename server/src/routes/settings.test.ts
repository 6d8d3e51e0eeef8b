import { type CurrentUserDto, de, DEFAULT_USER_SETTINGS, type SettingsResponse } from '@werkboard/common';
import { ServerSetting, User } from '../models';
import { readSmtp, smtpPassword } from '../services/settings';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

describe('GET /api/settings', () => {
  it('gives a new user the defaults, without SMTP settings', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const response = await api<SettingsResponse>('GET', '/api/settings', token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULT_USER_SETTINGS);
    expect(response.body).not.toHaveProperty('smtp');
  });

  it('gives the Admin the SMTP settings with their defaults', async () => {
    await ServerSetting.destroy({ where: { key: 'smtp' } });
    const response = await api<SettingsResponse>('GET', '/api/settings', adminToken);
    expect(response.body.smtp).toEqual({
      host: '',
      port: 587,
      username: '',
      encryption: 'tls',
      fromEmail: '',
      fromName: '',
      hasPassword: false,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await api('GET', '/api/settings')).status).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('merges a partial update into the user’s own settings', async () => {
    const anna = await signedIn(t, 'Monteur');
    const ben = await signedIn(t, 'Monteur');
    const response = await api<SettingsResponse>('PUT', '/api/settings', anna.token, {
      appearance: { theme: 'hexagons' },
      display: { adminView: { projectsViewMode: 'list' }, dashboardAppointments: { showTags: false } },
      colors: { appBg: '#101010' },
      somethingElse: 'ignored',
    });
    expect(response.status).toBe(200);
    expect(response.body.appearance).toEqual({
      theme: 'hexagons',
      patternColor: DEFAULT_USER_SETTINGS.appearance.patternColor,
    });
    expect(response.body.display.adminView.projectsViewMode).toBe('list');
    expect(response.body.display.dashboardAppointments).toEqual({
      ...DEFAULT_USER_SETTINGS.display.dashboardAppointments,
      showTags: false,
    });
    expect(response.body.colors.appBg).toBe('#101010');
    expect(response.body).not.toHaveProperty('somethingElse');

    const again = await api<SettingsResponse>('GET', '/api/settings', anna.token);
    expect(again.body).toEqual(response.body);
    const me = await api<CurrentUserDto>('GET', '/api/auth/me', anna.token);
    expect(me.body.settings).toEqual(response.body);
    expect((await api<SettingsResponse>('GET', '/api/settings', ben.token)).body).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('switches the user’s direct messages with the feature setting', async () => {
    const { user, token } = await signedIn(t, 'Helfer');
    const response = await api<SettingsResponse>('PUT', '/api/settings', token, {
      features: { directMessagesEnabled: false },
    });
    expect(response.body.features.directMessagesEnabled).toBe(false);
    expect((await user.reload()).directMessagesEnabled).toBe(false);
    expect((await api<CurrentUserDto>('GET', '/api/auth/me', token)).body.directMessagesEnabled).toBe(false);
  });

  it.each([
    [{ appearance: { theme: 'sterne' } }, de.settings.themeInvalid],
    [{ colors: { columnBg: 'blau' } }, de.settings.colorInvalid],
    [{ display: { templates: { viewMode: 'kacheln' } } }, de.settings.invalidValue],
    [{ features: { kwpExportEnabled: 1 } }, de.validation.booleanInvalid],
    [{ smtp: { port: 'fünf' } }, de.settings.smtpPortInvalid],
    [{ smtp: { encryption: 'starttls' } }, de.settings.smtpEncryptionInvalid],
    [{ smtp: { fromEmail: 'absender' } }, de.settings.smtpFromEmailInvalid],
    ['kein Objekt', de.api.validationFailed],
  ])('answers 400 for %j', async (body, message) => {
    const response = await api('PUT', '/api/settings', adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses SMTP settings from everyone but the Admin and writes nothing then', async () => {
    const { user, token } = await signedIn(t, 'Firmenleiter');
    const response = await api('PUT', '/api/settings', token, {
      appearance: { theme: 'dots' },
      smtp: { host: 'mail.boese.de' },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(de.settings.smtpAdminOnly);
    expect((await user.reload()).settings).toEqual({});
    expect((await readSmtp()).host).not.toBe('mail.boese.de');
  });

  it('stores the SMTP settings once for the server, the password sealed and never answered', async () => {
    const response = await api<SettingsResponse>('PUT', '/api/settings', adminToken, {
      smtp: {
        host: ' smtp.firma.de ',
        port: '465',
        username: 'werkboard',
        password: 'smtp-geheim-123',
        encryption: 'ssl',
        fromEmail: 'info@firma.de',
        fromName: 'Werkboard',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.smtp).toEqual({
      host: 'smtp.firma.de',
      port: 465,
      username: 'werkboard',
      encryption: 'ssl',
      fromEmail: 'info@firma.de',
      fromName: 'Werkboard',
      hasPassword: true,
    });
    expect(JSON.stringify(response.body)).not.toContain('smtp-geheim-123');
    const row = await ServerSetting.findByPk('smtp');
    expect(JSON.stringify(row!.value)).not.toContain('smtp-geheim-123');
    const { jwtSecret } = t.server.services.secrets;
    expect(smtpPassword(await readSmtp(), jwtSecret)).toBe('smtp-geheim-123');

    // Another Admin sees the same server settings.
    const other = await signedIn(t, 'Admin');
    expect((await api<SettingsResponse>('GET', '/api/settings', other.token)).body.smtp?.host).toBe('smtp.firma.de');

    // A blank password keeps the stored one; null removes it.
    const kept = await api<SettingsResponse>('PUT', '/api/settings', adminToken, { smtp: { password: '', port: 25 } });
    expect(kept.body.smtp).toMatchObject({ port: 25, hasPassword: true, host: 'smtp.firma.de' });
    expect(smtpPassword(await readSmtp(), jwtSecret)).toBe('smtp-geheim-123');
    const removed = await api<SettingsResponse>('PUT', '/api/settings', adminToken, { smtp: { password: null } });
    expect(removed.body.smtp?.hasPassword).toBe(false);

    const log = await api<string>('GET', '/api/logs/server.log', adminToken);
    expect(log.body).toContain('smtp settings changed');
    expect(log.body).not.toContain('smtp-geheim-123');
  });

  it('answers 401 without a session', async () => {
    expect((await api('PUT', '/api/settings', undefined, {})).status).toBe(401);
  });

  it('keeps settings per user in the users table, without counting as a change of the account', async () => {
    const { user, token } = await signedIn(t, 'Projektleiter');
    const modified = user.updatedAt.toISOString();
    await api('PUT', '/api/settings', token, { display: { templates: { viewMode: 'table-detailed' } } });
    const stored = (await User.findByPk(user.id))!;
    expect((stored.settings as { display: { templates: { viewMode: string } } }).display.templates.viewMode).toBe(
      'table-detailed',
    );
    expect(stored.updatedAt.toISOString()).toBe(modified);
  });
});
