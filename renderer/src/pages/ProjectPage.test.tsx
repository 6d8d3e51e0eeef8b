import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { ProjectDeltaRequest } from '@werkboard/common';
import { heldRoute } from '../test/projectServer';
import { buildUser } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import {
  API_PATH,
  buildCard,
  buildProject,
  CARD,
  cardIn,
  COLUMN,
  member,
  owner,
  PROJECT_PATH,
  projectServer,
  watchLog,
} from '../test/project';
import type { MoreRoutes } from '../test/project';

const b = de.board;

function currentPath() {
  return screen.getByTestId('location').textContent;
}

async function openBoard(document: ProjectDocument = buildProject(), user = owner, routes: MoreRoutes = {}) {
  const fake = projectServer(document, routes);
  const view = renderApp(PROJECT_PATH, { user, fake });
  await screen.findByRole('heading', { level: 1, name: document.name });
  await screen.findByTestId(`column-${COLUMN.todo}`);
  // The log entries the edits write (a delta save does not carry them: the server writes its own).
  return { ...view, fake, log: watchLog(view.store) };
}

/** The delta saves (PATCH bodies) sent so far. */
function deltas(fake: ReturnType<typeof projectServer>): ProjectDeltaRequest[] {
  return fake.calls(`PATCH ${API_PATH}`).map((request) => request.body as ProjectDeltaRequest);
}

function column(id: string) {
  return within(screen.getByTestId(`column-${id}`));
}

