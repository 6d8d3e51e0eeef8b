import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import { renderApp } from '../../test/renderApp';
import { todayIso } from './dates';
import {
  buildProject,
  CARD,
  cardIn,
  COLUMN,
  MEMBER_ID,
  owner,
  PROJECT_PATH,
  projectServer,
  watchLog,
  TAG,
  timeEntry,
} from '../../test/project';

const b = de.board;

async function openCard(document: ProjectDocument = buildProject(), title = 'Kabel ziehen') {
  const fake = projectServer(document);
  const { store } = renderApp(PROJECT_PATH, { user: owner, fake });
  const card = await screen.findByRole('article', { name: title });
  // Wait for the tags and external workers, which the dialog offers.
  await within(screen.getByTestId(`card-${CARD.cable}`)).findByText('Dringend');
  fireEvent.click(card);
  // The dialog's chunk loads on the first click (pages/projectScreenDialogs.ts).
  await screen.findByRole('tab', { name: b.task.tabDetails });
  const dialog = screen.getByRole('dialog', { name: title });
  // The log entries the edits write (a delta save does not carry them).
  return { fake, dialog: within(dialog), log: watchLog(store) };
}

/** The user's copy as the last save sent it (a delta on the copy it was based on). */
function lastPut(fake: ReturnType<typeof projectServer>) {
  const bodies = fake.server.saved;
  return bodies[bodies.length - 1]!;
}

describe('task dialog: Zeiten', () => {
  it("adds '1,5' hours for today and shows them as '1,50'", async () => {
    const { fake, dialog, log } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    expect(dialog.getByText(b.times.empty)).toBeTruthy();
    expect(dialog.getByLabelText<HTMLInputElement>(b.times.date).value).toBe(todayIso());

    fireEvent.change(dialog.getByLabelText(b.times.hours), { target: { value: '1,5' } });
    fireEvent.click(dialog.getByRole('button', { name: b.times.add }));

    const table = within(dialog.getByRole('table', { name: b.times.listLabel }));
    expect(table.getAllByText('1,50').length).toBe(2); // the entry and the sum
    expect(table.getByText('paula')).toBeTruthy();
    expect(dialog.getByLabelText<HTMLInputElement>(b.times.hours).value).toBe('');

    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const entry = cardIn(lastPut(fake), CARD.cable)!.card.timeEntries[0]!;
    expect(entry).toMatchObject({ hours: 1.5, date: todayIso(), userId: owner.id, username: 'paula', rev: 0 });
    expect(log.at(-1)!.action).toBe('hat 1,50 Stunden für die Aufgabe „Kabel ziehen“ erfasst.');
    // The card on the board shows the sum (once the dialog is closed).
    fireEvent.click(dialog.getByRole('button', { name: de.app.close }));
    expect(within(screen.getByTestId(`card-${CARD.cable}`)).getByText('1,50 Std.')).toBeTruthy();
  });

  it('refuses hours that are not a number above 0', async () => {
    const { fake, dialog } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    for (const value of ['', 'abc', '0', '-2']) {
      fireEvent.change(dialog.getByLabelText(b.times.hours), { target: { value } });
      fireEvent.click(dialog.getByRole('button', { name: b.times.add }));
      expect(dialog.getByText('Bitte geben Sie eine gültige Stundenzahl ein.')).toBeTruthy();
    }
    expect(dialog.getByLabelText(b.times.hours).getAttribute('aria-invalid')).toBe('true');
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(0);
  });

  it("refuses '0,3', which is off the 0.25 step, and says which step (issue 19)", async () => {
    const { fake, dialog } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    fireEvent.change(dialog.getByLabelText(b.times.hours), { target: { value: '0,3' } });
    fireEvent.click(dialog.getByRole('button', { name: b.times.add }));
    expect(dialog.getByText(b.times.hoursStep)).toBeTruthy();
    expect(dialog.getByText(b.times.empty)).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(b.times.hours), { target: { value: '0,75' } });
    fireEvent.click(dialog.getByRole('button', { name: b.times.add }));
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(lastPut(fake), CARD.cable)!.card.timeEntries[0]!.hours).toBe(0.75);
  });

  it('lists time entries newest first (issue 19)', async () => {
    const document = buildProject();
    document.columns[0]!.cards[0]!.timeEntries = [
      { ...timeEntry('99999999-0000-4000-8000-000000000011', owner.id, 'paula', 1), date: '2026-03-02' },
      { ...timeEntry('99999999-0000-4000-8000-000000000012', owner.id, 'paula', 2), date: '2026-03-09' },
      { ...timeEntry('99999999-0000-4000-8000-000000000013', owner.id, 'paula', 3), date: '2026-03-05' },
    ];
    const { dialog } = await openCard(document);
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    const rows = within(dialog.getByRole('table', { name: b.times.listLabel })).getAllByRole('row');
    const dates = rows.slice(1, -1).map((row) => row.querySelector('td')?.textContent);
    expect(dates).toEqual(['09.03.2026', '05.03.2026', '02.03.2026']);
  });

  it('steps the hours by 0.25 with the arrow keys', async () => {
    const { dialog } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));
    const hours = dialog.getByLabelText<HTMLInputElement>(b.times.hours);
    fireEvent.change(hours, { target: { value: '1,5' } });
    fireEvent.keyDown(hours, { key: 'ArrowUp' });
    expect(hours.value).toBe('1,75');
    fireEvent.keyDown(hours, { key: 'ArrowDown' });
    fireEvent.keyDown(hours, { key: 'ArrowDown' });
    expect(hours.value).toBe('1,25');
  });

  it('lets only the author delete a time entry', async () => {
    const document = buildProject();
    document.columns[0]!.cards[0]!.timeEntries = [
      timeEntry('99999999-0000-4000-8000-000000000001', owner.id, 'paula', 2),
      timeEntry('99999999-0000-4000-8000-000000000002', MEMBER_ID, 'max', 0.25),
    ];
    const { fake, dialog } = await openCard(document);
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabTimes }));

    expect(dialog.getByText('2,25')).toBeTruthy();
    expect(dialog.getAllByText('02.03.2026')).toHaveLength(2);
    expect(dialog.queryByRole('button', { name: b.times.delete('02.03.2026', 'max') })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: b.times.delete('02.03.2026', 'paula') }));

    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(lastPut(fake), CARD.cable)!.card.timeEntries.map((entry) => entry.username)).toEqual(['max']);
    expect(dialog.getAllByText('0,25')).toHaveLength(2);
  });
});

