import type { ProjectDocument } from '../dto/projects';
import { applyProjectDelta, documentDelta, isEmptyDelta } from './projectDelta';

const card = (id: string, position: string) => ({
  ...{ id, rev: 1, position, title: `Aufgabe ${id}`, description: '', tagIds: [], group: null, assignedTo: null },
  ...{ timeEntries: [], materialEntries: [] },
});

const signoffOf = (id: string, cardId: string | null) => ({
  ...{ id, rev: 5, cardId, signerName: 'Frau Kundin', signedAt: '2026-11-20T10:00:00.000Z', signature: 'M1 1 L2 2' },
  ...{ coveredTimeEntryIds: [], coveredMaterialEntryIds: [], collectedById: 'u', collectedByName: 'u' },
});

function documentOf(): ProjectDocument {
  return {
    ...{ id: 'p', revision: 4, isTemplate: false, status: 'active', name: 'Projekt', description: '' },
    ...{ icon: 'briefcase', projectNumber: '', customerType: 'Allgemein', groupId: null, groupAssignments: {} },
    ...{ thumbnailImageId: null, tagIds: [], cardGroups: [], ownerId: 'o', ownerUsername: 'o', deputyOwnerId: null },
    ...{ memberIds: [], team: [], appointments: [], notes: [], signoffs: [], changeLog: [] },
    ...{ lastModified: '', createdAt: '' },
    columns: [
      { id: 'c1', rev: 1, position: 'a', title: 'To Do', cards: [card('k1', 'a'), card('k2', 'b')] },
      { id: 'c2', rev: 1, position: 'b', title: 'Erledigt', cards: [] },
    ],
  };
}

describe('documentDelta', () => {
  it('is empty for an unchanged document', () => {
    expect(isEmptyDelta(documentDelta(documentOf(), documentOf()))).toBe(true);
  });

  it('compares as JSON: another key order or an undefined property is no change, another tag is one', () => {
    const next = documentOf();
    const [first, second] = next.columns[0]!.cards;
    next.columns[0]!.cards[0] = Object.fromEntries(Object.entries(first!).reverse()) as typeof first & object;
    const changed = { ...second!, extra: undefined };
    next.columns[0]!.cards[1] = changed;
    expect(isEmptyDelta(documentDelta(documentOf(), next))).toBe(true);
    changed.tagIds = ['t1'];
    expect(documentDelta(documentOf(), next).cards.map((changed) => changed.id)).toEqual(['k2']);
  });

  it('carries a new time entry with its card and column as they are, and nothing else', () => {
    const next = documentOf();
    next.columns[0]!.cards[1]!.timeEntries.push({
      id: 't',
      rev: 0,
      userId: 'u',
      username: 'u',
      date: '2026-11-20',
      hours: 2,
    });
    const delta = documentDelta(documentOf(), next);
    expect(delta.timeEntries).toEqual([{ ...next.columns[0]!.cards[1]!.timeEntries[0]!, cardId: 'k2' }]);
    expect(delta.cards.map((item) => item.id)).toEqual(['k2']);
    expect(delta.columns.map((item) => item.id)).toEqual(['c1']);
    expect([delta.deleted, delta.fields, delta.revision]).toEqual([[], undefined, 4]);
  });

  it('names a deleted column and the cards that went with it, and sends the fields when one changed', () => {
    const next = documentOf();
    next.columns = next.columns.slice(1);
    next.name = 'Umbenannt';
    const delta = documentDelta(documentOf(), next);
    expect(delta.deleted.sort()).toEqual(['c1', 'k1', 'k2']);
    expect(delta.fields?.name).toBe('Umbenannt');
    expect(delta.cards).toEqual([]);
  });
});

describe('documentDelta with a customer sign-off', () => {
  it('carries a new sign-off with the card it signs, and a revoked one as deleted', () => {
    const next = documentOf();
    next.signoffs.push(signoffOf('s1', 'k2'));
    const delta = documentDelta(documentOf(), next);
    expect(delta.signoffs).toEqual([signoffOf('s1', 'k2')]);
    expect(delta.cards.map((item) => item.id)).toEqual(['k2']);
    const revoked = { ...next, signoffs: [] };
    expect(documentDelta(next, revoked)).toMatchObject({ signoffs: [], cards: [], deleted: ['s1'] });
  });
});

describe('applyProjectDelta', () => {
  it('puts changed entities in place, removes deleted ones with their children and adds new log entries on top', () => {
    const base = documentOf();
    base.changeLog = [{ id: 'l1', timestamp: '2026-11-20T08:00:00.000Z', userId: 'o', username: 'o', action: 'alt' }];
    const { columns: _columns, appointments: _a, notes: _n, signoffs: _s, changeLog: _l, ...header } = base;
    const moved = { ...card('k2', 'c'), columnId: 'c2', title: 'Verschoben' };
    const { timeEntries: _t, materialEntries: _m, ...flatMoved } = moved;
    const entry = { id: 'l2', timestamp: '2026-11-21T08:00:00.000Z', userId: 'o', username: 'o', action: 'neu' };
    const result = applyProjectDelta(base, {
      ...{ ...header, kind: 'delta', since: 4, revision: 5 },
      ...{ columns: [], cards: [flatMoved], timeEntries: [], materialEntries: [], appointments: [], notes: [] },
      signoffs: [],
      deleted: ['k1'],
      changeLog: [entry],
    });
    expect(result.revision).toBe(5);
    expect(result.columns.map((column) => column.cards.map((item) => item.title))).toEqual([[], ['Verschoben']]);
    expect(result.changeLog.map((item) => item.id)).toEqual(['l2', 'l1']);
  });

  it('adds a sign-off and removes a revoked one, oldest first as the whole read has them', () => {
    const base = documentOf();
    base.signoffs = [signoffOf('s1', null)];
    const { columns: _columns, appointments: _a, notes: _n, signoffs: _s, changeLog: _l, ...header } = base;
    const later = { ...signoffOf('s3', 'k1'), signedAt: '2026-11-21T10:00:00.000Z' };
    const earlier = { ...signoffOf('s2', 'k2'), signedAt: '2026-11-19T10:00:00.000Z' };
    const result = applyProjectDelta(base, {
      ...{ ...header, kind: 'delta', since: 4, revision: 5 },
      ...{ columns: [], cards: [], timeEntries: [], materialEntries: [], appointments: [], notes: [] },
      signoffs: [later, earlier],
      deleted: ['s1'],
      changeLog: [],
    });
    expect(result.signoffs.map((signoff) => signoff.id)).toEqual(['s2', 's3']);
  });
});
