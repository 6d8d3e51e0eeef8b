import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument, TagDto } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { EditProjectDialog } from './EditProjectDialog';
import { buildCard, buildDocument, member, OWNER_ID, renderWithBoard, testId } from '../../test/board';

const TAGS: TagDto[] = [
  { id: 'tag-dring', customerType: 'Allgemein', label: 'Dringend', color: 'red', priority: 3 },
  { id: 'tag-gross', customerType: 'Großkunde', label: 'Rahmenvertrag', color: 'blue', priority: 1 },
];

function groupedDocument(): ProjectDocument {
  const base = buildDocument();
  return {
    ...base,
    cardGroups: ['Elektro', 'Sanitär'],
    groupAssignments: { Elektro: OWNER_ID },
    columns: [
      {
        ...base.columns[0]!,
        cards: [
          buildCard('Kabel ziehen', { group: 'Elektro', assignedTo: OWNER_ID }),
          buildCard('Dose setzen', { group: 'Elektro' }),
        ],
      },
      {
        ...base.columns[1]!,
        cards: [buildCard('Leitung prüfen', { group: 'Elektro' }), buildCard('Rohr', { group: 'Sanitär' })],
      },
    ],
  };
}

const cards = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

/** Renders the dialog and lets its reads (tags, external workers) answer. */
async function setup(options: Parameters<typeof renderWithBoard>[1] = {}) {
  const onClose = jest.fn();
  const view = renderWithBoard(<EditProjectDialog onClose={onClose} />, {
    routes: {
      'GET /api/customer-types': { body: ['Allgemein', 'Privatkunde'] },
      'GET /api/tags': { body: TAGS },
      'GET /api/external-users': { body: [{ id: 'e1', name: 'Fa. Kabel' }] },
    },
    ...options,
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { ...view, onClose };
}

const open = (section: string) => fireEvent.click(screen.getByRole('button', { name: section }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('EditProjectDialog', () => {
  it('shows the accordion sections of the spec (Verfügbarkeit only for templates)', async () => {
    await setup();
    const dialog = screen.getByRole('dialog', { name: 'Projekt bearbeiten' });
    for (const title of [
      'Allgemeine Informationen',
      'Kategorisierung',
      'Gruppierungen & Zuweisungen',
      'Aktionen & Verwaltung',
    ]) {
      expect(within(dialog).getByRole('button', { name: title })).toBeTruthy();
    }
    expect(within(dialog).queryByRole('button', { name: 'Verfügbarkeit' })).toBeNull();
  });

  it('requires the project name and does not save without it', async () => {
    const { update, onClose } = await setup();
    fireEvent.change(screen.getByLabelText('Projektname'), { target: { value: '   ' } });
    save();
    expect(screen.getByText('Der Projektname ist erforderlich.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves name, number, icon, customer type and tags with one change-log entry and closes', async () => {
    const { update, onClose, current, logs } = await setup();
    fireEvent.change(screen.getByLabelText('Projektname'), { target: { value: ' Bad Meier ' } });
    fireEvent.change(screen.getByLabelText('Projekt-Nr (optional)'), { target: { value: 'P-2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Haus' }));
    open('Kategorisierung');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Dringend' }));
    // Only the tags of the chosen customer type are offered.
    expect(screen.queryByRole('checkbox', { name: 'Rahmenvertrag' })).toBeNull();
    save();

    expect(update).toHaveBeenCalledTimes(1);
    expect(current()).toMatchObject({ name: 'Bad Meier', projectNumber: 'P-2', icon: 'home', tagIds: ['tag-dring'] });
    expect(logs).toEqual(['hat die Projektdaten bearbeitet (Name, Projekt-Nr, Symbol, Tags).']);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the customer types of the tags and drops tags of the old type on a change', async () => {
    const { current } = await setup({ document: { ...buildDocument(), tagIds: ['tag-dring'] } });
    open('Kategorisierung');
    await screen.findByRole('checkbox', { name: 'Dringend' });
    expect(
      within(screen.getByLabelText('Kundentyp'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Allgemein', 'Privatkunde', 'Großkunde']);
    fireEvent.change(screen.getByLabelText('Kundentyp'), { target: { value: 'Großkunde' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rahmenvertrag' }));
    save();
    expect(current()).toMatchObject({ customerType: 'Großkunde', tagIds: ['tag-gross'] });
  });

  it('closes without an update when nothing changed', async () => {
    const { update, onClose } = await setup();
    save();
    expect(update).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('renames a task group on all cards and in the assignments', async () => {
    const { current, logs } = await setup({ document: groupedDocument() });
    open('Gruppierungen & Zuweisungen');
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe „Elektro“ umbenennen' }));
    fireEvent.change(screen.getByLabelText('Name der Gruppe „Elektro“'), { target: { value: 'Elektrik' } });
    fireEvent.click(screen.getByRole('button', { name: 'Umbenennen' }));
    expect(within(screen.getByRole('list', { name: 'Aufgabengruppen' })).getByText('Elektrik')).toBeTruthy();
    save();

    const document = current();
    expect(document.cardGroups).toEqual(['Elektrik', 'Sanitär']);
    expect(cards(document).map((card) => card.group)).toEqual(['Elektrik', 'Elektrik', 'Elektrik', 'Sanitär']);
    expect(document.groupAssignments).toEqual({ Elektrik: OWNER_ID });
    expect(logs).toEqual(['hat die Aufgabengruppe „Elektro“ in „Elektrik“ umbenannt.']);
  });

  it('refuses a group name that exists in another letter case and ignores a blank one', async () => {
    const { update } = await setup({ document: groupedDocument() });
    open('Gruppierungen & Zuweisungen');
    fireEvent.change(screen.getByLabelText('Neue Aufgabengruppe'), { target: { value: 'sanitär' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe hinzufügen' }));
    expect(screen.getByRole('alert').textContent).toBe('Eine Gruppe mit diesem Namen existiert bereits.');

    fireEvent.change(screen.getByLabelText('Neue Aufgabengruppe'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe hinzufügen' }));
    expect(screen.queryByRole('alert')).toBeNull();
    save();
    expect(update).not.toHaveBeenCalled();
  });

  it('adds a group and deletes another, clearing it on its cards', async () => {
    const { current, logs } = await setup({ document: groupedDocument() });
    open('Gruppierungen & Zuweisungen');
    fireEvent.change(screen.getByLabelText('Neue Aufgabengruppe'), { target: { value: 'Maler' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe hinzufügen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe „Elektro“ löschen' }));
    save();

    const document = current();
    expect(document.cardGroups).toEqual(['Sanitär', 'Maler']);
    expect(cards(document).map((card) => card.group)).toEqual([null, null, null, 'Sanitär']);
    expect(document.groupAssignments).toEqual({});
    expect(logs).toEqual(['hat die Aufgabengruppe „Maler“ angelegt.', 'hat die Aufgabengruppe „Elektro“ gelöscht.']);
  });

  it('assigns a group with all its cards to an external worker or a team member', async () => {
    const { current, logs } = await setup({ document: groupedDocument() });
    open('Gruppierungen & Zuweisungen');
    const select = screen.getByLabelText('Zuweisung der Gruppe „Elektro“');
    expect(within(select).getByRole('option', { name: 'Fa. Kabel' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'max' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'ext-e1' } });
    save();

    const document = current();
    expect(document.groupAssignments).toEqual({ Elektro: 'ext-e1' });
    expect(cards(document).map((card) => card.assignedTo)).toEqual(['ext-e1', 'ext-e1', 'ext-e1', null]);
    expect(logs).toEqual(['hat die Aufgabengruppe „Elektro“ mit ihren Aufgaben Fa. Kabel zugewiesen.']);
  });

  it('marks the project as completed after a confirmation and closes', async () => {
    const { changeStatus, onClose } = await setup();
    open('Aktionen & Verwaltung');
    fireEvent.click(screen.getByRole('button', { name: 'Als abgeschlossen markieren' }));
    const confirm = screen.getByRole('dialog', { name: 'Projekt abschließen' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Als abgeschlossen markieren' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(changeStatus).toHaveBeenCalledWith('complete');
  });

  it('shows the spec error when completing fails', async () => {
    const { onClose } = await setup({ changeStatus: () => Promise.reject(new Error('kaputt')) });
    open('Aktionen & Verwaltung');
    fireEvent.click(screen.getByRole('button', { name: 'Als abgeschlossen markieren' }));
    const confirm = screen.getByRole('dialog', { name: 'Projekt abschließen' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Als abgeschlossen markieren' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Projekt konnte nicht abgeschlossen/wieder geöffnet werden',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets the owner delete the project (to the archive) after a confirmation', async () => {
    const { changeStatus, onClose } = await setup();
    open('Aktionen & Verwaltung');
    fireEvent.click(screen.getByRole('button', { name: 'Projekt löschen' }));
    const confirm = screen.getByRole('dialog', { name: 'Projekt löschen' });
    expect(within(confirm).getByText(/wird in das Archiv verschoben/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(changeStatus).toHaveBeenCalledWith('archive');
  });

  it("shows 'Projekt konnte nicht gelöscht werden' when deleting fails", async () => {
    await setup({ changeStatus: () => Promise.reject(new Error('403')) });
    open('Aktionen & Verwaltung');
    fireEvent.click(screen.getByRole('button', { name: 'Projekt löschen' }));
    const confirm = screen.getByRole('dialog', { name: 'Projekt löschen' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Projekt konnte nicht gelöscht werden');
  });

  it('hides delete from a member who does not own the project', async () => {
    await setup({ user: member });
    open('Aktionen & Verwaltung');
    expect(screen.getByRole('button', { name: 'Als abgeschlossen markieren' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Projekt löschen' })).toBeNull();
  });

  it('offers reopening instead of completing for a completed project, with fields read-only', async () => {
    await setup({ document: { ...buildDocument(), status: 'completed' }, readOnly: true });
    expect(screen.getByLabelText('Projektname').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    open('Aktionen & Verwaltung');
    expect(screen.queryByRole('button', { name: 'Als abgeschlossen markieren' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Projekt wieder öffnen' })).toBeTruthy();
  });

  it('shows Verfügbarkeit and no status actions for a template', async () => {
    const admin = buildUser('Admin', { id: testId(), username: 'admin' });
    await setup({
      user: admin,
      document: { ...buildDocument(), isTemplate: true, ownerId: null, ownerUsername: null },
    });
    expect(screen.getByRole('dialog', { name: 'Vorlage bearbeiten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aktionen & Verwaltung' })).toBeNull();
    open('Verfügbarkeit');
    expect(screen.getByText('Globale Vorlage: für alle Benutzer verfügbar.')).toBeTruthy();
  });
});
