import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, SessionDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp, TEST_TOKEN } from '../../test/renderApp';

const me = buildUser('Monteur', {
  id: 'u-erik',
  username: 'erik',
  usernameColor: '#FF8800',
  email: 'erik@example.de',
  lastLogin: '2026-04-02T07:15:00.000Z',
  lastModified: '2026-03-01T12:00:00.000Z',
  profileVisibility: 'admins_only',
});

/** Renders /profile and lets its refresh of the signed-in user (GET /auth/me) settle. */
async function setup(routes: Record<string, FakeRoute> = {}, user: CurrentUserDto = me) {
  const fake = createFakeFetch({
    'GET /api/auth/me': { body: user },
    'GET /api/message-digest': { body: { enabled: false, hour: 7 } },
    ...routes,
  });
  const view = renderApp('/profile', { user, fake });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(fake.calls('GET /api/auth/me')).toHaveLength(1);
  return { ...view, fake };
}

function detailsForm() {
  return within(screen.getByRole('region', { name: de.profileScreen.detailsTitle }));
}

function passwordForm() {
  return within(screen.getByRole('region', { name: de.profileScreen.passwordTitle }));
}

describe('/profile', () => {
  it('shows the initial as avatar, the colour, the profile fields and the read-only dates', async () => {
    await setup();
    const form = detailsForm();

    expect(form.getByText('E')).toBeTruthy();
    expect(form.getByText(de.profileScreen.avatarFixed)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Farbe des Benutzernamens').value).toBe('#ff8800');
    expect(form.getByLabelText<HTMLInputElement>('E-Mail-Adresse (optional)').value).toBe('erik@example.de');
    const visibility = form.getByLabelText<HTMLSelectElement>('Sichtbarkeit des Profils');
    expect(visibility.value).toBe('admins_only');
    expect([...visibility.options].map((option) => option.textContent)).toEqual([
      'Jeder',
      'Nur Admins & Firmenleiter',
      'Nur Monteure',
      'Admins, Firmenleiter & Monteure',
      'Admins, Firmenleiter, Monteure & Auszubildende',
    ]);
    expect(form.getByText(/02\.04\.2026/)).toBeTruthy();
    expect(form.getByText(/01\.03\.2026/)).toBeTruthy();
  });

  it("saves trimmed values and says 'Profil erfolgreich gespeichert!'", async () => {
    const { fake, store } = await setup({
      'PUT /api/users/profile': ({ body }) => ({
        body: { ...me, ...(body as object), lastModified: '2026-05-01T09:00:00.000Z' },
      }),
    });
    const form = detailsForm();
    fireEvent.change(form.getByLabelText('Mobiltelefon dienstlich (optional)'), { target: { value: ' 0171 5 ' } });
    fireEvent.change(form.getByLabelText('Sichtbarkeit des Profils'), { target: { value: 'everyone' } });
    fireEvent.click(form.getByRole('button', { name: 'Profil speichern' }));

    expect((await form.findByRole('status')).textContent).toBe('Profil erfolgreich gespeichert!');
    const body = fake.calls('PUT /api/users/profile')[0]?.body as Record<string, unknown>;
    expect(body.phone).toBe('0171 5');
    expect(body.profileVisibility).toBe('everyone');
    expect(body.usernameColor).toBe('#ff8800');
    expect(store.getState().auth.user?.phone).toBe('0171 5');
    expect(form.getByText(/01\.05\.2026/)).toBeTruthy();
  });

  it("shows 'Fehler: {server message}' when saving fails", async () => {
    await setup({ 'PUT /api/users/profile': { status: 400, body: { message: 'Ungültige Eingabe.' } } });
    const form = detailsForm();
    fireEvent.click(form.getByRole('button', { name: 'Profil speichern' }));

    expect((await form.findByRole('alert')).textContent).toBe('Fehler: Ungültige Eingabe.');
  });

  it('refuses an invalid website before sending', async () => {
    const { fake } = await setup();
    const form = detailsForm();
    fireEvent.change(form.getByLabelText('Website (optional)'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(form.getByRole('button', { name: 'Profil speichern' }));

    expect(form.getByText(de.validation.websiteInvalid)).toBeTruthy();
    expect(fake.calls('PUT /api/users/profile')).toHaveLength(0);
  });
});

describe('/profile password change', () => {
  function fill(current: string, next: string, confirm: string) {
    const form = passwordForm();
    fireEvent.change(form.getByLabelText('Aktuelles Passwort'), { target: { value: current } });
    fireEvent.change(form.getByLabelText('Neues Passwort'), { target: { value: next } });
    fireEvent.change(form.getByLabelText('Neues Passwort bestätigen'), { target: { value: confirm } });
    fireEvent.click(form.getByRole('button', { name: 'Passwort ändern' }));
  }

  it('says when the new passwords differ and sends nothing', async () => {
    const { fake } = await setup();
    fill('alt', 'neues-passwort', 'anderes-passwort');

    expect(passwordForm().getByText('Die neuen Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(fake.calls('POST /api/users/change-password')).toHaveLength(0);
  });

  // The minimum is the Admin's setting (issue 13, finding 7): the server says it, the form shows it.
  it('shows the server’s message for a too short new password, naming the minimum in force', async () => {
    const message = 'Das neue Passwort muss mindestens 8 Zeichen lang sein.';
    const { store } = await setup({
      'POST /api/users/change-password': { status: 400, body: { message, fields: { newPassword: message } } },
    });
    fill('alt', 'ab', 'ab');

    expect((await passwordForm().findByRole('alert')).textContent).toBe(`Fehler: ${message}`);
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
  });

  it('stores the fresh token from the answer, so the session goes on', async () => {
    const { fake, store } = await setup({
      'POST /api/users/change-password': { body: { message: de.password.changed, token: 'token-neu' } },
    });
    fill('alt', 'neu123', 'neu123');

    expect((await passwordForm().findByRole('status')).textContent).toBe('Passwort erfolgreich geändert!');
    expect(fake.calls('POST /api/users/change-password')[0]?.body).toEqual({
      currentPassword: 'alt',
      newPassword: 'neu123',
    });
    expect(fake.calls('POST /api/users/change-password')[0]?.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(store.getState().auth.token).toBe('token-neu');
    expect(passwordForm().getByLabelText<HTMLInputElement>('Neues Passwort').value).toBe('');
  });

  it('shows a wrong current password as the server says it, and keeps the session', async () => {
    const { store } = await setup({
      'POST /api/users/change-password': {
        status: 400,
        body: { message: de.password.currentWrong, fields: { currentPassword: de.password.currentWrong } },
      },
    });
    fill('falsch', 'neu123', 'neu123');

    expect((await passwordForm().findByRole('alert')).textContent).toBe(`Fehler: ${de.password.currentWrong}`);
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
  });
});

describe('/profile: Angemeldete Geräte', () => {
  const laptop: SessionDto = {
    id: 's-laptop',
    device: 'Chrome auf Windows',
    ip: '192.168.1.20',
    createdAt: '2026-04-01T06:00:00.000Z',
    lastSeenAt: '2026-04-02T07:15:00.000Z',
    current: true,
  };
  const phone: SessionDto = { ...laptop, id: 's-phone', device: 'Chrome auf Android', ip: null, current: false };
  const tablet: SessionDto = { ...laptop, id: 's-tablet', device: 'Safari auf iPad', current: false };

  function devices() {
    return within(screen.getByRole('region', { name: de.sessions.title }));
  }

  it('lists the devices with last activity, marks this one and offers no logout for it', async () => {
    await setup({ 'GET /api/auth/sessions': { body: [laptop, phone] } });
    const list = devices();
    const current = within(await list.findByRole('listitem', { name: laptop.device }));
    expect(current.getByText(/Dieses Gerät/)).toBeTruthy();
    expect(current.getByText(/Zuletzt aktiv: 02\.04\.2026/)).toBeTruthy();
    expect(current.getByText(/IP-Adresse: 192\.168\.1\.20/)).toBeTruthy();
    expect(current.queryByRole('button')).toBeNull();
    const other = within(list.getByRole('listitem', { name: phone.device }));
    expect(other.getByRole('button', { name: de.sessions.endOneLabel(phone.device) })).toBeTruthy();
  });

  it("'Abmelden' ends that device and reads the list again", async () => {
    let sessions = [laptop, phone, tablet];
    const { fake } = await setup({
      'GET /api/auth/sessions': () => ({ body: sessions }),
      'DELETE /api/auth/sessions/s-phone': () => {
        sessions = [laptop, tablet];
        return { body: { message: de.sessions.ended } };
      },
    });
    const list = devices();
    fireEvent.click(await list.findByRole('button', { name: de.sessions.endOneLabel(phone.device) }));
    expect((await list.findByRole('status')).textContent).toBe(de.sessions.ended);
    await waitFor(() => expect(list.queryByRole('listitem', { name: phone.device })).toBeNull());
    expect(fake.calls('DELETE /api/auth/sessions/s-phone')).toHaveLength(1);
    expect(list.getByRole('listitem', { name: tablet.device })).toBeTruthy();
  });

  it("'Alle anderen abmelden' ends the others; with none left it says so and the button goes", async () => {
    let sessions = [laptop, phone, tablet];
    await setup({
      'GET /api/auth/sessions': () => ({ body: sessions }),
      'DELETE /api/auth/sessions/others': () => {
        sessions = [laptop];
        return { body: { message: de.sessions.othersEnded(2), ended: 2 } };
      },
    });
    const list = devices();
    fireEvent.click(await list.findByRole('button', { name: de.sessions.endOthers }));
    expect((await list.findByRole('status')).textContent).toBe(de.sessions.othersEnded(2));
    expect(await list.findByText(de.sessions.noOthers)).toBeTruthy();
    expect(list.queryByRole('button', { name: de.sessions.endOthers })).toBeNull();
  });

  it('shows the server’s message when ending fails, and the list stays', async () => {
    await setup({
      'GET /api/auth/sessions': { body: [laptop, phone] },
      'DELETE /api/auth/sessions/s-phone': { status: 404, body: { message: de.sessions.notFound } },
    });
    const list = devices();
    fireEvent.click(await list.findByRole('button', { name: de.sessions.endOneLabel(phone.device) }));
    expect((await list.findByRole('alert')).textContent).toBe(de.sessions.notFound);
    expect(list.getByRole('listitem', { name: phone.device })).toBeTruthy();
  });
});
