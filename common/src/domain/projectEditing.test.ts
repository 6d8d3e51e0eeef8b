import type { CardDto, ProjectDocument } from '../dto/projects';
import { blankCard } from './boardOperations';
import {
  applyProjectFields,
  applyTaskGroupOperation,
  applyTaskGroupOperations,
  changedProjectFields,
  countGroupCards,
} from './projectEditing';

function card(id: string, group: string | null, assignedTo: string | null = null): CardDto {
  return { ...blankCard({ id, rev: 0, position: 'i', title: id }), group, assignedTo };
}

type Draft = Pick<ProjectDocument, 'cardGroups' | 'groupAssignments' | 'columns'>;

function draft(): Draft {
  return {
    cardGroups: ['Elektro', 'Sanitär'],
    groupAssignments: { Elektro: 'user-max' },
    columns: [
      { id: 'c1', rev: 0, position: 'a', title: 'To Do', cards: [card('k1', 'Elektro', 'user-max'), card('k2', null)] },
      {
        id: 'c2',
        rev: 0,
        position: 'b',
        title: 'Erledigt',
        cards: [card('k3', 'Elektro', 'user-anna'), card('k4', 'Sanitär')],
      },
    ],
  };
}

const groupsOfCards = (doc: Draft) => doc.columns.flatMap((column) => column.cards.map((c) => c.group));
const assigneesOfCards = (doc: Draft) => doc.columns.flatMap((column) => column.cards.map((c) => c.assignedTo));

describe('task group operations', () => {
  it('adds a group with a trimmed name and logs it', () => {
    const doc = draft();
    expect(applyTaskGroupOperation(doc, { kind: 'add', name: '  Maler ' })).toEqual({
      ok: true,
      actions: ['hat die Aufgabengruppe „Maler“ angelegt.'],
    });
    expect(doc.cardGroups).toEqual(['Elektro', 'Sanitär', 'Maler']);
  });

  it('refuses a name that exists in any letter case and ignores a blank one', () => {
    const doc = draft();
    expect(applyTaskGroupOperation(doc, { kind: 'add', name: 'elektro' })).toEqual({
      ok: false,
      error: 'Eine Gruppe mit diesem Namen existiert bereits.',
    });
    expect(applyTaskGroupOperation(doc, { kind: 'add', name: '   ' })).toEqual({ ok: true, actions: [] });
    expect(applyTaskGroupOperation(doc, { kind: 'rename', from: 'Elektro', to: 'SANITÄR' })).toEqual({
      ok: false,
      error: 'Eine Gruppe mit diesem Namen existiert bereits.',
    });
    expect(applyTaskGroupOperation(doc, { kind: 'rename', from: 'Elektro', to: ' ' })).toEqual({
      ok: true,
      actions: [],
    });
    expect(doc).toEqual(draft());
  });

  it('renames a group on all cards and in the assignments', () => {
    const doc = draft();
    const result = applyTaskGroupOperation(doc, { kind: 'rename', from: 'Elektro', to: 'Elektrik' });
    expect(result).toEqual({ ok: true, actions: ['hat die Aufgabengruppe „Elektro“ in „Elektrik“ umbenannt.'] });
    expect(doc.cardGroups).toEqual(['Elektrik', 'Sanitär']);
    expect(groupsOfCards(doc)).toEqual(['Elektrik', null, 'Elektrik', 'Sanitär']);
    expect(doc.groupAssignments).toEqual({ Elektrik: 'user-max' });
  });

  it('allows changing only the letter case of a group', () => {
    const doc = draft();
    expect(applyTaskGroupOperation(doc, { kind: 'rename', from: 'Elektro', to: 'ELEKTRO' }).ok).toBe(true);
    expect(doc.cardGroups).toEqual(['ELEKTRO', 'Sanitär']);
  });

  it('deletes a group and clears it on its cards, which keep their assignee', () => {
    const doc = draft();
    expect(applyTaskGroupOperation(doc, { kind: 'delete', name: 'Elektro' })).toEqual({
      ok: true,
      actions: ['hat die Aufgabengruppe „Elektro“ gelöscht.'],
    });
    expect(doc.cardGroups).toEqual(['Sanitär']);
    expect(groupsOfCards(doc)).toEqual([null, null, null, 'Sanitär']);
    expect(assigneesOfCards(doc)).toEqual(['user-max', null, 'user-anna', null]);
    expect(doc.groupAssignments).toEqual({});
  });

  it('assigns all cards of a group to a user or an external worker', () => {
    const doc = draft();
    const result = applyTaskGroupOperation(doc, {
      kind: 'assign',
      name: 'Elektro',
      assignee: 'ext-1',
      assigneeName: 'Fa. Kabel',
    });
    expect(result).toEqual({
      ok: true,
      actions: ['hat die Aufgabengruppe „Elektro“ mit ihren Aufgaben Fa. Kabel zugewiesen.'],
    });
    expect(assigneesOfCards(doc)).toEqual(['ext-1', null, 'ext-1', null]);
    expect(doc.groupAssignments).toEqual({ Elektro: 'ext-1' });
  });

  it('removing the assignment clears it only on cards that still carried it', () => {
    const doc = draft();
    const result = applyTaskGroupOperation(doc, { kind: 'assign', name: 'Elektro', assignee: null, assigneeName: '' });
    expect(result).toEqual({ ok: true, actions: ['hat die Zuweisung der Aufgabengruppe „Elektro“ aufgehoben.'] });
    expect(assigneesOfCards(doc)).toEqual([null, null, 'user-anna', null]);
    expect(doc.groupAssignments).toEqual({});
  });

  it('replays operations on a newer copy and skips those that no longer fit', () => {
    const newer = draft();
    newer.cardGroups.push('Maler');
    newer.columns[0]!.cards.push(card('k5', 'Elektro'));
    const actions = applyTaskGroupOperations(newer, [
      { kind: 'add', name: 'maler' },
      { kind: 'rename', from: 'Elektro', to: 'Strom' },
    ]);
    expect(actions).toEqual(['hat die Aufgabengruppe „Elektro“ in „Strom“ umbenannt.']);
    expect(newer.cardGroups).toEqual(['Strom', 'Sanitär', 'Maler']);
    expect(countGroupCards(newer, 'Strom')).toBe(3);
  });
});

describe('project fields', () => {
  const base = {
    name: 'Bad',
    projectNumber: '',
    description: '',
    icon: 'briefcase' as const,
    customerType: 'Allgemein',
    tagIds: ['t1'],
  };

  it('writes only what changed and logs the changed fields', () => {
    const target = { ...base, description: 'von jemand anderem' };
    const values = { ...base, name: 'Bad neu', tagIds: ['t1', 't2'] };
    expect(changedProjectFields(base, values)).toEqual(['name', 'tagIds']);
    expect(applyProjectFields(target, base, values)).toEqual(['hat die Projektdaten bearbeitet (Name, Tags).']);
    expect(target).toEqual({ ...base, name: 'Bad neu', tagIds: ['t1', 't2'], description: 'von jemand anderem' });
  });

  it('logs nothing when nothing changed', () => {
    const target = { ...base };
    expect(applyProjectFields(target, base, { ...base })).toEqual([]);
  });
});
