import {
  addCard,
  blankCard,
  addColumn,
  addMaterialEntry,
  addTimeEntry,
  canMoveColumn,
  cardHours,
  deleteCard,
  deleteColumn,
  deleteMaterialEntry,
  deleteTimeEntry,
  describeMaterial,
  findCard,
  formatHours,
  formatQuantity,
  isOnHoursStep,
  moveCard,
  moveColumn,
  timeEntriesNewestFirst,
  quickMoveCard,
  quickMoveTargets,
  renameColumn,
  updateCard,
} from './boardOperations';
import type * as BoardOperations from './boardOperations';
import { freeze, produce } from 'immer';
import type { CardDto, ColumnDto, ProjectDocument } from '../dto/projects';
import { compareByPosition, keysAfter } from './sortKey';

function card(id: string, position: string, overrides: Partial<CardDto> = {}): CardDto {
  return { ...blankCard({ id, rev: 3, position, title: `Aufgabe ${id}` }), ...overrides };
}

function column(id: string, position: string, title: string, cards: CardDto[] = []): ColumnDto {
  return { id, rev: 2, position, title, cards };
}

/** To Do (a, b, c), In Bearbeitung (d), Erledigt (): keys from keysAfter, as a new project has them. */
function buildDoc(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  const [k1, k2, k3] = keysAfter(null, 3) as [string, string, string];
  return {
    id: 'p1',
    revision: 7,
    isTemplate: false,
    status: 'active',
    name: 'Bad Müller',
    description: '',
    icon: 'briefcase',
    projectNumber: '',
    customerType: 'Allgemein',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
    ownerId: 'u1',
    ownerUsername: 'chef',
    deputyOwnerId: null,
    memberIds: [],
    team: [],
    columns: [
      column('todo', k1, 'To Do', [card('a', k1), card('b', k2), card('c', k3)]),
      column('doing', k2, 'In Bearbeitung', [card('d', k1)]),
      column('done', k3, 'Erledigt'),
    ],
    appointments: [],
    notes: [],
    signoffs: [],
    changeLog: [],
    lastModified: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
const isSorted = (items: readonly { id: string; position: string }[]) =>
  items.every((item, index) => index === 0 || compareByPosition(items[index - 1]!, item) < 0);

describe('formatting and input', () => {
  it('makes its number formats on first use, not when loaded', () => {
    // The module is in the chunk every page loads with its own (the build's `pages` group): a
    // de-DE format made at load costs a slow phone's first paint on every page (issue 19).
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      jest.isolateModules(() => {
        const loaded = jest.requireActual<typeof BoardOperations>('./boardOperations');
        expect(made).not.toHaveBeenCalled();
        expect([loaded.formatHours(1.5), loaded.formatHours(2), loaded.formatQuantity(2.5)]).toEqual([
          '1,50',
          '2,00',
          '2,5',
        ]);
        expect(made).toHaveBeenCalledTimes(2);
      });
    } finally {
      made.mockRestore();
    }
  });

  it('shows hours with two decimals and a comma', () => {
    expect(formatHours(1.5)).toBe('1,50');
    expect(formatHours(0.25)).toBe('0,25');
    expect(formatHours(8)).toBe('8,00');
  });

  it('describes material', () => {
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(describeMaterial({ quantity: 2.5, unit: 'm', name: 'Kabel' })).toBe('2,5 m Kabel');
    expect(describeMaterial({ quantity: 3, unit: '', name: 'Dübel' })).toBe('3 Dübel');
  });

  it('knows the quarter-hour step of the hours field', () => {
    expect([0.25, 0.5, 1.75, 8, 24].every(isOnHoursStep)).toBe(true);
    expect([0.3, 0.1, 1.33, 2.2].some(isOnHoursStep)).toBe(false);
  });

  it('orders time entries newest first, the later of one day first', () => {
    const entries = [
      { id: 'a', date: '2026-03-02' },
      { id: 'b', date: '2026-03-09' },
      { id: 'c', date: '2026-03-02' },
    ];
    expect(timeEntriesNewestFirst(entries).map((entry) => entry.id)).toEqual(['b', 'c', 'a']);
    expect(entries.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
  });

  it('sums hours without float noise', () => {
    const entries = [0.1, 0.2].map((hours, index) => ({
      id: `t${index}`,
      rev: 0,
      userId: 'u1',
      username: 'chef',
      date: '2026-03-01',
      hours,
    }));
    expect(formatHours(cardHours({ timeEntries: entries }))).toBe('0,30');
  });
});

describe('columns', () => {
  it('adds a column at the end with a trimmed title; blank adds nothing', () => {
    const doc = buildDoc();
    expect(addColumn(doc, '  Abnahme ', 'new')).toBe('hat die Spalte „Abnahme“ hinzugefügt.');
    expect(ids(doc.columns)).toEqual(['todo', 'doing', 'done', 'new']);
    expect(doc.columns[3]).toMatchObject({ rev: 0, title: 'Abnahme', cards: [] });
    expect(isSorted(doc.columns)).toBe(true);
    expect(addColumn(doc, '   ', 'x')).toBeNull();
    expect(doc.columns).toHaveLength(4);
  });

  it('renames a column; blank or unchanged names do nothing', () => {
    const doc = buildDoc();
    expect(renameColumn(doc, 'doing', ' Läuft ')).toBe('hat die Spalte „In Bearbeitung“ in „Läuft“ umbenannt.');
    expect(doc.columns[1]!.title).toBe('Läuft');
    expect(renameColumn(doc, 'doing', '  ')).toBeNull();
    expect(renameColumn(doc, 'doing', 'Läuft')).toBeNull();
    expect(renameColumn(doc, 'missing', 'X')).toBeNull();
  });

  it('deletes a column with its cards', () => {
    const doc = buildDoc();
    expect(deleteColumn(doc, 'todo')).toBe('hat die Spalte „To Do“ gelöscht.');
    expect(ids(doc.columns)).toEqual(['doing', 'done']);
    expect(deleteColumn(doc, 'todo')).toBeNull();
  });

  it('moves a column left and right, changing only its own key, never past the ends', () => {
    const doc = buildDoc();
    const before = doc.columns.map((c) => ({ id: c.id, position: c.position }));
    expect(canMoveColumn(doc, 'todo', 'left')).toBe(false);
    expect(moveColumn(doc, 'todo', 'left')).toBeNull();
    expect(canMoveColumn(doc, 'done', 'right')).toBe(false);
    expect(moveColumn(doc, 'done', 'right')).toBeNull();

    expect(moveColumn(doc, 'done', 'left')).toBe('hat die Spalte „Erledigt“ nach links verschoben.');
    expect(ids(doc.columns)).toEqual(['todo', 'done', 'doing']);
    expect(isSorted(doc.columns)).toBe(true);
    for (const { id, position } of before.filter((c) => c.id !== 'done'))
      expect(doc.columns.find((c) => c.id === id)!.position).toBe(position);

    expect(moveColumn(doc, 'todo', 'right')).toBe('hat die Spalte „To Do“ nach rechts verschoben.');
    expect(ids(doc.columns)).toEqual(['done', 'todo', 'doing']);
    expect(moveColumn(doc, 'todo', 'right')).not.toBeNull();
    expect(ids(doc.columns)).toEqual(['done', 'doing', 'todo']);
    expect(isSorted(doc.columns)).toBe(true);
  });
});

describe('cards', () => {
  it('adds a card at the end of its column with a trimmed title; a blank title adds nothing', () => {
    const doc = buildDoc();
    expect(addCard(doc, 'todo', '  Kabel ziehen ', 'n1')).toBe(
      'hat die Aufgabe „Kabel ziehen“ in „To Do“ hinzugefügt.',
    );
    const added = doc.columns[0]!.cards[3]!;
    expect(added).toMatchObject({ id: 'n1', rev: 0, title: 'Kabel ziehen', group: null, assignedTo: null });
    expect(isSorted(doc.columns[0]!.cards)).toBe(true);
    expect(addCard(doc, 'todo', '   ', 'n2')).toBeNull();
    expect(addCard(doc, 'nowhere', 'X', 'n3')).toBeNull();
    expect(doc.columns[0]!.cards).toHaveLength(4);
  });

  it('adding the same card id twice (a rebase running the edit again) adds it once', () => {
    const doc = buildDoc();
    addCard(doc, 'done', 'Abnahme', 'same');
    expect(addCard(doc, 'done', 'Abnahme', 'same')).toBeNull();
    expect(doc.columns[2]!.cards).toHaveLength(1);
  });

  it('updates only changed fields and says what happened', () => {
    const doc = buildDoc();
    expect(updateCard(doc, 'a', { title: 'Aufgabe a', description: '' })).toBeNull();
    expect(updateCard(doc, 'a', { title: ' Neu ' })).toBe('hat die Aufgabe „Aufgabe a“ in „Neu“ umbenannt.');
    expect(updateCard(doc, 'a', { title: '  ', description: 'Text' })).toBe('hat die Aufgabe „Neu“ bearbeitet.');
    expect(findCard(doc, 'a')!.card).toMatchObject({ title: 'Neu', description: 'Text' });
    expect(updateCard(doc, 'a', { group: 'Bad', assignedTo: 'ext-1', tagIds: ['t1', 't1'] })).toBe(
      'hat die Aufgabe „Neu“ bearbeitet.',
    );
    expect(findCard(doc, 'a')!.card).toMatchObject({ group: 'Bad', assignedTo: 'ext-1', tagIds: ['t1'] });
    expect(updateCard(doc, 'a', { group: '', assignedTo: '' })).not.toBeNull();
    expect(findCard(doc, 'a')!.card).toMatchObject({ group: null, assignedTo: null });
  });

  it('deletes a card', () => {
    const doc = buildDoc();
    expect(deleteCard(doc, 'b')).toBe('hat die Aufgabe „Aufgabe b“ gelöscht.');
    expect(ids(doc.columns[0]!.cards)).toEqual(['a', 'c']);
    expect(deleteCard(doc, 'b')).toBeNull();
  });
});

describe('moveCard', () => {
  it('moves a card to another column before a given card, changing only its key', () => {
    const doc = buildDoc();
    const dKey = doc.columns[1]!.cards[0]!.position;
    expect(moveCard(doc, 'b', 'doing', 'd')).toBe('hat die Aufgabe „Aufgabe b“ nach „In Bearbeitung“ verschoben.');
    expect(ids(doc.columns[0]!.cards)).toEqual(['a', 'c']);
    expect(ids(doc.columns[1]!.cards)).toEqual(['b', 'd']);
    expect(doc.columns[1]!.cards[1]!.position).toBe(dKey);
    expect(isSorted(doc.columns[1]!.cards)).toBe(true);
  });

  it('moves a card to the end of a column and into an empty column', () => {
    const doc = buildDoc();
    moveCard(doc, 'a', 'doing', null);
    expect(ids(doc.columns[1]!.cards)).toEqual(['d', 'a']);
    moveCard(doc, 'c', 'done', null);
    expect(ids(doc.columns[2]!.cards)).toEqual(['c']);
  });

  it('reorders within a column', () => {
    const doc = buildDoc();
    expect(moveCard(doc, 'c', 'todo', 'a')).toBe('hat die Aufgabe „Aufgabe c“ innerhalb von „To Do“ verschoben.');
    expect(ids(doc.columns[0]!.cards)).toEqual(['c', 'a', 'b']);
    moveCard(doc, 'c', 'todo', null);
    expect(ids(doc.columns[0]!.cards)).toEqual(['a', 'b', 'c']);
    expect(isSorted(doc.columns[0]!.cards)).toBe(true);
  });

  it('does nothing when the card would stay where it is', () => {
    const doc = buildDoc();
    expect(moveCard(doc, 'a', 'todo', 'b')).toBeNull();
    expect(moveCard(doc, 'a', 'todo', 'a')).toBeNull();
    expect(moveCard(doc, 'c', 'todo', null)).toBeNull();
    expect(moveCard(doc, 'missing', 'todo', null)).toBeNull();
  });

  it('drops at the end when the card to drop before has gone', () => {
    const doc = buildDoc();
    moveCard(doc, 'a', 'doing', 'vanished');
    expect(ids(doc.columns[1]!.cards)).toEqual(['d', 'a']);
  });

  it('places a card between two cards with equal keys (concurrent inserts) without failing', () => {
    const doc = buildDoc();
    const [k] = keysAfter(null, 1) as [string];
    doc.columns[2]!.cards = [card('x', k), card('y', k)];
    expect(moveCard(doc, 'a', 'done', 'y')).not.toBeNull();
    expect(doc.columns[2]!.cards.map((c) => c.id)).toContain('a');
    expect(isSorted(doc.columns[2]!.cards)).toBe(true);
  });
  it('under an immer draft gives what it gives on a plain copy, and only the moved card and the two lists are new', () => {
    const cases: [string, string, string | null][] = [
      ['b', 'doing', 'd'],
      ['a', 'doing', null],
      ['c', 'todo', 'a'],
      ['a', 'todo', null],
      ['a', 'done', 'vanished'],
      ['a', 'todo', 'b'],
    ];
    for (const [cardId, toColumnId, beforeCardId] of cases) {
      const base = freeze(buildDoc(), true);
      const plain = buildDoc();
      const action = moveCard(plain, cardId, toColumnId, beforeCardId);
      let drafted: string | null = null;
      const next = produce(base, (draft) => {
        drafted = moveCard(draft, cardId, toColumnId, beforeCardId);
      });
      expect(drafted).toBe(action);
      expect(next).toEqual(plain);
      const touched = new Set([cardId]);
      for (const each of next.columns.flatMap((column) => column.cards)) {
        const before = base.columns.flatMap((column) => column.cards).find((card) => card.id === each.id);
        if (!touched.has(each.id) || action === null) expect(each).toBe(before);
      }
      if (action === null) expect(next).toBe(base);
    }
  });

  it('sees an edit made earlier in the same draft', () => {
    const next = produce(freeze(buildDoc(), true), (draft) => {
      addCard(draft, 'done', 'Neu', 'n');
      expect(moveCard(draft, 'n', 'todo', 'a')).not.toBeNull();
      expect(findCard(draft, 'n')?.column.id).toBe('todo');
    });
    expect(ids(next.columns[0]!.cards)).toEqual(['n', 'a', 'b', 'c']);
    expect(next.columns[2]!.cards).toEqual([]);
  });
});

describe('quick moves', () => {
  it('offers the second and the last column unless the card is already there', () => {
    const doc = buildDoc();
    expect(quickMoveTargets(doc, 'todo')).toEqual({ second: doc.columns[1], last: doc.columns[2] });
    expect(quickMoveTargets(doc, 'doing')).toEqual({ second: null, last: doc.columns[2] });
    expect(quickMoveTargets(doc, 'done')).toEqual({ second: doc.columns[1], last: null });
  });

  it('offers nothing with one column or in a template, and only "last" with two columns', () => {
    const one = buildDoc();
    one.columns = one.columns.slice(0, 1);
    expect(quickMoveTargets(one, 'todo')).toEqual({ second: null, last: null });
    const two = buildDoc();
    two.columns = two.columns.slice(0, 2);
    expect(quickMoveTargets(two, 'todo')).toEqual({ second: null, last: two.columns[1] });
    const template = buildDoc({ isTemplate: true });
    expect(quickMoveTargets(template, 'todo')).toEqual({ second: null, last: null });
    expect(quickMoveCard(template, 'a', 'last')).toBeNull();
  });

  it('moves to the end of the target column and logs the move', () => {
    const doc = buildDoc();
    expect(quickMoveCard(doc, 'a', 'second')).toBe('hat die Aufgabe „Aufgabe a“ nach „In Bearbeitung“ verschoben.');
    expect(ids(doc.columns[1]!.cards)).toEqual(['d', 'a']);
    expect(quickMoveCard(doc, 'a', 'second')).toBeNull();
    expect(quickMoveCard(doc, 'a', 'last')).toBe('hat die Aufgabe „Aufgabe a“ nach „Erledigt“ verschoben.');
    expect(ids(doc.columns[2]!.cards)).toEqual(['a']);
  });
});

describe('time and material entries', () => {
  const time = { userId: 'u1', username: 'chef', date: '2026-03-02', hours: 1.5 };

  it('adds and deletes a time entry', () => {
    const doc = buildDoc();
    expect(addTimeEntry(doc, 'a', time, 't1')).toBe('hat 1,50 Stunden für die Aufgabe „Aufgabe a“ erfasst.');
    expect(findCard(doc, 'a')!.card.timeEntries).toEqual([{ id: 't1', rev: 0, ...time }]);
    expect(addTimeEntry(doc, 'a', time, 't1')).toBeNull();
    expect(addTimeEntry(doc, 'a', { ...time, hours: 0 }, 't2')).toBeNull();
    expect(deleteTimeEntry(doc, 'a', 't1')).toBe(
      'hat einen Zeiteintrag über 1,50 Stunden der Aufgabe „Aufgabe a“ gelöscht.',
    );
    expect(findCard(doc, 'a')!.card.timeEntries).toEqual([]);
    expect(deleteTimeEntry(doc, 'a', 't1')).toBeNull();
  });

  it('adds material with a trimmed unit and name, refuses a missing name or quantity, deletes', () => {
    const doc = buildDoc();
    expect(addMaterialEntry(doc, 'a', { quantity: 2.5, unit: ' m ', name: ' Kabel ' }, 'm1')).toBe(
      'hat das Material „2,5 m Kabel“ zur Aufgabe „Aufgabe a“ hinzugefügt.',
    );
    expect(findCard(doc, 'a')!.card.materialEntries).toEqual([
      { id: 'm1', rev: 0, quantity: 2.5, unit: 'm', name: 'Kabel' },
    ]);
    expect(addMaterialEntry(doc, 'a', { quantity: 1, unit: '', name: '  ' }, 'm2')).toBeNull();
    expect(addMaterialEntry(doc, 'a', { quantity: 0, unit: '', name: 'X' }, 'm3')).toBeNull();
    expect(deleteMaterialEntry(doc, 'a', 'm1')).toBe(
      'hat das Material „2,5 m Kabel“ von der Aufgabe „Aufgabe a“ entfernt.',
    );
    expect(deleteMaterialEntry(doc, 'a', 'm1')).toBeNull();
  });
});
