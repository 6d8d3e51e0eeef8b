import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvitationDto, ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRoute } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { renderApp, TEST_TOKEN } from '../../test/renderApp';
import { API_PATH, buildProject, member, owner, PROJECT_ID, PROJECT_PATH, projectServer } from '../../test/project';
import { buildInvitation, DEPUTY_ID, DIRECTORY, DORA, ERIK_ID, MAX, OWNER } from '../../test/team';
import { findLoadedDialog } from '../../test/dialogs';

const b = de.board.buttons;
const t = de.teamScreen.invite;

async function openBoard(document: ProjectDocument, user = owner, routes: Record<string, FakeRoute> = {}) {
  const fake = projectServer(document, {
    'GET /api/users/directory': { body: DIRECTORY },
    [`GET ${API_PATH}/invitations`]: { body: [] },
    ...routes,
  });
  const view = renderApp(PROJECT_PATH, { user, fake });
  await screen.findByRole('heading', { level: 1, name: document.name });
  return { ...view, fake };
}

function actions() {
  return within(screen.getByRole('navigation', { name: de.board.header.actions }));
}

async function openInvite() {
  fireEvent.click(actions().getByRole('button', { name: b.invite }));
  const dialog = await findLoadedDialog(t.title);
  await dialog.findByRole('group', { name: t.users });
  return dialog;
}

/** The radios' labels in the invite dialog (with the avatar's initial before each name). */
function radioNames(): string[] {
  const dialog = within(screen.getByRole('dialog', { name: t.title }));
  return dialog.queryAllByRole('radio').map((radio) => radio.closest('label')?.textContent ?? '');
}

/** Only the owner paula: 'Team verwalten' is hidden until someone joins or is invited. */
const alone = () => buildProject({ memberIds: [], team: [OWNER] });

