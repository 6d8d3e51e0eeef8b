import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvitationDto, ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRoute } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import {
  API_PATH,
  buildProject,
  MEMBER_ID,
  member,
  owner,
  OWNER_ID,
  PROJECT_PATH,
  projectServer,
} from '../../test/project';
import {
  buildInvitation,
  DEPUTY_ID,
  DORA,
  ERIK,
  ERIK_ID,
  INVITATION_ID,
  MAX,
  OWNER,
  teamMember,
} from '../../test/team';
import { findLoadedDialog } from '../../test/dialogs';

const b = de.board.buttons;
const t = de.teamScreen.team;
const about = de.teamScreen.about;

/** paula owns it; dora is deputy; max and erik are members. */
function fullTeam(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return buildProject({
    deputyOwnerId: DEPUTY_ID,
    memberIds: [MEMBER_ID, ERIK_ID],
    team: [OWNER, MAX, DORA, ERIK],
    ...overrides,
  });
}

async function openBoard(
  document: ProjectDocument,
  invitations: InvitationDto[] = [],
  routes: Record<string, FakeRoute> = {},
  user = owner,
) {
  const fake = projectServer(document, { [`GET ${API_PATH}/invitations`]: { body: invitations }, ...routes });
  const view = renderApp(PROJECT_PATH, { user, fake });
  await screen.findByRole('heading', { level: 1, name: document.name });
  return { ...view, fake };
}

function actions() {
  return within(screen.getByRole('navigation', { name: de.board.header.actions }));
}

async function openTeam() {
  fireEvent.click(await actions().findByRole('button', { name: b.manageTeam }));
  return findLoadedDialog(t.title);
}

/** The rows of a list in the team dialog. */
function rows(list: string) {
  const dialog = within(screen.getByRole('dialog', { name: t.title }));
  return within(dialog.getByRole('list', { name: list })).getAllByRole('listitem');
}