describe('task dialog: Material', () => {
  // The tab panel is labelled 'Material' as well (by its tab): the name field is found as the textbox.
  it('adds material with an optional, trimmed unit and deletes it', async () => {
    const { fake, dialog } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabMaterial }));
    fireEvent.change(dialog.getByLabelText(b.material.quantity), { target: { value: '2,5' } });
    fireEvent.change(dialog.getByLabelText(b.material.unit), { target: { value: ' m ' } });
    fireEvent.change(dialog.getByRole('textbox', { name: b.material.name }), { target: { value: 'NYM-J 3x1,5' } });
    fireEvent.click(dialog.getByRole('button', { name: b.material.add }));

    const table = within(dialog.getByRole('table', { name: b.material.listLabel }));
    expect(table.getByText('2,5')).toBeTruthy();
    expect(table.getByText('NYM-J 3x1,5')).toBeTruthy();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(lastPut(fake), CARD.cable)!.card.materialEntries[0]).toMatchObject({
      quantity: 2.5,
      unit: 'm',
      name: 'NYM-J 3x1,5',
      rev: 0,
    });

    fireEvent.click(dialog.getByRole('button', { name: b.material.delete('2,5 m NYM-J 3x1,5') }));
    await waitFor(() => expect(fake.server.saved).toHaveLength(2));
    expect(cardIn(lastPut(fake), CARD.cable)!.card.materialEntries).toEqual([]);
    expect(dialog.getByText(b.material.empty)).toBeTruthy();
  });

  it('refuses a missing quantity or name with the spec message', async () => {
    const { fake, dialog } = await openCard();
    fireEvent.click(dialog.getByRole('tab', { name: b.task.tabMaterial }));
    fireEvent.change(dialog.getByLabelText(b.material.quantity), { target: { value: '0' } });
    fireEvent.change(dialog.getByRole('textbox', { name: b.material.name }), { target: { value: 'Dübel' } });
    fireEvent.click(dialog.getByRole('button', { name: b.material.add }));
    expect(dialog.getByText('Bitte geben Sie eine gültige Menge und einen Namen für das Material ein.')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(b.material.quantity), { target: { value: '3' } });
    fireEvent.change(dialog.getByRole('textbox', { name: b.material.name }), { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: b.material.add }));
    expect(dialog.getByText('Bitte geben Sie eine gültige Menge und einen Namen für das Material ein.')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(0);
  });
});

describe('task dialog: Details', () => {
  it('saves title, description, group, assignment to an external worker and tags in one edit', async () => {
    const { fake, dialog, log } = await openCard(buildProject({ cardGroups: ['Bad', 'Küche'] }));
    fireEvent.change(dialog.getByLabelText(b.task.title), { target: { value: 'Kabel ziehen OG' } });
    fireEvent.change(dialog.getByLabelText(b.task.description), { target: { value: 'Bis Freitag' } });
    fireEvent.change(dialog.getByLabelText(b.task.group), { target: { value: 'Küche' } });
    fireEvent.change(dialog.getByLabelText(b.task.assignment), {
      target: { value: 'ext-ffffffff-0000-4000-8000-000000000001' },
    });
    const urgent = dialog.getByRole('button', { name: 'Dringend' });
    expect(urgent.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(urgent);
    fireEvent.click(dialog.getByRole('button', { name: 'Info' }));
    fireEvent.click(dialog.getByRole('button', { name: b.task.save }));

    // Saved and closed (issue 19): no success box left in an open dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(lastPut(fake), CARD.cable)!.card).toMatchObject({
      title: 'Kabel ziehen OG',
      description: 'Bis Freitag',
      group: 'Küche',
      assignedTo: 'ext-ffffffff-0000-4000-8000-000000000001',
      tagIds: [TAG.info],
    });
    expect(log).toHaveLength(1);
    expect(log.at(-1)!.action).toBe('hat die Aufgabe „Kabel ziehen OG“ bearbeitet.');
    fireEvent.click(dialog.getByRole('button', { name: de.app.close }));
    expect(within(screen.getByTestId(`card-${CARD.cable}`)).getByText('Elektro Schulz')).toBeTruthy();
  });

  it('refuses a blank title', async () => {
    const { fake, dialog } = await openCard();
    fireEvent.change(dialog.getByLabelText(b.task.title), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: b.task.save }));
    expect(dialog.getByText(b.task.titleRequired)).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(0);
  });

  it('deletes the task after confirmation and closes', async () => {
    const { fake, dialog } = await openCard();
    fireEvent.click(dialog.getByRole('button', { name: b.task.deleteTask }));
    const confirm = within(screen.getByRole('dialog', { name: b.task.deleteTitle }));
    expect(confirm.getByText(b.task.deleteQuestion('Kabel ziehen'))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: de.actions.delete }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('article', { name: 'Kabel ziehen' })).toBeNull();
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(lastPut(fake), CARD.cable)).toBeNull();
    expect(lastPut(fake).columns.find((col) => col.id === COLUMN.todo)!.cards).toHaveLength(1);
  });
});