describe('Benutzer einladen', () => {
  it('offers everyone not on the team (nor oneself), sorted, and filters them by name', async () => {
    await openBoard(buildProject({ deputyOwnerId: DEPUTY_ID, memberIds: [MAX.id], team: [OWNER, DORA, MAX] }));
    const dialog = await openInvite();

    expect(dialog.getByText(t.intro('Bad Müller'))).toBeTruthy();
    // Avatars show the initial next to the name inside the label.
    expect(radioNames()).toEqual(['Aadmin', 'Eerik', 'Eeva']);
    expect(dialog.getByRole('radio', { name: 'erik' })).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: 'max' })).toBeNull();
    expect(dialog.queryByRole('radio', { name: 'dora' })).toBeNull();
    expect(dialog.queryByRole('radio', { name: 'paula' })).toBeNull();
    expect(dialog.getByText('Helfer')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(t.filter), { target: { value: 'E' } });
    expect(dialog.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toHaveLength(2);
    expect(dialog.queryByRole('radio', { name: 'admin' })).toBeNull();

    fireEvent.change(dialog.getByLabelText(t.filter), { target: { value: 'xyz' } });
    expect(dialog.queryAllByRole('radio')).toHaveLength(0);
    expect(dialog.getByText(t.noMatch)).toBeTruthy();
  });

  it('asks for a choice before sending anything', async () => {
    const { fake } = await openBoard(alone());
    const dialog = await openInvite();

    fireEvent.click(dialog.getByRole('button', { name: t.submit }));

    expect(dialog.getByRole('alert').textContent).toBe(de.team.invitations.userRequired);
    expect(fake.calls('POST /api/invitations')).toHaveLength(0);
  });

  it("sends {project, toUserId}, says 'Einladung wurde versendet.' and shows 'Team verwalten' for the pending invitation", async () => {
    let pending: InvitationDto[] = [];
    const { fake } = await openBoard(alone(), owner, {
      [`GET ${API_PATH}/invitations`]: () => ({ body: pending }),
      'POST /api/invitations': () => {
        pending = [buildInvitation({ toUserId: ERIK_ID, toUsername: 'erik' })];
        return { status: 201, body: pending[0] };
      },
    });
    expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull();
    const dialog = await openInvite();

    fireEvent.click(dialog.getByRole('radio', { name: 'erik' }));
    fireEvent.click(dialog.getByRole('button', { name: t.submit }));

    expect((await dialog.findByRole('status')).textContent).toBe('Einladung wurde versendet.');
    expect(fake.calls('POST /api/invitations').map((request) => request.body)).toEqual([
      { project: PROJECT_ID, toUserId: ERIK_ID },
    ]);
    // Who was invited leaves the list; the others stay to be invited too.
    expect(dialog.queryByRole('radio', { name: 'erik' })).toBeNull();
    expect(dialog.getByRole('radio', { name: 'eva' })).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await actions().findByRole('button', { name: b.manageTeam })).toBeTruthy();
  });

  it('shows the spec message on a 409 (an invitation exists) without ending the session', async () => {
    const { store } = await openBoard(alone(), owner, {
      'POST /api/invitations': {
        status: 409,
        body: { message: 'Benutzer konnte nicht eingeladen werden. Möglicherweise existiert bereits eine Einladung.' },
      },
    });
    const dialog = await openInvite();

    fireEvent.click(dialog.getByRole('radio', { name: 'eva' }));
    fireEvent.click(dialog.getByRole('button', { name: t.submit }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Benutzer konnte nicht eingeladen werden. Möglicherweise existiert bereits eine Einladung.',
    );
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
    expect(screen.getByTestId('location').textContent).toBe(PROJECT_PATH);
    // Still offered: nothing was sent.
    expect(dialog.getByRole('radio', { name: 'eva' })).toBeTruthy();
  });

  it("shows the server's German reason for other refusals", async () => {
    await openBoard(alone(), owner, {
      'POST /api/invitations': {
        status: 400,
        body: { message: 'Der Benutzer gehört bereits zum Team dieses Projekts.', code: 'validation', fields: {} },
      },
    });
    const dialog = await openInvite();

    fireEvent.click(dialog.getByRole('radio', { name: 'admin' }));
    fireEvent.click(dialog.getByRole('button', { name: t.submit }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Der Benutzer gehört bereits zum Team dieses Projekts.',
    );
  });

  it('ends the session on a 401', async () => {
    const { store } = await openBoard(alone(), owner, {
      'POST /api/invitations': { status: 401, body: { message: de.login.sessionExpired, code: 'session_invalid' } },
    });
    const dialog = await openInvite();

    fireEvent.click(dialog.getByRole('radio', { name: 'eva' }));
    fireEvent.click(dialog.getByRole('button', { name: t.submit }));

    await waitFor(() => expect(store.getState().auth.token).toBeNull());
  });

  it('says so when the people cannot be loaded', async () => {
    await openBoard(alone(), owner, { 'GET /api/users/directory': { status: 500, body: { message: 'x' } } });
    fireEvent.click(actions().getByRole('button', { name: b.invite }));
    const dialog = await findLoadedDialog(t.title);

    expect((await dialog.findByRole('alert')).textContent).toBe(t.usersLoadFailed);
    expect(dialog.getByRole('button', { name: t.submit }).hasAttribute('disabled')).toBe(true);
  });

  it('is offered to the deputy and Admin, not to a member nor on a completed project', async () => {
    const withDeputy = buildProject({ deputyOwnerId: DEPUTY_ID, memberIds: [MAX.id], team: [OWNER, DORA, MAX] });
    const first = await openBoard(withDeputy, buildUser('Projektleiter', { id: DEPUTY_ID, username: 'dora' }));
    expect(actions().getByRole('button', { name: b.invite })).toBeTruthy();
    // Only the owner reads the project's invitations (and manages the team).
    expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull();
    expect(first.fake.calls(`GET ${API_PATH}/invitations`)).toHaveLength(0);
    first.view.unmount();

    const second = await openBoard(withDeputy, member);
    expect(actions().queryByRole('button', { name: b.invite })).toBeNull();
    second.view.unmount();

    const third = await openBoard(withDeputy, buildUser('Admin'));
    expect(actions().getByRole('button', { name: b.invite })).toBeTruthy();
    third.view.unmount();

    await openBoard(buildProject({ status: 'completed' }), owner);
    expect(actions().queryByRole('button', { name: b.invite })).toBeNull();
  });
});
