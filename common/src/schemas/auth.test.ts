import { de } from '../messages';
import { loginRequestSchema } from './auth';
import { validate } from './validate';

describe('loginRequestSchema', () => {
  it('trims the username and keeps the password as typed', () => {
    const result = validate(loginRequestSchema, { username: '  anna ', password: ' geheim ' });
    expect(result).toEqual({ ok: true, value: { username: 'anna', password: ' geheim ' } });
  });

  it('answers in German for missing fields', () => {
    const result = validate(loginRequestSchema, { username: '   ' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe(de.login.usernameRequired);
      expect(result.fields).toEqual({ username: de.login.usernameRequired, password: de.login.passwordRequired });
    }
  });

  it('refuses a body that is not an object', () => {
    expect(validate(loginRequestSchema, 'admin').ok).toBe(false);
  });
});