describe('/project/{id}: loading and header', () => {
  it('shows the header, the columns side by side with their cards, and the progress', async () => {
    await openBoard();

    expect(screen.getByText('P-2026-01')).toBeTruthy();
    expect(screen.getByText(b.header.owner).nextElementSibling?.textContent).toBe('paula');
    expect(screen.getByText(b.header.deputy).nextElementSibling?.textContent).toBe(b.header.none);
    expect(screen.getAllByText('max').length).toBeGreaterThan(0);

    const todo = column(COLUMN.todo);
    expect(todo.getByRole('heading', { name: 'To Do' })).toBeTruthy();
    expect(todo.getByTestId(`card-${CARD.cable}`).getAttribute('aria-label')).toBe('Kabel ziehen');
    expect(todo.getByRole('article', { name: 'Steckdosen setzen' })).toBeTruthy();
    expect(column(COLUMN.done).getByRole('article', { name: 'Material bestellen' })).toBeTruthy();

    // Card: assignee name, tag chip from GET /tags, border by the highest-priority tag.
    const cable = within(screen.getByTestId(`card-${CARD.cable}`));
    expect(cable.getByText('max')).toBeTruthy();
    expect(await cable.findByText('Dringend')).toBeTruthy();
    expect(screen.getByTestId(`card-${CARD.cable}`).className).toContain('board-tone--red');

    expect(screen.getByText('1/4 erledigt')).toBeTruthy();
    expect(screen.getByText('25 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: b.progress.label }).getAttribute('aria-valuenow')).toBe('25');
  });

  it('goes to / when the project is missing', async () => {
    const fake = projectServer(buildProject(), { [`GET ${API_PATH}`]: { status: 404, body: { message: 'x' } } });
    renderApp(PROJECT_PATH, { user: owner, fake });
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('still works when tags and external workers cannot be loaded', async () => {
    await openBoard(buildProject(), owner, {
      'GET /api/tags': { status: 500, body: { message: 'x' } },
      'GET /api/external-users': { status: 403, body: { message: 'x' } },
    });
    expect(screen.getByRole('article', { name: 'Kabel ziehen' })).toBeTruthy();
    expect(screen.queryByText('Dringend')).toBeNull();
  });

  it('shows the buttons the user may use; the PDF export offers its columns and contents', async () => {
    await openBoard(buildProject(), member);
    const actions = within(screen.getByRole('navigation', { name: b.header.actions }));
    // A member (Monteur with can_edit_projects) edits, but the change log is the owner's.
    expect(actions.getByRole('button', { name: b.buttons.edit })).toBeTruthy();
    expect(actions.queryByRole('button', { name: b.buttons.changeLog })).toBeNull();
    expect(actions.queryByRole('button', { name: b.buttons.manageTeam })).toBeNull();
    expect(actions.getByRole('button', { name: b.buttons.manageAppointments })).toBeTruthy();
    expect(actions.queryByRole('button', { name: b.buttons.kwpExport })).toBeNull();

    fireEvent.click(actions.getByRole('button', { name: b.buttons.pdfExport }));
    const dialog = within(await screen.findByRole('dialog', { name: b.buttons.pdfExport }));
    const columns = within(dialog.getByRole('group', { name: 'Spalten' }));
    expect(
      columns
        .getAllByRole('checkbox')
        .map((box) => [box.parentElement!.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Alle Spalten', true],
      ['To Do', true],
      ['In Bearbeitung', true],
      ['Erledigt', true],
    ]);
    fireEvent.click(columns.getByRole('checkbox', { name: 'In Bearbeitung' }));
    expect(columns.getByRole<HTMLInputElement>('checkbox', { name: 'Alle Spalten' }).checked).toBe(false);
    const contents = within(dialog.getByRole('group', { name: 'Inhalt' }));
    expect(contents.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('shows the change log and team management to the owner', async () => {
    await openBoard();
    const actions = within(screen.getByRole('navigation', { name: b.header.actions }));
    expect(actions.getByRole('button', { name: b.buttons.changeLog })).toBeTruthy();
    expect(actions.getByRole('button', { name: b.buttons.manageTeam })).toBeTruthy();
  });
});

describe('/project/{id}: editing saves what changed', () => {
  it('adds a task: the delta save carries the card (and nothing else); the log has an entry of the current user', async () => {
    const { fake, log } = await openBoard();
    const todo = column(COLUMN.todo);

    fireEvent.click(todo.getByRole('button', { name: 'Aufgabe hinzufügen' }));
    fireEvent.change(todo.getByLabelText('Titel der Aufgabe'), { target: { value: '  Verteiler prüfen ' } });
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));

    expect(todo.getByRole('article', { name: 'Verteiler prüfen' })).toBeTruthy();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const body = fake.server.saved[0]!;
    expect(body.revision).toBe(7);
    const added = body.columns[0]!.cards.find((card) => card.title === 'Verteiler prüfen');
    expect(added).toMatchObject({ rev: 0, group: null, assignedTo: null });
    expect(added!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deltas(fake)[0]).toMatchObject({ revision: 7, columns: [{ id: COLUMN.todo }], deleted: [] });
    expect(deltas(fake)[0]!.cards.map((card) => card.id)).toEqual([added!.id]);
    expect(fake.calls(`PUT ${API_PATH}`)).toHaveLength(0);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      userId: owner.id,
      username: 'paula',
      action: 'hat die Aufgabe „Verteiler prüfen“ in „To Do“ hinzugefügt.',
    });
    expect(Date.parse(log[0]!.timestamp)).not.toBeNaN();
    // The input stays open for the next task; a blank title adds nothing.
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(1);
  });

  it('moves a card with the quick action to the last column, named by its title', async () => {
    const { fake, log } = await openBoard();
    const cable = within(screen.getByTestId(`card-${CARD.cable}`));
    expect(cable.getByRole('button', { name: '„Kabel ziehen“ nach „In Bearbeitung“ verschieben' })).toBeTruthy();

    fireEvent.click(cable.getByRole('button', { name: '„Kabel ziehen“ nach „Erledigt“ verschieben' }));

    expect(column(COLUMN.done).getByRole('article', { name: 'Kabel ziehen' })).toBeTruthy();
    expect(screen.getByText('2/4 erledigt')).toBeTruthy();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const body = fake.server.saved[0]!;
    expect(cardIn(body, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(log.map((entry) => entry.action)).toEqual(['hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.']);

    // Already in the last column: only the second-column action is left; no dialog opened.
    const moved = within(screen.getByTestId(`card-${CARD.cable}`));
    expect(moved.queryByRole('button', { name: /nach „Erledigt“ verschieben/ })).toBeNull();
    expect(moved.getByRole('button', { name: /nach „In Bearbeitung“ verschieben/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Speichern fehlgeschlagen.' after a failed save and reads the project again", async () => {
    const { fake } = await openBoard(buildProject(), owner, {
      [`PATCH ${API_PATH}`]: { status: 400, body: { message: 'Das Projekt ist ungültig.' } },
    });
    fireEvent.click(screen.getByRole('button', { name: '„Kabel ziehen“ nach „Erledigt“ verschieben' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Speichern fehlgeschlagen.')).toBeTruthy();
    expect(within(alert).getByText('Das Projekt ist ungültig.')).toBeTruthy();
    // What changed since the board's copy: nothing, so the copy itself is shown again.
    await waitFor(() => expect(fake.calls(`GET ${API_PATH}?since=7`)).toHaveLength(1));
    // The server's copy is shown again: the card is back in To Do.
    await waitFor(() => expect(column(COLUMN.todo).getByRole('article', { name: 'Kabel ziehen' })).toBeTruthy());

    fireEvent.click(within(alert).getByRole('button', { name: b.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('serialises saves and rebases: an edit made while a save is in flight is not lost', async () => {
    let held: ReturnType<typeof heldRoute> | undefined;
    const { fake, log } = await openBoard(buildProject(), owner, (server) => {
      held = heldRoute(server.routes[`PATCH ${API_PATH}`]!);
      return { [`PATCH ${API_PATH}`]: held.route };
    });

    fireEvent.click(screen.getByRole('button', { name: '„Kabel ziehen“ nach „Erledigt“ verschieben' }));
    await waitFor(() => expect(deltas(fake)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '„Lampen montieren“ nach „Erledigt“ verschieben' }));
    await act(() => Promise.resolve());
    // Only one save at a time.
    expect(deltas(fake)).toHaveLength(1);
    expect(column(COLUMN.done).getByRole('article', { name: 'Lampen montieren' })).toBeTruthy();

    // Someone else adds a card before the first save arrives: its answer carries it.
    fake.server.write((draft) => {
      draft.columns[0]!.cards.push(buildCard('dddddddd-0000-4000-8000-0000000000ff', 'Fremde Aufgabe', 'z'));
    });
    act(() => held!.release());

    await waitFor(() => expect(deltas(fake)).toHaveLength(2));
    expect(deltas(fake)[1]!.revision).toBe(9);
    expect(deltas(fake)[1]!.cards.map((card) => card.id)).toEqual([CARD.lamp]);
    expect(screen.getByRole('article', { name: 'Fremde Aufgabe' })).toBeTruthy();
    act(() => held!.release());
    await waitFor(() => expect(fake.server.saved).toHaveLength(2));
    const second = fake.server.saved[1]!;
    expect(cardIn(second, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(cardIn(second, CARD.lamp)!.column.id).toBe(COLUMN.done);
    expect(cardIn(second, 'dddddddd-0000-4000-8000-0000000000ff')!.column.id).toBe(COLUMN.todo);
    expect(log.map((entry) => entry.action)).toEqual([
      'hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.',
      'hat die Aufgabe „Lampen montieren“ nach „Erledigt“ verschoben.',
    ]);

    await waitFor(() => expect(screen.getByText('3/5 erledigt')).toBeTruthy());
    expect(fake.server.document.revision).toBe(10);
  });
});

describe('/project/{id}: changes of others', () => {
  it("reads what changed since the board's copy when the window gets the focus again, and keeps a queued edit", async () => {
    let held: ReturnType<typeof heldRoute> | undefined;
    const { fake } = await openBoard(buildProject(), owner, (server) => {
      held = heldRoute(server.routes[`PATCH ${API_PATH}`]!);
      return { [`PATCH ${API_PATH}`]: held.route };
    });
    fake.server.write((draft) => {
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(fake.calls(`GET ${API_PATH}?since=7`)).toHaveLength(1));
    expect(await screen.findByRole('article', { name: 'Leuchten montieren' })).toBeTruthy();
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);

    // An edit waits for its save while someone else writes again; the next focus keeps the edit on top.
    fireEvent.click(screen.getByRole('button', { name: '„Kabel ziehen“ nach „Erledigt“ verschieben' }));
    await waitFor(() => expect(deltas(fake)).toHaveLength(1));
    fake.server.write((draft) => {
      draft.name = 'Bad Müller (neu)';
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    act(() => held!.release());
    // The focus's read waits for the running save and then reads from the save's answer on.
    await waitFor(() => expect(fake.calls(`GET ${API_PATH}?since=10`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bad Müller (neu)' })).toBeTruthy();
    expect(column(COLUMN.done).getByRole('article', { name: 'Kabel ziehen' })).toBeTruthy();
    expect(cardIn(fake.server.document, CARD.cable)!.column.id).toBe(COLUMN.done);
  });
});

describe('/project/{id}: columns', () => {
  it('adds a column with a non-blank name', async () => {
    const { fake } = await openBoard();
    fireEvent.click(screen.getByRole('button', { name: b.columns.add }));
    fireEvent.change(screen.getByLabelText(b.columns.name), { target: { value: 'Abnahme' } });
    fireEvent.submit(screen.getByLabelText(b.columns.name));
    expect(await screen.findByRole('heading', { name: 'Abnahme' })).toBeTruthy();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(fake.server.saved[0]!.columns.map((col) => col.title)).toEqual([
      'To Do',
      'In Bearbeitung',
      'Erledigt',
      'Abnahme',
    ]);
  });

  it('renames inline with Enter, cancels with Escape', async () => {
    const { fake, log } = await openBoard();
    const menu = () => fireEvent.click(screen.getByRole('button', { name: b.columns.menu('In Bearbeitung') }));

    menu();
    fireEvent.click(screen.getByRole('menuitem', { name: b.columns.rename }));
    const input = screen.getByLabelText(b.columns.renameLabel);
    fireEvent.change(input, { target: { value: 'Läuft' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'In Bearbeitung' })).toBeTruthy();

    menu();
    fireEvent.click(screen.getByRole('menuitem', { name: b.columns.rename }));
    fireEvent.change(screen.getByLabelText(b.columns.renameLabel), { target: { value: 'Läuft' } });
    fireEvent.keyDown(screen.getByLabelText(b.columns.renameLabel), { key: 'Enter' });
    expect(screen.getByRole('heading', { name: 'Läuft' })).toBeTruthy();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(fake.server.saved[0]!.columns[1]!.title).toBe('Läuft');
    expect(log.map((entry) => entry.action)).toEqual(['hat die Spalte „In Bearbeitung“ in „Läuft“ umbenannt.']);
    // Quick actions use the real column titles.
    expect(screen.getByRole('button', { name: '„Kabel ziehen“ nach „Läuft“ verschieben' })).toBeTruthy();
  });

  it('moves columns left and right but not past the ends, and deletes after confirmation', async () => {
    const { fake } = await openBoard();
    fireEvent.click(screen.getByRole('button', { name: b.columns.menu('To Do') }));
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: b.columns.moveLeft }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('menuitem', { name: b.columns.moveRight }));

    // The columns' titles (the board's 'Termine' section is an h2 too).
    const titles = () =>
      screen
        .getAllByRole('heading', { level: 2 })
        .filter((heading) => heading.closest('[data-testid^="column-"]'))
        .map((heading) => heading.textContent);
    expect(titles()).toEqual(['In Bearbeitung', 'To Do', 'Erledigt']);

    fireEvent.click(screen.getByRole('button', { name: b.columns.menu('Erledigt') }));
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: b.columns.moveRight }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('menuitem', { name: b.columns.delete }));
    const dialog = within(screen.getByRole('dialog', { name: b.columns.deleteTitle }));
    expect(dialog.getByText(b.columns.deleteQuestion('Erledigt', 1))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: b.columns.delete }));
    expect(titles()).toEqual(['In Bearbeitung', 'To Do']);

    await waitFor(() => expect(fake.server.saved.length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(fake.server.saved.at(-1)!.columns.map((col) => col.title)).toEqual(['In Bearbeitung', 'To Do']),
    );
  });

  it('folds task groups in and out', async () => {
    const document = buildProject({ cardGroups: ['Bad', 'Küche'] });
    document.columns[0]!.cards[1] = { ...document.columns[0]!.cards[1]!, group: 'Küche' };
    await openBoard(document);
    const todo = column(COLUMN.todo);
    const toggle = todo.getByRole('button', { name: 'Küche (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(todo.getByRole('article', { name: 'Steckdosen setzen' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(todo.queryByRole('article', { name: 'Steckdosen setzen' })).toBeNull();
    expect(todo.getByRole('article', { name: 'Kabel ziehen' })).toBeTruthy();
  });
});

describe('/project/{id}: read-only', () => {
  it('a completed project says all editing is disabled and offers no editing; the owner may reopen', async () => {
    const document = buildProject({ status: 'completed' });
    const { fake } = await openBoard(document, owner, {
      [`POST ${API_PATH}/reopen`]: { body: { ...document, status: 'active', revision: 8 } },
    });

    expect(screen.getByText(de.projects.readOnlyCompleted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aufgabe hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: b.columns.add })).toBeNull();
    expect(screen.queryByRole('button', { name: b.columns.menu('To Do') })).toBeNull();
    expect(screen.queryByRole('button', { name: /verschieben/ })).toBeNull();
    expect(screen.queryByRole('button', { name: b.buttons.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: b.buttons.manageAppointments })).toBeNull();

    // The task dialog shows, but nothing in it changes anything.
    fireEvent.click(screen.getByTestId(`card-${CARD.cable}`));
    await screen.findByRole('tab', { name: b.task.tabTimes }); // the dialog's chunk loaded
    const dialog = within(screen.getByRole('dialog', { name: 'Kabel ziehen' }));
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(dialog.queryByRole('button', { name: b.task.save })).toBeNull();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    expect(dialog.queryByLabelText(b.times.hours)).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: de.app.close }));

    fireEvent.click(screen.getByRole('button', { name: b.banners.reopen }));
    const confirm = within(screen.getByRole('dialog', { name: b.banners.reopenTitle }));
    fireEvent.click(confirm.getByRole('button', { name: b.banners.reopen }));
    await waitFor(() => expect(fake.calls(`POST ${API_PATH}/reopen`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(de.projects.readOnlyCompleted)).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Aufgabe hinzufügen' })).toHaveLength(3);
  });

  it('a Monteur without can_edit_projects sees no reopen button', async () => {
    const helper = buildUser('Helfer', { id: member.id, username: 'max' });
    await openBoard(buildProject({ status: 'completed' }), helper);
    expect(screen.getByText(de.projects.readOnlyCompleted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: b.banners.reopen })).toBeNull();
  });

  function renderAt(entry: { pathname: string; state?: unknown }, document: ProjectDocument) {
    return renderApp(entry, {
      user: buildUser('Admin', { id: 'admin-1', username: 'admin' }),
      fake: projectServer(document),
    });
  }

  it('an archived project opened without isArchived goes to /archive', async () => {
    renderAt({ pathname: PROJECT_PATH }, buildProject({ status: 'archived' }));
    await waitFor(() => expect(currentPath()).toBe('/archive'));
  });

  it('an archived project opened from the archive (isArchived) is read-only with its banner', async () => {
    renderAt({ pathname: PROJECT_PATH, state: { isArchived: true } }, buildProject({ status: 'archived' }));
    expect(await screen.findByText(de.projects.readOnlyArchived)).toBeTruthy();
    expect(currentPath()).toBe(PROJECT_PATH);
    expect(screen.queryByRole('button', { name: 'Aufgabe hinzufügen' })).toBeNull();
  });
});
