import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagedUserDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildManagedUser, buildUser } from '../../test/fixtures';
import type { FakeAnswer, FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const admin = buildUser('Admin', { id: 'u-admin', username: 'admin' });
const firmenleiter = buildUser('Firmenleiter', { id: 'u-chefin', username: 'chefin' });

const LIST: ManagedUserDto[] = [
  buildManagedUser('Admin', { id: 'u-admin', username: 'admin', lastLogin: '2026-03-05T08:30:00.000Z' }),
  buildManagedUser('Firmenleiter', { id: 'u-chefin', username: 'chefin' }),
  buildManagedUser('Firmenleiter', { id: 'u-chef2', username: 'chef2' }),
  buildManagedUser('Monteur', {
    id: 'u-max',
    username: 'max',
    email: 'max@example.de',
    phone: '0171 111',
    privatePhone: '0160 222',
    lastModified: '2026-02-01T10:00:00.000Z',
  }),
];

function setup(user = admin, routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'GET /api/users': { body: LIST },
    'GET /api/external-users': { body: [] },
    ...routes,
  });
  const view = renderApp('/users', { user, fake });
  return { ...view, fake };
}

async function row(name: string) {
  return within(await screen.findByRole('listitem', { name }));
}

/** Clicks what opens a form and waits for the form: its chunk loads on the first opening (usersDialogs.ts). */
async function openForm(opener: HTMLElement) {
  fireEvent.click(opener);
  await screen.findByRole('button', { name: 'Speichern' });
}

