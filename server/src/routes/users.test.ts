import crypto from 'node:crypto';
import {
  type ChangePasswordResponse,
  type CurrentUserDto,
  de,
  type ManagedUserDto,
  type ProfileDto,
  type SecuritySettingsDto,
  type UserDirectoryEntryDto,
  type UserDto,
} from '@werkboard/common';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildUser, signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;
let bossToken: string;
let boss: User;

const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await testServer();
  // Many users are created here; the Free limit has its own tests (license.test.ts).
  await grantLifetimeLicense();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
  ({ user: boss, token: bossToken } = await signedIn(t, 'Firmenleiter'));
});
afterAll(() => t.close());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

describe('GET /api/users/directory', () => {
  it('answers 401 without a session', async () => {
    expect((await api('GET', '/api/users/directory')).status).toBe(401);
  });

  it('gives even a Helfer names, roles and colours sorted by name, never contact details', async () => {
    const { user } = await buildUser({ role: 'Monteur', username: unique('Zz-monteur') });
    await user.update({ email: 'dir@firma.de', phone: '0171 9' });
    const { token } = await signedIn(t, 'Helfer');
    const response = await api<UserDirectoryEntryDto[]>('GET', '/api/users/directory', token);
    expect(response.status).toBe(200);
    const listed = response.body.find((entry) => entry.id === user.id)!;
    expect(Object.keys(listed).sort()).toEqual(['directMessagesEnabled', 'id', 'role', 'username', 'usernameColor']);
    expect(listed).toMatchObject({ username: user.username, role: 'Monteur' });
    const first = await buildUser({ role: 'Monteur', username: unique('aa-first') });
    const again = await api<UserDirectoryEntryDto[]>('GET', '/api/users/directory', token);
    const ids = again.body.map((entry) => entry.id);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(user.id));
    expect(JSON.stringify(response.body)).not.toMatch(/dir@firma\.de|0171 9|passwordHash|argon2/);
  });
});