/** The header's fact (Projektleiter, Vertretung) as shown. */
function headerFact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function closeDialog() {
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe("'Team verwalten' in the header", () => {
  it('shows for the owner once a pending invitation exists, even without members', async () => {
    const alone = buildProject({ memberIds: [], team: [OWNER] });
    const first = await openBoard(alone, []);
    await waitFor(() => expect(first.fake.calls(`GET ${API_PATH}/invitations`)).toHaveLength(1));
    expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull();
    first.view.unmount();

    await openBoard(alone, [buildInvitation()]);
    expect(await actions().findByRole('button', { name: b.manageTeam })).toBeTruthy();
  });

  it('never shows to a member', async () => {
    const { fake } = await openBoard(fullTeam(), [buildInvitation()], {}, member);
    expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull();
    expect(fake.calls(`GET ${API_PATH}/invitations`)).toHaveLength(0);
  });
});

describe('Team verwalten', () => {
  it('lists the owner, the deputy marked Vertretung, the members and the pending invitations', async () => {
    const dialog = await openBoard(fullTeam(), [buildInvitation()]).then(openTeam);

    const members = rows(t.members);
    expect(members.map((row) => row.querySelector('.team-list__name')?.textContent)).toEqual([
      'paula',
      'dora',
      'erik',
      'max',
    ]);
    expect(within(members[0]!).getByText(t.owner)).toBeTruthy();
    expect(within(members[0]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(members[1]!).getByText('Vertretung')).toBeTruthy();
    expect(within(members[1]!).getByRole('button', { name: about(t.removeDeputy, 'dora') })).toBeTruthy();
    expect(within(members[1]!).queryByRole('button', { name: about(t.setDeputy, 'dora') })).toBeNull();
    expect(within(members[3]!).getByText(t.member)).toBeTruthy();
    for (const name of [t.setDeputy, t.handOver, t.remove]) {
      expect(within(members[3]!).getByRole('button', { name: about(name, 'max') })).toBeTruthy();
    }

    const invitations = within(await dialog.findByRole('list', { name: t.invitations })).getAllByRole('listitem');
    expect(invitations).toHaveLength(1);
    expect(within(invitations[0]!).getByText('eva')).toBeTruthy();
    expect(within(invitations[0]!).getByText(/^Eingeladen von paula am .*2026/)).toBeTruthy();
    expect(within(invitations[0]!).getByRole('button', { name: about(t.withdraw, 'eva') })).toBeTruthy();
  });

  it('says when no invitation is pending', async () => {
    const dialog = await openBoard(fullTeam(), []).then(openTeam);
    expect(await dialog.findByText(t.noInvitations)).toBeTruthy();
  });

  it('makes a member deputy (PUT deputy {userId}) and shows the answer on the board at once', async () => {
    const answer = fullTeam({
      revision: 8,
      deputyOwnerId: MEMBER_ID,
      memberIds: [DEPUTY_ID, ERIK_ID],
      team: [OWNER, teamMember(MEMBER_ID, 'max', 'deputy'), teamMember(DEPUTY_ID, 'dora', 'member'), ERIK],
    });
    const { fake } = await openBoard(fullTeam(), [], { [`PUT ${API_PATH}/deputy`]: { body: answer } });
    const dialog = await openTeam();

    fireEvent.click(dialog.getByRole('button', { name: about(t.setDeputy, 'max') }));

    expect((await dialog.findByRole('status')).textContent).toBe('max ist jetzt Vertretung.');
    expect(fake.calls(`PUT ${API_PATH}/deputy`).map((request) => request.body)).toEqual([{ userId: MEMBER_ID }]);
    expect(dialog.getByRole('button', { name: about(t.removeDeputy, 'max') })).toBeTruthy();
    expect(dialog.getByRole('button', { name: about(t.setDeputy, 'dora') })).toBeTruthy();
    expect(headerFact(de.board.header.deputy)).toBe('max');
  });

  it('removes the deputy role with {userId: null}', async () => {
    const answer = fullTeam({
      revision: 8,
      deputyOwnerId: null,
      memberIds: [MEMBER_ID, ERIK_ID, DEPUTY_ID],
      team: [OWNER, MAX, teamMember(DEPUTY_ID, 'dora', 'member'), ERIK],
    });
    const { fake } = await openBoard(fullTeam(), [], { [`PUT ${API_PATH}/deputy`]: { body: answer } });
    const dialog = await openTeam();

    fireEvent.click(dialog.getByRole('button', { name: about(t.removeDeputy, 'dora') }));

    expect((await dialog.findByRole('status')).textContent).toBe('Die Vertretung wurde aufgehoben.');
    expect(fake.calls(`PUT ${API_PATH}/deputy`)[0]!.body).toEqual({ userId: null });
    expect(headerFact(de.board.header.deputy)).toBe(de.board.header.none);
  });

  it("shows the server's reason when the deputy cannot be changed", async () => {
    const dialog = await openBoard(fullTeam(), [], {
      [`PUT ${API_PATH}/deputy`]: {
        status: 400,
        body: { message: 'Der gewählte Benutzer gehört nicht zum Team dieses Projekts.', code: 'validation' },
      },
    }).then(openTeam);

    fireEvent.click(dialog.getByRole('button', { name: about(t.setDeputy, 'erik') }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(t.deputyFailed);
    expect(alert.textContent).toContain('Der gewählte Benutzer gehört nicht zum Team dieses Projekts.');
    expect(headerFact(de.board.header.deputy)).toBe('dora');
  });

  it('removes a member only after the confirmation (DELETE members/{userId})', async () => {
    const answer = fullTeam({ revision: 8, memberIds: [ERIK_ID], team: [OWNER, DORA, ERIK] });
    const { fake } = await openBoard(fullTeam(), [], {
      [`DELETE ${API_PATH}/members/${MEMBER_ID}`]: { body: answer },
    });
    const dialog = await openTeam();

    fireEvent.click(dialog.getByRole('button', { name: about(t.remove, 'max') }));
    let confirm = within(screen.getByRole('dialog', { name: t.removeTitle }));
    expect(confirm.getByText(t.removeQuestion('max', 'Bad Müller'))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: de.actions.cancel }));
    expect(screen.queryByRole('dialog', { name: t.removeTitle })).toBeNull();
    expect(fake.calls(`DELETE ${API_PATH}/members/${MEMBER_ID}`)).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: about(t.remove, 'max') }));
    confirm = within(screen.getByRole('dialog', { name: t.removeTitle }));
    fireEvent.click(confirm.getByRole('button', { name: t.removeConfirm }));

    expect((await dialog.findByRole('status')).textContent).toBe('max wurde aus dem Projekt entfernt.');
    expect(fake.calls(`DELETE ${API_PATH}/members/${MEMBER_ID}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: t.removeTitle })).toBeNull();
    expect(rows(t.members).map((row) => row.querySelector('.team-list__name')?.textContent)).toEqual([
      'paula',
      'dora',
      'erik',
    ]);
    closeDialog();
    // The header's avatars follow: erik only.
    const team = screen.getByText(de.board.header.team, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(team).getByText('erik')).toBeTruthy();
    expect(within(team).queryByText('max')).toBeNull();
  });

  it('hands over the leadership after a warning that it cannot be undone; the old owner is a member then', async () => {
    const answer = fullTeam({
      revision: 8,
      ownerId: MEMBER_ID,
      ownerUsername: 'max',
      memberIds: [ERIK_ID, OWNER_ID],
      team: [teamMember(MEMBER_ID, 'max', 'owner'), DORA, ERIK, teamMember(OWNER_ID, 'paula', 'member')],
      changeLog: [],
    });
    const { fake } = await openBoard(fullTeam(), [buildInvitation()], {
      [`POST ${API_PATH}/handover`]: { body: answer },
    });
    const dialog = await openTeam();

    fireEvent.click(dialog.getByRole('button', { name: about(t.handOver, 'max') }));
    const confirm = within(screen.getByRole('dialog', { name: t.handOverTitle }));
    expect(confirm.getByText(t.handOverQuestion('max', 'Bad Müller'))).toBeTruthy();
    expect(confirm.getByText(/kann nicht rückgängig gemacht werden/)).toBeTruthy();
    expect(confirm.getByText(/normales Mitglied/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: t.handOverConfirm }));

    expect(await dialog.findByText('Die Projektleitung wurde an max übertragen.')).toBeTruthy();
    expect(fake.calls(`POST ${API_PATH}/handover`).map((request) => request.body)).toEqual([{ newOwnerId: MEMBER_ID }]);
    // paula manages nothing any more.
    expect(dialog.getByText(t.notOwnerAnyMore)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: about(t.setDeputy, 'erik') })).toBeNull();
    expect(dialog.queryByRole('list', { name: t.invitations })).toBeNull();
    closeDialog();
    expect(headerFact(de.board.header.owner)).toBe('max');
    expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull();
    expect(actions().queryByRole('button', { name: b.changeLog })).toBeNull();
  });

  it('keeps the confirmation open with the spec message when the handover fails', async () => {
    const dialog = await openBoard(fullTeam(), [], {
      [`POST ${API_PATH}/handover`]: {
        status: 403,
        body: { message: 'Nur der Projektleiter kann das Team verwalten.', code: 'forbidden' },
      },
    }).then(openTeam);

    fireEvent.click(dialog.getByRole('button', { name: about(t.handOver, 'erik') }));
    const confirm = within(screen.getByRole('dialog', { name: t.handOverTitle }));
    fireEvent.click(confirm.getByRole('button', { name: t.handOverConfirm }));

    const alert = await confirm.findByRole('alert');
    expect(alert.textContent).toContain('Fehler: Projektleitung konnte nicht übertragen werden.');
    expect(alert.textContent).toContain('Nur der Projektleiter kann das Team verwalten.');
    expect(headerFact(de.board.header.owner)).toBe('paula');
  });

  it('withdraws an invitation (DELETE /invitations/{id}); without team left the header button goes', async () => {
    let pending = [buildInvitation()];
    const { fake } = await openBoard(buildProject({ memberIds: [], team: [OWNER] }), [], {
      [`GET ${API_PATH}/invitations`]: () => ({ body: pending }),
      [`DELETE /api/invitations/${INVITATION_ID}`]: () => {
        pending = [];
        return { body: { message: 'Die Einladung wurde zurückgezogen.' } };
      },
    });
    const dialog = await openTeam();

    fireEvent.click(await dialog.findByRole('button', { name: about(t.withdraw, 'eva') }));

    expect((await dialog.findByRole('status')).textContent).toBe('Die Einladung wurde zurückgezogen.');
    expect(fake.calls(`DELETE /api/invitations/${INVITATION_ID}`)).toHaveLength(1);
    expect(dialog.getByText(t.noInvitations)).toBeTruthy();
    closeDialog();
    await waitFor(() => expect(actions().queryByRole('button', { name: b.manageTeam })).toBeNull());
  });

  it("says 'Einladung konnte nicht zurückgezogen werden.' when withdrawing fails", async () => {
    const dialog = await openBoard(fullTeam(), [buildInvitation()], {
      [`DELETE /api/invitations/${INVITATION_ID}`]: {
        status: 400,
        body: { message: 'Die Einladung wurde bereits beantwortet oder zurückgezogen.' },
      },
    }).then(openTeam);

    fireEvent.click(await dialog.findByRole('button', { name: about(t.withdraw, 'eva') }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Einladung konnte nicht zurückgezogen werden.');
    expect(alert.textContent).toContain('Die Einladung wurde bereits beantwortet oder zurückgezogen.');
  });
});
