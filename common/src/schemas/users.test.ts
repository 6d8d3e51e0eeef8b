import { de } from '../messages';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  externalUserSchema,
  profileUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
} from './users';
import { validate } from './validate';

const firstMessage = (result: ReturnType<typeof validate>) => (result.ok ? null : result.message);

describe('userCreateSchema', () => {
  it('trims values, clears empty optional fields, keeps the password as typed and drops unknown fields', () => {
    const result = validate(userCreateSchema, {
      username: '  anna ',
      password: ' geheim ',
      email: ' anna@firma.de ',
      phone: '  ',
      website: 'https://firma.de',
      role: 'Auszubildende',
      passwordHash: 'x',
      tokenVersion: 99,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        username: 'anna',
        password: ' geheim ',
        email: 'anna@firma.de',
        phone: null,
        website: 'https://firma.de',
        role: 'Auszubildender',
      },
    });
  });

  it.each([
    [{ password: 'abc' }, de.users.usernameRequired],
    [{ username: '   ', password: 'abc' }, de.users.usernameRequired],
    [{ username: 'anna' }, de.users.passwordRequired],
    [{ username: 'anna', password: '   ' }, de.users.passwordRequired],
    [{ username: 'anna', password: 'abc', email: 'keine-mail' }, de.validation.emailInvalid],
    [{ username: 'anna', password: 'abc', website: 'javascript:alert(1)' }, de.validation.websiteInvalid],
    [{ username: 'anna', password: 'abc', website: 'www.firma.de' }, de.validation.websiteInvalid],
    [{ username: 'anna', password: 'abc', role: 'Chef' }, de.users.roleInvalid],
    [{ username: 'x'.repeat(101), password: 'abc' }, de.validation.tooLong('Benutzername', 100)],
    [{ username: 'anna', password: 'abc', directMessagesEnabled: 'ja' }, de.validation.booleanInvalid],
  ])('refuses %j with the German message', (input, message) => {
    expect(firstMessage(validate(userCreateSchema, input))).toBe(message);
  });

  it('refuses a body that is not an object', () => {
    expect(firstMessage(validate(userCreateSchema, null))).toBe(de.api.validationFailed);
  });
});

describe('userUpdateSchema', () => {
  it('treats a blank or missing password as "keep the old one"', () => {
    const blank = validate(userUpdateSchema, { username: 'anna', password: '  ' });
    expect(blank.ok && blank.value.password).toBeUndefined();
    const missing = validate(userUpdateSchema, { username: 'anna' });
    expect(missing).toEqual({ ok: true, value: { username: 'anna' } });
  });

  it('leaves a given password’s length to the server (its minimum is a setting) and requires the username', () => {
    expect(validate(userUpdateSchema, { username: 'anna', password: 'ab' })).toEqual({
      ok: true,
      value: { username: 'anna', password: 'ab' },
    });
    expect(firstMessage(validate(userUpdateSchema, { username: '' }))).toBe(de.users.usernameRequired);
  });
});

describe('profileUpdateSchema', () => {
  it('accepts a colour and a visibility value of the spec', () => {
    const result = validate(profileUpdateSchema, { usernameColor: '#ff8800', profileVisibility: 'admins_only' });
    expect(result).toEqual({ ok: true, value: { usernameColor: '#ff8800', profileVisibility: 'admins_only' } });
  });

  it('refuses other colours and visibilities, and drops the avatar', () => {
    expect(firstMessage(validate(profileUpdateSchema, { usernameColor: 'red' }))).toBe(de.profile.usernameColorInvalid);
    expect(firstMessage(validate(profileUpdateSchema, { profileVisibility: 'friends' }))).toBe(
      de.profile.visibilityInvalid,
    );
    const avatar = validate(profileUpdateSchema, { avatar: 'data:image/png;base64,AAAA' });
    expect(avatar).toEqual({ ok: true, value: {} });
  });
});

describe('password change', () => {
  it('needs the current password; the new one’s length is the server’s rule (a setting)', () => {
    expect(firstMessage(validate(changePasswordSchema, { newPassword: 'abcd' }))).toBe(de.password.currentRequired);
    expect(validate(changePasswordSchema, { currentPassword: 'alt', newPassword: 'ab' }).ok).toBe(true);
  });

  it('checks the confirmation in the form', () => {
    const mismatch = validate(changePasswordFormSchema, {
      currentPassword: 'alt',
      newPassword: 'neu1',
      confirmPassword: 'neu2',
    });
    expect(mismatch).toMatchObject({ ok: false, fields: { confirmPassword: de.password.mismatch } });
  });
});

describe('externalUserSchema', () => {
  it('trims the name and refuses an empty one', () => {
    expect(validate(externalUserSchema, { name: '  Max Muster ' })).toEqual({
      ok: true,
      value: { name: 'Max Muster' },
    });
    expect(firstMessage(validate(externalUserSchema, { name: '   ' }))).toBe('Der Name darf nicht leer sein.');
    expect(firstMessage(validate(externalUserSchema, {}))).toBe('Der Name darf nicht leer sein.');
  });
});