describe('GET /api/users', () => {
  it('answers 401 without a session', async () => {
    expect((await api('GET', '/api/users')).status).toBe(401);
  });

  it('lists users with the fields of the management list and never a secret', async () => {
    const { user } = await buildUser({ role: 'Monteur' });
    await user.update({ email: 'm@firma.de', phone: '0171 1', privatePhone: '089 2' });
    const response = await api<ManagedUserDto[]>('GET', '/api/users', adminToken);
    expect(response.status).toBe(200);
    const listed = response.body.find((entry) => entry.id === user.id)!;
    expect(listed).toMatchObject({
      username: user.username,
      role: 'Monteur',
      email: 'm@firma.de',
      phone: '0171 1',
      privatePhone: '089 2',
      lastLogin: null,
    });
    expect(typeof listed.lastModified).toBe('string');
    expect(response.body.map((entry) => entry.username)).toContain(TEST_ADMIN.username);
    expect(JSON.stringify(response.body)).not.toMatch(/passwordHash|password_hash|argon2|tokenVersion|"settings"/);
  });

  it('refuses roles without user management, also a Projektleiter holding the permission', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const refused = await api('GET', '/api/users', token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.users.manageForbidden);

    const put = await api('PUT', '/api/permissions/roles', adminToken, {
      Projektleiter: ['can_view_dashboard', 'can_manage_users'],
    });
    expect(put.status).toBe(200);
    const leader = await signedIn(t, 'Projektleiter');
    const me = await api<UserDto>('GET', '/api/auth/me', leader.token);
    expect(me.body.permissions).toContain('can_manage_users');
    expect((await api('GET', '/api/users', leader.token)).status).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates a user with trimmed values, the default role Monteur, and the password as given', async () => {
    const username = unique('neu');
    const response = await api<ManagedUserDto>('POST', '/api/users', adminToken, {
      username: `  ${username} `,
      password: 'Lager-Schluessel-7',
      email: ' neu@firma.de ',
      phone: ' 0171 123 ',
      privatePhone: '',
      address: ' Hauptstr. 1 ',
      website: 'https://firma.de',
      otherInfo: ' Schlüssel für Lager ',
      directMessagesEnabled: false,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      username,
      role: 'Monteur',
      email: 'neu@firma.de',
      phone: '0171 123',
      privatePhone: null,
      address: 'Hauptstr. 1',
      website: 'https://firma.de',
      otherInfo: 'Schlüssel für Lager',
      directMessagesEnabled: false,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const login = await t.login(username.toUpperCase(), 'Lager-Schluessel-7');
    expect(login.user.role).toBe('Monteur');
  });

  it('ignores fields that are not part of the form (mass assignment)', async () => {
    const username = unique('mass');
    const response = await api<ManagedUserDto>('POST', '/api/users', adminToken, {
      username,
      password: 'Lager-Schluessel-7',
      id: '00000000-0000-4000-8000-000000000000',
      passwordHash: 'kaputt',
      tokenVersion: 41,
      lastLogin: '2020-01-01T00:00:00.000Z',
      settings: { colors: { appBg: '#FF0000' } },
      avatar: 'data:image/png;base64,AAAA',
    });
    expect(response.status).toBe(201);
    const stored = (await User.findByPk(response.body.id))!;
    expect(stored.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.tokenVersion).toBe(0);
    expect(stored.lastLogin).toBeNull();
    expect(stored.settings).toEqual({});
    expect(stored.avatar).toBeNull();
  });

  it.each([
    [{ password: 'Lager-Schluessel-7' }, 'username', de.users.usernameRequired],
    [{ username: '   ', password: 'Lager-Schluessel-7' }, 'username', de.users.usernameRequired],
    [{ username: 'x' }, 'password', de.users.passwordRequired],
    [{ username: 'x', password: '' }, 'password', de.users.passwordRequired],
    [{ username: 'x', password: 'ab' }, 'password', 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
    [{ username: 'x', password: 'Passwort1' }, 'password', de.password.tooCommon],
    [{ username: 'x', password: 'Lager-Schluessel-7', email: 'nicht-mail' }, 'email', de.validation.emailInvalid],
    [{ username: 'x', password: 'Lager-Schluessel-7', website: 'firma' }, 'website', de.validation.websiteInvalid],
    [{ username: 'x', password: 'Lager-Schluessel-7', role: 'Chef' }, 'role', de.users.roleInvalid],
  ])('answers 400 for %j', async (body, field, message) => {
    const response = await api('POST', '/api/users', adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.fields?.[field]).toBe(message);
  });

  it('refuses a username that exists in another case', async () => {
    const response = await api('POST', '/api/users', adminToken, {
      username: ' ADMIN ',
      password: 'Lager-Schluessel-7',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: de.users.usernameTaken,
      fields: { username: de.users.usernameTaken },
    });
  });

  it('lets a Firmenleiter give only roles below their own; the Admin any', async () => {
    const higher = await api('POST', '/api/users', bossToken, {
      username: unique('fl'),
      password: 'Lager-Schluessel-7',
      role: 'Firmenleiter',
    });
    expect(higher.status).toBe(403);
    expect(higher.body.message).toBe(de.users.roleTooHigh);
    const lower = await api<ManagedUserDto>('POST', '/api/users', bossToken, {
      username: unique('pl'),
      password: 'Lager-Schluessel-7',
      role: 'Projektleiter',
    });
    expect(lower.status).toBe(201);
    expect(lower.body.role).toBe('Projektleiter');
    const admin = await api<ManagedUserDto>('POST', '/api/users', adminToken, {
      username: unique('admin2'),
      password: 'Lager-Schluessel-7',
      role: 'Admin',
    });
    expect(admin.status).toBe(201);
  });

  // The one request path checks the body first (400), then the caller (403): a body that
  // cannot be right is refused before anything is read (docs/architecture.md). This test
  // expected 403 for an empty body before issue 14 fixed the order.
  it('refuses roles without user management, a valid body too, and creates nothing', async () => {
    const { token } = await signedIn(t, 'Projektleiter');
    expect((await api('POST', '/api/users', token, {})).status).toBe(400);
    const username = unique('verboten');
    const response = await api('POST', '/api/users', token, { username, password: 'Lager-Schluessel-7' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(de.users.manageForbidden);
    expect(await User.count({ where: { username } })).toBe(0);
  });
});

describe('PUT /api/users/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    const body = { username: 'egal' };
    expect((await api('PUT', `/api/users/${crypto.randomUUID()}`, adminToken, body)).status).toBe(404);
    const malformed = await api('PUT', '/api/users/abc', adminToken, body);
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe(de.users.notFound);
  });

  it('updates the form fields: absent fields stay, empty ones are cleared', async () => {
    const { user } = await buildUser({ role: 'Monteur' });
    await user.update({ email: 'alt@firma.de', phone: '0171', address: 'Weg 1' });
    const response = await api<ManagedUserDto>('PUT', `/api/users/${user.id}`, bossToken, {
      username: ` ${user.username}-neu `,
      email: '',
      phone: ' 0172 ',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: `${user.username}-neu`,
      email: null,
      phone: '0172',
      address: 'Weg 1',
      role: 'Monteur',
    });
  });

  it('answers 400 for a blank username and for a username taken in another case', async () => {
    const { user } = await buildUser({ role: 'Helfer' });
    const blank = await api('PUT', `/api/users/${user.id}`, adminToken, { username: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(de.users.usernameRequired);
    const taken = await api('PUT', `/api/users/${user.id}`, adminToken, { username: boss.username.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(de.users.usernameTaken);
  });

  it('keeps the password when it is blank, and the session with it', async () => {
    const { user, password, token } = await signedIn(t, 'Monteur');
    const response = await api('PUT', `/api/users/${user.id}`, adminToken, { username: user.username, password: '' });
    expect(response.status).toBe(200);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
    await expect(t.login(user.username, password)).resolves.toBeDefined();
  });

  it('sets a new password and ends the user’s sessions', async () => {
    const { user, token } = await signedIn(t, 'Monteur');
    const response = await api('PUT', `/api/users/${user.id}`, adminToken, {
      username: user.username,
      password: 'neu-123-Werk',
    });
    expect(response.status).toBe(200);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(401);
    const fresh = await t.login(user.username, 'neu-123-Werk');
    expect((await api('GET', '/api/auth/me', fresh.token)).status).toBe(200);
  });

  it.each(['Admin', 'Firmenleiter'] as const)(
    'refuses the %s’s own password without the current one (finding 9) and keeps the old one',
    async (role) => {
      const self = await signedIn(t, role);
      const response = await api('PUT', `/api/users/${self.user.id}`, self.token, {
        username: self.user.username,
        password: 'uebernommen-ohne-altes',
      });
      expect([response.status, response.body.message]).toEqual([403, de.users.ownPassword]);
      await expect(t.login(self.user.username, self.password)).resolves.toBeDefined();
      await expect(t.login(self.user.username, 'uebernommen-ohne-altes')).rejects.toThrow();
      // A blank password still saves the rest of the own account.
      const blank = await api<ManagedUserDto>('PUT', `/api/users/${self.user.id}`, self.token, {
        username: self.user.username,
        phone: '0171 42',
        password: '',
      });
      expect([blank.status, blank.body.phone]).toEqual([200, '0171 42']);
    },
  );

  it('ends the sessions of a demoted user; the next login has the new role', async () => {
    const { user, password, token } = await signedIn(t, 'Projektleiter');
    const response = await api<ManagedUserDto>('PUT', `/api/users/${user.id}`, bossToken, {
      username: user.username,
      role: 'Helfer',
    });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe('Helfer');
    const stale = await api('GET', '/api/auth/me', token);
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(de.login.sessionExpired);
    const fresh = await t.login(user.username, password);
    expect(fresh.user.role).toBe('Helfer');
    expect(fresh.user.permissions).not.toContain('can_manage_templates');
  });

  it('keeps sessions when only contact details change', async () => {
    const { user, token } = await signedIn(t, 'Monteur');
    await api('PUT', `/api/users/${user.id}`, adminToken, { username: user.username, phone: '123' });
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
  });

  it('refuses editing a user of the same or a higher rank', async () => {
    const { user: peer } = await buildUser({ role: 'Firmenleiter' });
    const same = await api('PUT', `/api/users/${peer.id}`, bossToken, { username: peer.username });
    expect(same.status).toBe(403);
    expect(same.body.message).toBe(de.users.rankTooLow);
    const admin = (await User.findOne({ where: { username: TEST_ADMIN.username } }))!;
    const higher = await api('PUT', `/api/users/${admin.id}`, bossToken, { username: 'übernommen' });
    expect(higher.status).toBe(403);
    expect((await admin.reload()).username).toBe(TEST_ADMIN.username);
    const { user: otherAdmin } = await buildUser({ role: 'Admin' });
    expect((await api('PUT', `/api/users/${otherAdmin.id}`, adminToken, { username: 'x' })).status).toBe(403);
  });

  it('refuses promoting a user to one’s own rank unless one is Admin', async () => {
    const { user } = await buildUser({ role: 'Monteur' });
    const refused = await api('PUT', `/api/users/${user.id}`, bossToken, {
      username: user.username,
      role: 'Firmenleiter',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.users.roleTooHigh);
    expect((await user.reload()).role).toBe('Monteur');
    const byAdmin = await api<ManagedUserDto>('PUT', `/api/users/${user.id}`, adminToken, {
      username: user.username,
      role: 'Firmenleiter',
    });
    expect(byAdmin.body.role).toBe('Firmenleiter');
  });

  it('lets one edit one’s own account, but not one’s own role', async () => {
    const own = await signedIn(t, 'Firmenleiter');
    const roleChange = await api('PUT', `/api/users/${own.user.id}`, own.token, {
      username: own.user.username,
      role: 'Monteur',
    });
    expect(roleChange.status).toBe(403);
    expect(roleChange.body.message).toBe(de.users.ownRole);
    const phone = await api<ManagedUserDto>('PUT', `/api/users/${own.user.id}`, own.token, {
      username: own.user.username,
      role: 'Firmenleiter',
      phone: '0800',
    });
    expect(phone.status).toBe(200);
    expect(phone.body.phone).toBe('0800');
  });

  it('refuses roles without user management', async () => {
    const { user } = await buildUser({ role: 'Helfer' });
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('PUT', `/api/users/${user.id}`, token, { username: 'x' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(de.users.manageForbidden);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a lower-ranked user, whose sessions end at once', async () => {
    const { user, password, token } = await signedIn(t, 'Monteur');
    const response = await api('DELETE', `/api/users/${user.id}`, bossToken);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(de.users.deleted);
    expect(await User.findByPk(user.id)).toBeNull();
    expect((await api('GET', '/api/auth/me', token)).status).toBe(401);
    const login = await t.request('POST', '/api/auth/login', { body: { username: user.username, password } });
    expect(login.status).toBe(401);
    expect((await api('DELETE', `/api/users/${user.id}`, bossToken)).status).toBe(404);
  });

  it('refuses deleting oneself and users of the same or a higher rank', async () => {
    const own = await api('DELETE', `/api/users/${boss.id}`, bossToken);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(de.users.ownAccount);
    const { user: peer } = await buildUser({ role: 'Firmenleiter' });
    const same = await api('DELETE', `/api/users/${peer.id}`, bossToken);
    expect(same.status).toBe(403);
    expect(same.body.message).toBe(de.users.rankTooLow);
    expect(await User.findByPk(peer.id)).not.toBeNull();
  });

  it('refuses roles without user management', async () => {
    const { user } = await buildUser({ role: 'Helfer' });
    const { token } = await signedIn(t, 'Projektleiter');
    expect((await api('DELETE', `/api/users/${user.id}`, token)).status).toBe(403);
    expect(await User.findByPk(user.id)).not.toBeNull();
  });
});

describe('PUT /api/users/profile', () => {
  it('saves one’s own profile and nothing else', async () => {
    const { user, token } = await signedIn(t, 'Helfer');
    const response = await api<CurrentUserDto>('PUT', '/api/users/profile', token, {
      usernameColor: '#FF8800',
      email: ' helfer@firma.de ',
      phone: '0171',
      privatePhone: '089',
      address: 'Weg 2',
      website: 'http://helfer.example',
      otherInfo: 'Führerschein B',
      profileVisibility: 'admins_only',
      role: 'Admin',
      username: 'chef',
      avatar: 'data:image/png;base64,AAAA',
      tokenVersion: 7,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.id,
      username: user.username,
      role: 'Helfer',
      usernameColor: '#FF8800',
      email: 'helfer@firma.de',
      phone: '0171',
      privatePhone: '089',
      address: 'Weg 2',
      website: 'http://helfer.example',
      otherInfo: 'Führerschein B',
      profileVisibility: 'admins_only',
      avatar: null,
    });
    await user.reload();
    expect(user.role).toBe('Helfer');
    expect(user.tokenVersion).toBe(0);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
  });

  it.each([
    [{ usernameColor: 'orange' }, de.profile.usernameColorInvalid],
    [{ profileVisibility: 'friends' }, de.profile.visibilityInvalid],
    [{ email: 'kein' }, de.validation.emailInvalid],
    [{ website: 'ftp://x.de' }, de.validation.websiteInvalid],
  ])('answers 400 for %j', async (body, message) => {
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('PUT', '/api/users/profile', token, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers 401 without a session', async () => {
    expect((await api('PUT', '/api/users/profile', undefined, {})).status).toBe(401);
  });
});

describe('POST /api/users/change-password', () => {
  it('changes the password, ends the old sessions and keeps the caller signed in', async () => {
    const { user, password, token } = await signedIn(t, 'Monteur');
    const other = await t.login(user.username, password);
    const response = await api<ChangePasswordResponse>('POST', '/api/users/change-password', token, {
      currentPassword: password,
      newPassword: 'neu-Werkbank',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(de.password.changed);
    expect((await api('GET', '/api/auth/me', token)).status).toBe(401);
    expect((await api('GET', '/api/auth/me', other.token)).status).toBe(401);
    const me = await api<UserDto>('GET', '/api/auth/me', response.body.token);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    await expect(t.login(user.username, 'neu-Werkbank')).resolves.toBeDefined();
    const old = await t.request('POST', '/api/auth/login', { body: { username: user.username, password } });
    expect(old.status).toBe(401);
  });

  it('answers 400 (not 401: the session stays) for a wrong current password', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('POST', '/api/users/change-password', token, {
      currentPassword: 'falsch',
      newPassword: 'neu-neu-Werk',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: de.password.currentWrong,
      fields: { currentPassword: de.password.currentWrong },
    });
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
  });

  it.each([
    [{ newPassword: 'neu-neu-Werk' }, de.password.currentRequired],
    [{ currentPassword: 'x', newPassword: 'ab' }, 'Das neue Passwort muss mindestens 8 Zeichen lang sein.'],
    [{ currentPassword: 'x', newPassword: 'hallo123' }, de.password.tooCommon],
    [{ currentPassword: 'x' }, de.password.newRequired],
  ])('answers 400 for %j', async (body, message) => {
    const { token } = await signedIn(t, 'Helfer');
    const response = await api('POST', '/api/users/change-password', token, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('blocks after ten wrong current passwords', async () => {
    const { password, token } = await signedIn(t, 'Helfer');
    for (let i = 0; i < 10; i++) {
      const wrong = await api('POST', '/api/users/change-password', token, {
        currentPassword: 'falsch',
        newPassword: 'neu-neu-Werk',
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await api('POST', '/api/users/change-password', token, {
      currentPassword: password,
      newPassword: 'neu-neu-Werk',
    });
    expect(blocked.status).toBe(429);
  });

  it('answers 401 without a session', async () => {
    expect((await api('POST', '/api/users/change-password', undefined, {})).status).toBe(401);
  });
});

describe('GET /api/users/{id}/profile', () => {
  async function ownerWith(profileVisibility: string) {
    const { user } = await buildUser({ role: 'Projektleiter' });
    await user.update({ profileVisibility: profileVisibility as User['profileVisibility'], email: 'pl@firma.de' });
    return user;
  }

  it('always shows name and role; the details as the owner allows', async () => {
    const owner = await ownerWith('admins_only');
    const monteur = await signedIn(t, 'Monteur');
    const hidden = await api<ProfileDto>('GET', `/api/users/${owner.id}/profile`, monteur.token);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: owner.id, username: owner.username, role: 'Projektleiter', details: null });
    expect(JSON.stringify(hidden.body)).not.toContain('pl@firma.de');

    const firmenleiter = await signedIn(t, 'Firmenleiter');
    const shown = await api<ProfileDto>('GET', `/api/users/${owner.id}/profile`, firmenleiter.token);
    expect(shown.body.details).toMatchObject({ email: 'pl@firma.de' });
  });

  it('shows technicians_only profiles to Monteure but not to Projektleiter', async () => {
    const owner = await ownerWith('technicians_only');
    const monteur = await signedIn(t, 'Monteur');
    const leader = await signedIn(t, 'Projektleiter');
    expect((await api<ProfileDto>('GET', `/api/users/${owner.id}/profile`, monteur.token)).body.details).not.toBeNull();
    expect((await api<ProfileDto>('GET', `/api/users/${owner.id}/profile`, leader.token)).body.details).toBeNull();
  });

  it('shows the owner their own details and answers 404 for unknown users', async () => {
    const own = await signedIn(t, 'Helfer');
    await own.user.update({ profileVisibility: 'admins_only', phone: '0171' });
    const response = await api<ProfileDto>('GET', `/api/users/${own.user.id}/profile`, own.token);
    expect(response.body.details?.phone).toBe('0171');
    expect((await api('GET', `/api/users/${crypto.randomUUID()}/profile`, own.token)).status).toBe(404);
  });
});

describe('the password rule (issue 13, finding 7)', () => {
  const security = (token: string, body?: unknown) =>
    api<SecuritySettingsDto>(body === undefined ? 'GET' : 'PUT', '/api/settings/security', token, body);

  /** A password set on the three paths that take one: a new user, the Admin's reset, the own change. */
  const setOnEveryPath = async (weak: string, target: User, own: { token: string; password: string }) => [
    await api('POST', '/api/users', adminToken, { username: unique('neu'), password: weak }),
    await api('PUT', `/api/users/${target.id}`, adminToken, { username: target.username, password: weak }),
    await api('POST', '/api/users/change-password', own.token, { currentPassword: own.password, newPassword: weak }),
  ];

  afterEach(async () => {
    expect((await security(adminToken, { passwordMinLength: 8 })).status).toBe(200);
  });

  it('refuses 3 characters and the most common passwords by default, on every path that sets one', async () => {
    const { user: target } = await buildUser({ role: 'Monteur' });
    const { password, token } = await signedIn(t, 'Monteur');
    for (const weak of ['123', 'password', 'passwort', 'Hallo123', '12345678']) {
      const answers = await setOnEveryPath(weak, target, { token, password });
      expect([weak, ...answers.map((answer) => answer.status)]).toEqual([weak, 400, 400, 400]);
    }
    const short = await api('POST', '/api/users/change-password', token, {
      currentPassword: password,
      newPassword: '123',
    });
    expect(short.body.message).toBe('Das neue Passwort muss mindestens 8 Zeichen lang sein.');
    await expect(t.login(target.username, 'password')).rejects.toThrow();
    await expect(t.login((await User.findByPk(target.id))!.username, 'passwort')).rejects.toThrow();
    expect((await api('GET', '/api/auth/me', token)).status).toBe(200);
  });

  it('refuses passwords made only of context words: product, roles, trade, the company of the settings, the own name (ASVS 6.2.11)', async () => {
    const smtp = (fromName: string, fromEmail: string) =>
      api('PUT', '/api/settings', adminToken, { smtp: { fromName, fromEmail } });
    expect((await smtp('Müller Haustechnik GmbH', 'info@kessler-bad.de')).status).toBe(200);
    try {
      const { user: target } = await buildUser({ role: 'Monteur', username: unique('jonas.brandt') });
      const { user, password, token } = await signedIn(t, 'Monteur', { username: unique('lena.vogt') });
      const refused = [
        'Werkboard2026!',
        'Monteur-Monteur',
        'Elektriker 1234',
        'Sanitaer&Heizung1',
        'Müller-Haustechnik1',
        'MUELLER2026',
        'kesslerbad!!',
      ];
      for (const weak of refused) {
        const answers = await setOnEveryPath(weak, target, { token, password });
        expect([weak, ...answers.map((answer) => [answer.status, answer.body.message])]).toEqual([
          weak,
          ...answers.map(() => [400, de.password.contextWords]),
        ]);
      }
      // The own name: in a new user, a reset and a change.
      const named = await api('POST', '/api/users', adminToken, { username: 'kai.zimmer', password: 'KaiZimmer2026' });
      expect([named.status, named.body.message]).toEqual([400, de.password.contextWords]);
      const reset = await api('PUT', `/api/users/${target.id}`, adminToken, {
        username: target.username,
        password: `${target.username}!`,
      });
      expect(reset.status).toBe(400);
      const own = await api('POST', '/api/users/change-password', token, {
        currentPassword: password,
        newPassword: `${user.username}#1`,
      });
      expect([own.status, own.body.message]).toEqual([400, de.password.contextWords]);
      // The same words with one of the user's own are fine, and log in.
      const username = unique('ok');
      const accepted = await api('POST', '/api/users', adminToken, { username, password: 'Monteur am Deich 7' });
      expect(accepted.status).toBe(201);
      await expect(t.login(username, 'Monteur am Deich 7')).resolves.toBeDefined();
      // Without the company in the settings, its name is an ordinary word again.
      expect((await smtp('', '')).status).toBe(200);
      expect(
        (await api('POST', '/api/users', adminToken, { username: unique('m'), password: 'kesslerbad!!' })).status,
      ).toBe(201);
    } finally {
      await smtp('', '');
    }
  });

  it('takes passwords of 64 and more characters and checks them exactly as typed (ASVS 6.2.8, 6.2.9)', async () => {
    // 120 characters with blanks, umlauts, an emoji and a tab-free mix of cases.
    const long = ` Über den Deich  fährt um 7 Uhr ein grüner Kran 🚧 mit ZWEI Haken – ${'x'.repeat(40)} ende `;
    expect(long.length).toBeGreaterThan(100);
    const username = unique('lang');
    expect((await api('POST', '/api/users', adminToken, { username, password: long })).status).toBe(201);
    expect((await t.login(username, long)).user.username).toBe(username);
    // Nothing is trimmed, case-folded, normalised or cut (bcrypt would cut at 72 bytes; argon2 does not).
    for (const variant of [long.trim(), long.toLowerCase(), long.slice(0, 72), long.normalize('NFD'), `${long}x`]) {
      expect(variant).not.toBe(long);
      const login = await t.request('POST', '/api/auth/login', { body: { username, password: variant } });
      expect([variant, login.status]).toEqual([variant, 401]);
    }
    // The own change takes the long one too, and the old one stops working.
    const { user, password, token } = await signedIn(t, 'Monteur');
    const longer = `${long}${'y'.repeat(200)}`;
    const changed = await api('POST', '/api/users/change-password', token, {
      currentPassword: password,
      newPassword: longer,
    });
    expect(changed.status).toBe(200);
    expect((await t.login(user.username, longer)).user.id).toBe(user.id);
    await expect(t.login(user.username, password)).rejects.toThrow();
  });

  it('lets the Admin lower the minimum to the spec’s 3, with a warning; messages name the minimum in force', async () => {
    expect((await security(adminToken)).body).toEqual({
      passwordMinLength: 8,
      recommendedPasswordMinLength: 8,
      secondFactorRequiredForAdmins: false,
      warning: null,
    });
    const lowered = await security(adminToken, { passwordMinLength: 5 });
    expect(lowered.body).toEqual({
      passwordMinLength: 5,
      recommendedPasswordMinLength: 8,
      secondFactorRequiredForAdmins: false,
      warning: 'Warnung: Passwörter mit weniger als 8 Zeichen sind leicht zu erraten.',
    });
    const tooShort = await api('POST', '/api/users', adminToken, { username: unique('kurz'), password: 'abcd' });
    expect([tooShort.status, tooShort.body.message]).toEqual([
      400,
      'Das Passwort muss mindestens 5 Zeichen lang sein.',
    ]);
    const username = unique('fuenf');
    expect((await api('POST', '/api/users', adminToken, { username, password: 'xq7zk' })).status).toBe(201);
    await expect(t.login(username, 'xq7zk')).resolves.toBeDefined();
    expect((await security(adminToken, { passwordMinLength: 3 })).body.passwordMinLength).toBe(3);
    // Common passwords stay refused whatever the minimum.
    const common = await api('POST', '/api/users', adminToken, { username: unique('abc'), password: 'abc123' });
    expect([common.status, common.body.message]).toEqual([400, de.password.tooCommon]);
  });

  it('refuses a minimum outside 3 to 64 and every role but the Admin, changing nothing', async () => {
    const message = 'Die Mindestlänge für Passwörter muss eine ganze Zahl zwischen 3 und 64 sein.';
    for (const passwordMinLength of [2, 65, 7.5, '8', null]) {
      const response = await security(adminToken, { passwordMinLength });
      expect([passwordMinLength, response.status, response.body]).toMatchObject([passwordMinLength, 400, { message }]);
    }
    for (const token of [bossToken, (await signedIn(t, 'Monteur')).token]) {
      expect((await security(token)).status).toBe(403);
      const refused = await security(token, { passwordMinLength: 3 });
      expect([refused.status, refused.body]).toMatchObject([403, { message: de.settings.securityAdminOnly }]);
    }
    expect((await security(adminToken)).body.passwordMinLength).toBe(8);
  });
});
