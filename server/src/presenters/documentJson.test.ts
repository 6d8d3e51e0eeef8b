import { applyProjectDelta, type ProjectDeltaDto, type ProjectDocument } from '@werkboard/common';
import { documentJson } from './documentJson';

/** A small document with the characters JSON escapes in its texts. */
function document(): ProjectDocument {
  const card = (id: string, position: string, title: string) => ({
    id,
    rev: 1,
    position,
    title,
    description: 'Zeile 1\nZeile 2 "zitiert" \\ $& $1 \u2028',
    tagIds: ['t1'],
    group: null,
    assignedTo: null,
    timeEntries: [{ id: `${id}-z`, rev: 1, userId: null, username: 'Ötzi', date: '2026-11-02', hours: 1.5 }],
    materialEntries: [{ id: `${id}-m`, rev: 1, quantity: 3, unit: 'm', name: 'NYM-J 3x1,5' }],
  });
  return {
    id: 'p',
    revision: 3,
    name: 'Projekt "A"',
    columns: [
      { id: 'c1', rev: 1, position: 'a', title: 'To Do', cards: [card('k1', 'a', 'Eins'), card('k2', 'b', 'Zwei')] },
      { id: 'c2', rev: 1, position: 'b', title: 'Erledigt', cards: [card('k3', 'a', 'Drei')] },
    ],
    appointments: [],
    notes: [],
    signoffs: [],
    changeLog: [],
    lastModified: '2026-11-24T10:00:00.000Z',
  } as unknown as ProjectDocument;
}

describe('documentJson', () => {
  it('is the text JSON.stringify gives, also for texts JSON escapes and the replacement patterns of a string', () => {
    const board = document();
    expect(documentJson(board).toString()).toBe(JSON.stringify(board));
    // Twice: the second time from the kept texts.
    expect(documentJson(board).toString()).toBe(JSON.stringify(board));
    const empty = { ...board, columns: [] };
    expect(documentJson(empty).toString()).toBe(JSON.stringify(empty));
  });

  it('is the new document after a delta, which shares the untouched columns and cards with the old one', () => {
    const before = document();
    documentJson(before);
    const delta = {
      kind: 'delta',
      since: 3,
      id: 'p',
      revision: 4,
      name: 'Projekt "A"',
      lastModified: '2026-11-24T11:00:00.000Z',
      columns: [],
      cards: [{ ...before.columns[0]!.cards[1]!, columnId: 'c2', position: 'b', title: 'Zwei, verschoben', rev: 4 }],
      timeEntries: [],
      materialEntries: [],
      appointments: [],
      notes: [],
      signoffs: [],
      deleted: ['k1'],
      changeLog: [],
    } as unknown as ProjectDeltaDto;
    const after = applyProjectDelta(before, delta);
    expect(after.columns[1]!.cards[0]).toBe(before.columns[1]!.cards[0]);
    expect(documentJson(after).toString()).toBe(JSON.stringify(after));
    expect(documentJson(after).toString()).toContain('Zwei, verschoben');
    expect(documentJson(after).toString()).not.toContain('"Eins"');
  });
});
