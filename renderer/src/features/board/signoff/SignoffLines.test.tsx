import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, ProjectDocument, SignoffDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRoute } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import {
  API_PATH,
  buildProject,
  CARD,
  cardIn,
  MEMBER_ID,
  member,
  owner,
  PROJECT_PATH,
  projectServer,
  watchLog,
  timeEntry,
} from '../../../test/project';
import { findLoadedDialog } from '../../../test/dialogs';

const m = de.projects.signoff;
const TIME_ID = 'cccccccc-0000-4000-8000-0000000000a1';

const SIGNOFF: SignoffDto = {
  id: 'dddddddd-0000-4000-8000-0000000000c1',
  rev: 1,
  cardId: CARD.cable,
  signerName: 'Erika Kundin',
  signedAt: '2026-11-23T15:04:00.000Z',
  signature: 'M10 150 L60 40',
  coveredTimeEntryIds: [TIME_ID],
  coveredMaterialEntryIds: [],
  collectedById: MEMBER_ID,
  collectedByName: 'max',
};

/** 'Kabel ziehen' with max's 2 hours, signed by Erika Kundin. */
function signedProject(): ProjectDocument {
  const document = buildProject({ signoffs: [SIGNOFF] });
  cardIn(document, CARD.cable)!.card.timeEntries = [timeEntry(TIME_ID, MEMBER_ID, 'max', 2)];
  return document;
}

async function openSignedCard(user: CurrentUserDto, routes: Record<string, FakeRoute> = {}) {
  const fake = projectServer(signedProject(), routes);
  const { store } = renderApp(PROJECT_PATH, { user, fake });
  fireEvent.click(await screen.findByRole('article', { name: 'Kabel ziehen' }));
  const task = await findLoadedDialog('Kabel ziehen');
  return { fake, task, log: watchLog(store) };
}

describe('revoking a customer sign-off', () => {
  it('asks first, then saves the project without the sign-off and offers the card’s delete again', async () => {
    const { fake, task, log } = await openSignedCard(owner);
    expect(task.getByText('Abgenommen von Erika Kundin am 23.11.2026, 16:04')).toBeTruthy();
    expect(task.queryByRole('button', { name: de.board.task.deleteTask })).toBeNull();

    fireEvent.click(task.getByRole('button', { name: m.revokeLabel('Erika Kundin') }));
    let confirm = within(screen.getByRole('dialog', { name: m.revokeTitle }));
    expect(confirm.getByText(m.revokeQuestion('Abgenommen von Erika Kundin am 23.11.2026, 16:04'))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: de.actions.cancel }));
    expect(screen.queryByRole('dialog', { name: m.revokeTitle })).toBeNull();
    expect(fake.server.saved).toHaveLength(0);

    fireEvent.click(task.getByRole('button', { name: m.revokeLabel('Erika Kundin') }));
    confirm = within(screen.getByRole('dialog', { name: m.revokeTitle }));
    fireEvent.click(confirm.getByRole('button', { name: m.revoke }));

    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const sent = fake.server.saved[0]!;
    expect(sent.signoffs).toEqual([]);
    expect(fake.server.deltas[0]!.deleted).toEqual(expect.arrayContaining([SIGNOFF.id]));
    expect(log[0]!.action).toBe(
      de.projects.log.signoffRevoked('Erika Kundin', de.projects.entity.card('Kabel ziehen')),
    );
    await waitFor(() => expect(task.queryByText(/^Abgenommen von/)).toBeNull());
    expect(task.getByRole('button', { name: de.board.task.deleteTask })).toBeTruthy();
  });

  it('is not offered to a Monteur who is neither owner nor deputy', async () => {
    const { task } = await openSignedCard(member);
    expect(task.getByText('Abgenommen von Erika Kundin am 23.11.2026, 16:04')).toBeTruthy();
    expect(task.queryByRole('button', { name: m.revokeLabel('Erika Kundin') })).toBeNull();
  });

  it('shows the server’s refusal in German and the sign-off again', async () => {
    const { task } = await openSignedCard(owner, {
      [`PATCH ${API_PATH}`]: { status: 403, body: { message: m.revokeForbidden } },
    });
    fireEvent.click(task.getByRole('button', { name: m.revokeLabel('Erika Kundin') }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: m.revokeTitle })).getByRole('button', { name: m.revoke }),
    );

    const alert = await screen.findByText(m.revokeForbidden);
    expect(alert.closest('[role="alert"]')?.textContent).toContain(de.board.saveFailed);
    // Loaded again from the server, which kept it.
    await waitFor(() => expect(task.getByText('Abgenommen von Erika Kundin am 23.11.2026, 16:04')).toBeTruthy());
  });
});

describe('deleting a column that holds a signed card', () => {
  it('is disabled with the reason in that column and offered in the others', async () => {
    renderApp(PROJECT_PATH, { user: owner, fake: projectServer(signedProject()) });
    fireEvent.click(await screen.findByRole('button', { name: de.board.columns.menu('To Do') }));
    let menu = within(screen.getByRole('menu', { name: de.board.columns.menu('To Do') }));
    const blocked = menu.getByRole<HTMLButtonElement>('menuitem', { name: de.board.columns.delete });
    expect(blocked.disabled).toBe(true);
    expect(blocked.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(blocked.getAttribute('aria-describedby')!)?.textContent).toBe(m.columnSealed);

    fireEvent.click(screen.getByRole('button', { name: de.board.columns.menu('To Do') }));
    fireEvent.click(screen.getByRole('button', { name: de.board.columns.menu('Erledigt') }));
    menu = within(screen.getByRole('menu', { name: de.board.columns.menu('Erledigt') }));
    expect(menu.getByRole<HTMLButtonElement>('menuitem', { name: de.board.columns.delete }).disabled).toBe(false);
    expect(menu.queryByText(m.columnSealed)).toBeNull();
  });
});