describe('/users', () => {
  it("says at 6/6 users that the limit is reached before the form: 'Neuen Benutzer hinzufügen' opens nothing", async () => {
    const counts = { activeProjectCount: 2, templateCount: 1, userCount: 6, externalUserCount: 0, licenseType: 'Free' };
    const limits = { users: 6, externalUsers: 10, templates: 10, activeProjects: 10 };
    setup(admin, { 'GET /api/stats/counts': { body: { ...counts, limits } } });

    const add = screen.getByRole('button', { name: de.usersScreen.addUser });
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe('true'));
    expect(add.title).toBe('Benutzerlimit erreicht (6/6). Für weitere Einträge wird eine Lifetime-Lizenz benötigt.');
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(add.title);
  });

  it('opens the form below the limit (5/6 users)', async () => {
    const counts = { activeProjectCount: 2, templateCount: 1, userCount: 5, externalUserCount: 0, licenseType: 'Free' };
    const limits = { users: 6, externalUsers: 10, templates: 10, activeProjects: 10 };
    const { fake } = setup(admin, { 'GET /api/stats/counts': { body: { ...counts, limits } } });

    await waitFor(() => expect(fake.calls('GET /api/stats/counts')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: de.usersScreen.addUser }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('lists users with role badge, contact details if set and de-DE dates', async () => {
    setup();

    const max = await row('max');
    expect(max.getByText('Monteur')).toBeTruthy();
    expect(max.getByText('max@example.de')).toBeTruthy();
    expect(max.getByText('0171 111')).toBeTruthy();
    expect(max.getByText('0160 222')).toBeTruthy();
    expect(max.getByText(de.usersScreen.never)).toBeTruthy();
    expect(max.getByText(/01\.02\.2026/)).toBeTruthy();

    const adminRow = await row('admin');
    expect(adminRow.getByText(/05\.03\.2026/)).toBeTruthy();
    // No e-mail or phone set: no empty labels.
    expect(adminRow.queryByText(de.usersScreen.email)).toBeNull();
  });

  it("shows 'Rollenberechtigungen' to the Admin only", async () => {
    setup(admin);
    const link = await screen.findByRole('link', { name: 'Rollenberechtigungen' });
    expect(link.getAttribute('href')).toBe('/admin/permissions');
  });

  it("hides 'Rollenberechtigungen' from a Firmenleiter", async () => {
    setup(firmenleiter);
    await row('max');
    expect(screen.queryByRole('link', { name: 'Rollenberechtigungen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Neuen Benutzer hinzufügen' })).toBeTruthy();
  });

  it('hides edit and delete for oneself and for users ranked at or above oneself', async () => {
    setup(firmenleiter);

    const max = await row('max');
    expect(max.getByRole('button', { name: 'max bearbeiten' })).toBeTruthy();
    expect(max.getByRole('button', { name: 'max löschen' })).toBeTruthy();
    for (const name of ['admin', 'chefin', 'chef2']) {
      const other = await row(name);
      expect(other.queryByRole('button', { name: `${name} bearbeiten` })).toBeNull();
      expect(other.queryByRole('button', { name: `${name} löschen` })).toBeNull();
    }
  });

  it('disables roles at or above a Firmenleiter in the role select', async () => {
    setup(firmenleiter);
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));

    const dialog = within(screen.getByRole('dialog', { name: de.usersScreen.createTitle }));
    const select = dialog.getByLabelText<HTMLSelectElement>('Rolle');
    const disabled = [...select.options].filter((option) => option.disabled).map((option) => option.value);
    expect(disabled).toEqual(['Admin', 'Firmenleiter']);
    expect(select.value).toBe('Monteur');
  });

  it('enables every role for the Admin', async () => {
    setup(admin);
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));

    const select = screen.getByLabelText<HTMLSelectElement>('Rolle');
    expect([...select.options].filter((option) => option.disabled)).toHaveLength(0);
  });

  it('says in German what is missing and sends nothing', async () => {
    const { fake } = setup();
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = within(screen.getByRole('dialog'));

    fireEvent.change(dialog.getByLabelText('Benutzername'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    expect(dialog.getByText('Benutzername ist erforderlich.')).toBeTruthy();
    expect(dialog.getByText('Passwort ist für neue Benutzer erforderlich.')).toBeTruthy();
    expect(dialog.getByLabelText('Benutzername').getAttribute('aria-invalid')).toBe('true');
    // The first refused field gets the focus, so its message is in view in the long dialog.
    expect(document.activeElement).toBe(dialog.getByLabelText('Benutzername'));
    expect(fake.calls('POST /api/users')).toHaveLength(0);
  });

  it('creates a user with trimmed values and shows it in the list', async () => {
    const created = buildManagedUser('Helfer', { id: 'u-new', username: 'neu', email: 'neu@example.de' });
    const { fake } = setup(admin, { 'POST /api/users': { status: 201, body: created } });
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = within(screen.getByRole('dialog'));

    fireEvent.change(dialog.getByLabelText('Benutzername'), { target: { value: '  neu ' } });
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: ' geheim ' } });
    fireEvent.change(dialog.getByLabelText('E-Mail-Adresse (optional)'), { target: { value: ' neu@example.de ' } });
    fireEvent.change(dialog.getByLabelText('Rolle'), { target: { value: 'Helfer' } });
    fireEvent.click(dialog.getByLabelText('Direktnachrichten erlauben'));
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls('POST /api/users')[0]?.body).toEqual({
      username: 'neu',
      password: ' geheim ',
      email: 'neu@example.de',
      phone: null,
      privatePhone: null,
      address: null,
      website: null,
      otherInfo: null,
      role: 'Helfer',
      directMessagesEnabled: false,
    });
    expect(await row('neu')).toBeTruthy();
  });

  it("warns that a password reset makes the user's old messages unreadable", async () => {
    setup(admin, {});
    await openForm((await row('max')).getByRole('button', { name: 'max bearbeiten' }));
    const dialog = within(screen.getByRole('dialog', { name: de.usersScreen.editTitle('max') }));
    expect(dialog.queryByText(de.directMessages.resetWarning)).toBeNull();
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'neu-gesetzt' } });
    expect(dialog.getByText(de.directMessages.resetWarning)).toBeTruthy();
  });

  it('sends no password when editing with the field left blank', async () => {
    const { fake } = setup(admin, {
      'PUT /api/users/u-max': ({ body }) => ({ body: { ...LIST[3], ...(body as object) } }),
    });
    await openForm((await row('max')).getByRole('button', { name: 'max bearbeiten' }));
    const dialog = within(screen.getByRole('dialog', { name: de.usersScreen.editTitle('max') }));
    expect(dialog.getByLabelText<HTMLInputElement>('Benutzername').value).toBe('max');

    fireEvent.change(dialog.getByLabelText('Mobiltelefon privat (optional)'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(fake.calls('PUT /api/users/u-max')).toHaveLength(1));
    const body = fake.calls('PUT /api/users/u-max')[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body.privatePhone).toBeNull();
    expect(body.role).toBe('Monteur');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens 'Benutzerlimit erreicht' when the server answers the limit error", async () => {
    setup(admin, {
      'POST /api/users': {
        status: 403,
        body: { message: de.limits.users, code: 'limit_reached', limit: 'users', max: 6 },
      },
    });
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const form = within(screen.getByRole('dialog'));
    fireEvent.change(form.getByLabelText('Benutzername'), { target: { value: 'siebter' } });
    fireEvent.change(form.getByLabelText('Passwort'), { target: { value: 'geheim' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));

    const limit = await screen.findByRole('dialog', { name: 'Benutzerlimit erreicht' });
    expect(within(limit).getByText(de.limits.text)).toBeTruthy();
    fireEvent.click(within(limit).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Benutzerlimit erreicht' })).toBeNull();
    // The form stays open with what was typed.
    expect(screen.getByLabelText<HTMLInputElement>('Benutzername').value).toBe('siebter');
  });

  it('shows a server field error next to the field', async () => {
    setup(admin, {
      'POST /api/users': {
        status: 400,
        body: {
          message: de.users.usernameTaken,
          code: 'validation',
          fields: { username: de.users.usernameTaken },
        },
      },
    });
    await openForm(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Benutzername'), { target: { value: 'max' } });
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'geheim' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(dialog.getAllByText(de.users.usernameTaken).length).toBeGreaterThan(0);
    expect(dialog.getByLabelText('Benutzername').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes after the warning and removes the row', async () => {
    const { fake } = setup(admin, { 'DELETE /api/users/u-max': { body: { message: de.users.deleted } } });
    fireEvent.click((await row('max')).getByRole('button', { name: 'max löschen' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Benutzer löschen' }));
    expect(dialog.getByText('Diese Aktion kann nicht rückgängig gemacht werden.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'max' })).toBeNull());
    expect(fake.calls('DELETE /api/users/u-max')).toHaveLength(1);
  });

  it("shows the server's message when deleting fails, or the spec's text", async () => {
    let answer: FakeAnswer = { status: 403, body: { message: de.users.rankTooLow } };
    setup(admin, { 'DELETE /api/users/u-max': () => answer });
    fireEvent.click((await row('max')).getByRole('button', { name: 'max löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Benutzer löschen' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(de.users.rankTooLow);

    answer = { status: 500, body: '' };
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Benutzer konnte nicht gelöscht werden.'));
    expect(screen.getByRole('listitem', { name: 'max' })).toBeTruthy();
  });

  it('shows the load failure with the server message', async () => {
    setup(admin, { 'GET /api/users': { status: 403, body: { message: de.users.manageForbidden } } });
    expect((await screen.findByRole('alert')).textContent).toContain(de.users.manageForbidden);
  });
});

describe("/users 'Externe Mitarbeiter'", () => {
  it("shows the page's read of the external users: no second read when the users list answers more than 5 s later", async () => {
    // Only the clock is faked (Date, which RTK Query's freshness reads); timers stay real.
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
        'performance',
      ],
    });
    try {
      jest.setSystemTime(new Date('2026-11-24T08:00:00.000Z'));
      let answerUsers: (answer: FakeAnswer) => void = () => undefined;
      const { fake } = setup(admin, {
        'GET /api/users': () => new Promise<FakeAnswer>((resolve) => (answerUsers = resolve)),
        'GET /api/external-users': { body: [{ id: 'e1', name: 'Elektro Huber' }] },
      });
      await waitFor(() => expect(fake.calls('GET /api/external-users')).toHaveLength(1));
      // A slow phone: the users list (above the section) answers 6 s after the external users.
      jest.setSystemTime(new Date('2026-11-24T08:00:06.000Z'));
      answerUsers({ body: LIST });
      const list = within(await screen.findByRole('list', { name: 'Externe Mitarbeiter' }));
      expect(list.getByText('Elektro Huber')).toBeTruthy();
      // The section shows what the page read; it does not decide on a read of its own.
      expect(fake.calls('GET /api/external-users')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says when there are none', async () => {
    setup();
    expect(await screen.findByText('Keine externen Mitarbeiter angelegt.')).toBeTruthy();
  });

  it('refuses an empty name and adds a trimmed one', async () => {
    const { fake } = setup(admin, {
      'POST /api/external-users': ({ body }) => ({ status: 201, body: { id: 'e1', ...(body as object) } }),
    });
    await openForm(await screen.findByRole('button', { name: 'Externen Mitarbeiter hinzufügen' }));
    const dialog = within(screen.getByRole('dialog'));

    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(dialog.getByText('Der Name darf nicht leer sein.')).toBeTruthy();
    expect(fake.calls('POST /api/external-users')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: '  Elektro Huber ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    const list = within(await screen.findByRole('list', { name: 'Externe Mitarbeiter' }));
    expect(list.getByText('Elektro Huber')).toBeTruthy();
    expect(fake.calls('POST /api/external-users')[0]?.body).toEqual({ name: 'Elektro Huber' });
    expect(screen.queryByText('Keine externen Mitarbeiter angelegt.')).toBeNull();
  });

  it("opens 'Limit für externe Mitarbeiter erreicht' on the limit error", async () => {
    setup(admin, {
      'POST /api/external-users': {
        status: 403,
        body: { message: de.limits.externalUsers, code: 'limit_reached', limit: 'externalUsers', max: 10 },
      },
    });
    await openForm(await screen.findByRole('button', { name: 'Externen Mitarbeiter hinzufügen' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nummer elf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    const limit = await screen.findByRole('dialog', { name: 'Limit für externe Mitarbeiter erreicht' });
    expect(within(limit).getByText(de.limits.text)).toBeTruthy();
  });

  it('renames and deletes an entry', async () => {
    const { fake } = setup(admin, {
      'GET /api/external-users': { body: [{ id: 'e1', name: 'Huber' }] },
      'PUT /api/external-users/e1': ({ body }) => ({ body: { id: 'e1', ...(body as object) } }),
      'DELETE /api/external-users/e1': { body: { message: de.externalUsers.deleted } },
    });
    await openForm(await screen.findByRole('button', { name: 'Huber bearbeiten' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Huber GmbH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Huber GmbH')).toBeTruthy();
    expect(fake.calls('PUT /api/external-users/e1')[0]?.body).toEqual({ name: 'Huber GmbH' });

    fireEvent.click(screen.getByRole('button', { name: 'Huber GmbH löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Externen Mitarbeiter löschen' }));
    expect(dialog.getByText('Diese Aktion kann nicht rückgängig gemacht werden.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Keine externen Mitarbeiter angelegt.')).toBeTruthy();
  });
});

describe('/users: Alle Sitzungen beenden', () => {
  it('asks, ends all sessions of the user and says how many ended', async () => {
    const { fake } = setup(admin, {
      'DELETE /api/users/u-max/sessions': { body: { message: de.sessions.allEnded(2), ended: 2 } },
    });
    const max = await row('max');
    fireEvent.click(max.getByRole('button', { name: de.sessions.endAllLabel('max') }));
    const dialog = within(await screen.findByRole('dialog', { name: de.sessions.endAll }));
    expect(dialog.getByText(de.sessions.endAllConfirm('max'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: de.sessions.endAll }));
    expect((await screen.findByRole('status')).textContent).toBe(de.sessions.allEnded(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls('DELETE /api/users/u-max/sessions')).toHaveLength(1);
  });

  it('is offered only for users the caller may edit, not for oneself', async () => {
    setup(firmenleiter);
    expect((await row('max')).getByRole('button', { name: de.sessions.endAllLabel('max') })).toBeTruthy();
    expect((await row('chef2')).queryByRole('button', { name: de.sessions.endAllLabel('chef2') })).toBeNull();
    expect((await row('chefin')).queryByRole('button', { name: de.sessions.endAllLabel('chefin') })).toBeNull();
  });

  it('keeps the dialog open with the server’s message when it fails', async () => {
    setup(admin, {
      'DELETE /api/users/u-max/sessions': { status: 403, body: { message: de.users.rankTooLow } },
    });
    fireEvent.click((await row('max')).getByRole('button', { name: de.sessions.endAllLabel('max') }));
    const dialog = within(await screen.findByRole('dialog', { name: de.sessions.endAll }));
    fireEvent.click(dialog.getByRole('button', { name: de.sessions.endAll }));
    expect(await dialog.findByText(de.users.rankTooLow)).toBeTruthy();
  });
});

describe('/users: Anmeldesperre', () => {
  it("shows the lock and lifts it with 'Sperre aufheben'", async () => {
    const locked = LIST.map((user) => (user.id === 'u-max' ? { ...user, loginLocked: true } : user));
    const { fake } = setup(admin, {
      'GET /api/users': { body: locked },
      'DELETE /api/users/u-max/lockout': { body: { message: de.users.lockLifted } },
    });
    const max = await row('max');
    expect(max.getByText(de.security.locked)).toBeTruthy();
    expect((await row('chefin')).queryByText(de.security.locked)).toBeNull();
    fireEvent.click(max.getByRole('button', { name: de.security.unlockLabel('max') }));
    expect((await screen.findByRole('status')).textContent).toBe(de.users.lockLifted);
    await waitFor(() => expect(max.queryByText(de.security.locked)).toBeNull());
    expect(max.queryByRole('button', { name: de.security.unlockLabel('max') })).toBeNull();
    expect(fake.calls('DELETE /api/users/u-max/lockout')).toHaveLength(1);
  });

  it('offers no lifting to who may not edit the user', async () => {
    const locked = LIST.map((user) => (user.id === 'u-chef2' ? { ...user, loginLocked: true } : user));
    setup(firmenleiter, { 'GET /api/users': { body: locked } });
    const chef2 = await row('chef2');
    expect(chef2.getByText(de.security.locked)).toBeTruthy();
    expect(chef2.queryByRole('button', { name: de.security.unlockLabel('chef2') })).toBeNull();
  });
});

describe('/users: Zweiten Faktor zurücksetzen', () => {
  it('asks, resets the factor and says so; offered only for users the caller may edit', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const { fake } = setup(admin, {
      'DELETE /api/users/u-max/second-factor': () =>
        new Promise<FakeAnswer>((resolve) => {
          answer = resolve;
        }),
    });
    fireEvent.click((await row('max')).getByRole('button', { name: de.secondFactor.resetLabel('max') }));
    const dialog = within(await screen.findByRole('dialog', { name: de.secondFactor.reset }));
    expect(dialog.getByText(de.secondFactor.resetConfirm('max'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: de.secondFactor.reset }));
    // While the server works, the button says what happens: resetting, not ending sessions.
    expect(await dialog.findByRole('button', { name: de.secondFactor.resetting })).toBeTruthy();
    answer({ body: { message: de.secondFactor.resetDone, ended: 1 } });
    expect((await screen.findByRole('status')).textContent).toBe(de.secondFactor.resetDone);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls('DELETE /api/users/u-max/second-factor')).toHaveLength(1);
  });

  it('is not offered for users above the caller or oneself', async () => {
    setup(firmenleiter);
    expect((await row('max')).getByRole('button', { name: de.secondFactor.resetLabel('max') })).toBeTruthy();
    expect((await row('chef2')).queryByRole('button', { name: de.secondFactor.resetLabel('chef2') })).toBeNull();
    expect((await row('chefin')).queryByRole('button', { name: de.secondFactor.resetLabel('chefin') })).toBeNull();
  });
});
