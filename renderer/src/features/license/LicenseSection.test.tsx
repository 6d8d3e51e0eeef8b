import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StatsCounts } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeAnswer, FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders, TEST_DEVICE_ID, TEST_TOKEN } from '../../test/renderApp';
import { LicenseSection, LICENSE_SUCCESS_CLOSE_MS } from './LicenseSection';

const l = de.licenseScreen;
const admin = buildUser('Admin', { id: 'u-admin' });

const FREE_COUNTS: StatsCounts = {
  activeProjectCount: 2,
  templateCount: 11,
  userCount: 6,
  externalUserCount: 3,
  licenseType: 'Free',
  limits: { users: 6, externalUsers: 10, templates: 10, activeProjects: 10 },
};

function setup(routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'GET /api/stats/counts': { body: FREE_COUNTS },
    'GET /api/auth/me': { body: { ...admin, licenseType: 'Lifetime' } },
    ...routes,
  });
  const onActivated = jest.fn();
  const view = renderWithProviders(<LicenseSection onActivated={onActivated} />, { user: admin, fake });
  return { ...view, fake, onActivated };
}

function usage(label: string) {
  return screen.getByRole('meter', { name: label }).closest('li')!;
}

function fillAndSubmit(email = 'chef@example.de', key = 'eyJ2IjoxfQ.c2lnbmF0dXJl') {
  fireEvent.change(screen.getByLabelText(l.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(l.key), { target: { value: key } });
  fireEvent.click(screen.getByRole('button', { name: l.activate }));
}

describe('license status', () => {
  it('shows the license type and turns a bar red at or over its limit', async () => {
    setup();
    await screen.findAllByRole('meter');

    expect(screen.getByText(de.license.free)).toBeTruthy();
    const users = usage('Benutzer');
    expect(users.className).toContain('usage--over');
    expect(within(users).getByText('6 von 6')).toBeTruthy();
    expect(
      within(users).getByText('Limit überschritten. Es können keine neuen Einträge erstellt werden.'),
    ).toBeTruthy();

    const templates = usage('Vorlagen');
    expect(templates.className).toContain('usage--over');

    const external = usage('Externe Mitarbeiter');
    expect(external.className).not.toContain('usage--over');
    expect(within(external).queryByText(de.license.limitExceeded)).toBeNull();
    expect(screen.getByRole('meter', { name: 'Externe Mitarbeiter' }).getAttribute('aria-valuenow')).toBe('3');
    expect(usage('Aktive Projekte').className).not.toContain('usage--over');
  });

  it('shows no bars and no limits with a Lifetime license', async () => {
    setup({
      'GET /api/stats/counts': { body: { ...FREE_COUNTS, licenseType: 'Lifetime', limits: null } },
    });
    expect(await screen.findByText(l.lifetimeActive)).toBeTruthy();
    expect(screen.queryAllByRole('meter')).toHaveLength(0);
    expect(screen.getByText('6 (unbegrenzt)')).toBeTruthy();
    expect(screen.queryByText(de.license.limitExceeded)).toBeNull();
  });

  it('needs an e-mail and a key before it sends anything', async () => {
    const { fake } = setup();
    await screen.findAllByRole('meter');
    fireEvent.click(screen.getByRole('button', { name: l.activate }));

    expect(screen.getByRole('alert').textContent).toBe(de.license.activationRequired);
    expect(fake.calls('POST /api/license/activate')).toHaveLength(0);
  });

  it('activates, loads the signed-in user again (the footer shows the new license) and closes after 2.5 s', async () => {
    jest.useFakeTimers();
    try {
      const { fake, onActivated, store } = setup({
        'POST /api/license/activate': { body: { message: de.license.activated, licenseType: 'Lifetime' } },
      });
      expect(store.getState().auth.user?.licenseType).toBe('Free');
      await screen.findAllByRole('meter');
      fillAndSubmit();

      expect(screen.getByRole('button', { name: l.activating })).toHaveProperty('disabled', true);
      expect((await screen.findByRole('status')).textContent).toBe(de.license.activated);
      expect(fake.calls('POST /api/license/activate')[0]?.body).toEqual({
        email: 'chef@example.de',
        licenseKey: 'eyJ2IjoxfQ.c2lnbmF0dXJl',
        force: false,
        deviceId: TEST_DEVICE_ID,
      });
      await waitFor(() => expect(store.getState().auth.user?.licenseType).toBe('Lifetime'));

      await act(() => jest.advanceTimersByTimeAsync(LICENSE_SUCCESS_CLOSE_MS - 10));
      expect(onActivated).not.toHaveBeenCalled();
      await act(() => jest.advanceTimersByTimeAsync(10));
      expect(onActivated).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("asks 'Lizenz bereits in Verwendung' on a 409 and activates by force when confirmed", async () => {
    const answers: FakeAnswer[] = [
      { status: 409, body: { message: de.license.inUse, code: 'license_in_use' } },
      { body: { message: de.license.activated, licenseType: 'Lifetime' } },
    ];
    const { fake, store } = setup({ 'POST /api/license/activate': () => answers.shift()! });
    await screen.findAllByRole('meter');
    fillAndSubmit();

    const confirm = await screen.findByRole('dialog', { name: 'Lizenz bereits in Verwendung' });
    // A 409 here is not a lost session.
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
    expect(within(confirm).getByText(de.license.inUse)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: l.forceActivate }));

    expect((await screen.findByRole('status')).textContent).toBe(de.license.activated);
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = fake.calls('POST /api/license/activate');
    expect(calls.map((call) => (call.body as { force: boolean }).force)).toEqual([false, true]);
  });

  it('leaves everything as it was when the forced activation is declined', async () => {
    const { fake } = setup({ 'POST /api/license/activate': { status: 409, body: { message: de.license.inUse } } });
    await screen.findAllByRole('meter');
    fillAndSubmit();

    const confirm = await screen.findByRole('dialog', { name: 'Lizenz bereits in Verwendung' });
    fireEvent.click(within(confirm).getByRole('button', { name: de.actions.cancel }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls('POST /api/license/activate')).toHaveLength(1);
    expect(screen.getByRole('button', { name: l.activate })).toHaveProperty('disabled', false);
  });

  it("says 'Die erzwungene Aktivierung ist fehlgeschlagen.' when the forced activation fails", async () => {
    const answers: FakeAnswer[] = [
      { status: 409, body: { message: de.license.inUse } },
      { status: 500, body: { message: 'Datenbankfehler' } },
    ];
    setup({ 'POST /api/license/activate': () => answers.shift()! });
    await screen.findAllByRole('meter');
    fillAndSubmit();
    fireEvent.click(await screen.findByRole('button', { name: l.forceActivate }));

    expect((await screen.findByRole('alert')).textContent).toBe('Die erzwungene Aktivierung ist fehlgeschlagen.');
  });

  it("shows the server's message for other errors, else 'Ein unbekannter Fehler ist aufgetreten.'", async () => {
    const answers: FakeAnswer[] = [
      { status: 400, body: { message: de.license.invalidKey } },
      { status: 502, body: '<html>Bad Gateway</html>' },
    ];
    setup({ 'POST /api/license/activate': () => answers.shift()! });
    await screen.findAllByRole('meter');

    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(de.license.invalidKey);

    fireEvent.click(screen.getByRole('button', { name: l.activate }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ein unbekannter Fehler ist aufgetreten.'));
  });
});
