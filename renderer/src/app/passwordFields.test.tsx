import { act, fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../test/fixtures';
import { createFakeFetch } from '../test/fakeFetch';
import { renderApp } from '../test/renderApp';

/**
 * ASVS 6.2.6 and 6.2.7 on the forms where users type their own password: the fields hide the
 * text, say what they hold to password managers (`autocomplete`), and take pasted text.
 */
const READY = { startCommandSent: true, backendStarted: true, databaseReachable: true, databaseInitialized: true };

/** Whether a paste into the field goes through (fireEvent answers false when it was prevented). */
function acceptsPaste(field: HTMLElement): boolean {
  const text = 'Aus-dem-Passwortmanager-2026';
  const allowed = fireEvent.paste(field, { clipboardData: { getData: () => text, types: ['text/plain'] } });
  fireEvent.change(field, { target: { value: text } });
  return allowed && (field as HTMLInputElement).value === text;
}

const passwordFieldFacts = (field: HTMLInputElement) => [
  field.type,
  field.getAttribute('autocomplete'),
  field.readOnly,
  acceptsPaste(field),
];

describe('password fields (ASVS 6.2.6, 6.2.7)', () => {
  it('on the login page: hidden, current-password, pasting allowed', async () => {
    renderApp('/login', { fake: createFakeFetch({ 'GET /api/status': { body: READY } }) });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const field = screen.getByLabelText<HTMLInputElement>(de.login.password);
    expect(passwordFieldFacts(field)).toEqual(['password', 'current-password', false, true]);
    expect(screen.getByLabelText<HTMLInputElement>(de.login.username).getAttribute('autocomplete')).toBe('username');
  });

  it('in the profile’s password change: every field hidden, the current and the new one told apart, pasting allowed', async () => {
    const me = buildUser('Monteur', { id: 'u-erik', username: 'erik' });
    const fake = createFakeFetch({
      'GET /api/auth/me': { body: me },
      'GET /api/message-digest': { body: { enabled: false, hour: 7 } },
    });
    renderApp('/profile', { user: me, fake });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const form = within(screen.getByRole('region', { name: de.profileScreen.passwordTitle }));
    const fields = [
      de.profileScreen.currentPassword,
      de.profileScreen.newPassword,
      de.profileScreen.confirmPassword,
    ].map((label) => form.getByLabelText<HTMLInputElement>(label));
    expect(fields.map(passwordFieldFacts)).toEqual([
      ['password', 'current-password', false, true],
      ['password', 'new-password', false, true],
      ['password', 'new-password', false, true],
    ]);
    // No field of the page that asks for a password shows it.
    const shown = [...document.querySelectorAll('input')].filter(
      (input) => /passwort/i.test(input.labels?.[0]?.textContent ?? '') && input.type !== 'password',
    );
    expect(shown).toEqual([]);
  });
});
