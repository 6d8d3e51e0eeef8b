import { produce } from 'immer';
import type {
  AppointmentDto,
  CardDto,
  ChangeLogEntryDto,
  NoteDto,
  ProjectDeltaDto,
  ProjectDocument,
} from '../dto/projects';
import { APPOINTMENT_STATUSES } from '../dto/projects';
import { PROJECT_LIMITS } from './projectLimits';
import { seededRandom } from './seededRandom';
import {
  applyProjectDelta,
  documentDelta,
  deltaOfWalks,
  type FlatEntities,
  type FlatEntity,
  flatProjectEntities,
  nestProjectEntities,
} from './projectDelta';

/**
 * The delta helpers walk only what an edit replaced (issue 17, a drop at 5,000 cards). These
 * randomised tests hold them to the way they worked before, kept here as the reference: every
 * entity of both copies flattened and compared (the same comparison, `deltaOfWalks`, on the
 * walks of everything), and the answer applied by setting the sent entities among all flat
 * ones and nesting everything again (`applyProjectDelta`).
 */

const KINDS = ['columns', 'cards', 'timeEntries', 'materialEntries', 'appointments', 'notes', 'signoffs'] as const;

function flatten(document: ProjectDocument): Map<string, FlatEntity> {
  const flat = flatProjectEntities(document);
  const byId = new Map<string, FlatEntity>();
  for (const kind of KINDS)
    for (const value of flat[kind]) {
      const parent = 'columnId' in value ? value.columnId : 'cardId' in value ? value.cardId : null;
      byId.set(value.id, { kind, parent, value });
    }
  return byId;
}

const emptyFlat = (): FlatEntities => ({
  ...{ columns: [], cards: [], timeEntries: [], materialEntries: [] },
  ...{ appointments: [], notes: [], signoffs: [] },
});

/** The delta as it was taken before: from the walks of every entity of both copies. */
const referenceDelta = (base: ProjectDocument, next: ProjectDocument) =>
  deltaOfWalks(base, next, { before: flatten(base), after: flatten(next) });

function referenceApply(document: ProjectDocument, delta: ProjectDeltaDto): ProjectDocument {
  const flat = flatten(document);
  for (const id of delta.deleted) flat.delete(id);
  for (const kind of KINDS)
    for (const value of delta[kind] as { id: string }[]) flat.set(value.id, { kind, parent: null, value });
  const entities = emptyFlat();
  for (const entity of flat.values()) (entities[entity.kind] as { id: string }[]).push(entity.value);
  const { kind: _kind, since: _since, deleted: _deleted, changeLog, ...rest } = delta;
  const { columns: _c, cards: _k, timeEntries: _t, materialEntries: _m, ...more } = rest;
  const { appointments: _a, notes: _n, signoffs: _s, ...header } = more;
  const known = new Set(changeLog.map((entry) => entry.id));
  const log = [...changeLog, ...document.changeLog.filter((entry) => !known.has(entry.id))]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, PROJECT_LIMITS.changeLog);
  return { ...header, ...nestProjectEntities(entities), changeLog: log };
}

/** The shared seeded generator (mulberry32) with the helpers these tests use: a failing seed can be run again. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T | undefined => items[int(items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

let ids = 0;
const id = (prefix: string) => `${prefix}${(ids += 1)}`;
/** Few distinct values, so that ties in dates and sort keys occur. */
const key = (r: Random) => 'abcdef'[r.int(6)]! + (r.chance(0.5) ? 'm' : '');
const day = (r: Random) => `2026-11-${10 + r.int(4)}`;
const time = (r: Random) => `2026-11-2${r.int(3)}T10:00:0${r.int(3)}.000Z`;

const timeEntry = (r: Random) => ({ id: id('t'), rev: 1, date: day(r), hours: r.int(8), userId: 'u', username: 'u' });
const materialEntry = (r: Random) => ({
  id: id('m'),
  rev: 1,
  name: `Material ${r.int(5)}`,
  quantity: r.int(9),
  unit: 'Stk',
});
const cardOf = (r: Random): CardDto => ({
  ...{ id: id('k'), rev: 1, position: key(r), title: `Aufgabe ${r.int(9)}`, description: '', tagIds: [], group: null },
  assignedTo: null,
  timeEntries: Array.from({ length: r.int(3) }, () => timeEntry(r)),
  materialEntries: Array.from({ length: r.int(3) }, () => materialEntry(r)),
});
const appointmentOf = (r: Random): AppointmentDto => ({
  ...{ id: id('a'), rev: 1, date: day(r), title: `Termin ${r.int(9)}`, status: APPOINTMENT_STATUSES[0] },
  ...{ contactName: '', contactPhone: '', tagIds: [], notes: '' },
});
const noteOf = (r: Random): NoteDto => ({
  ...{ id: id('n'), rev: 1, title: 'Notiz', content: `Notiz ${r.int(9)}`, authorId: 'u', authorUsername: 'u' },
  timestamp: time(r),
});
const signoffOf = (r: Random, cardId: string | null) => ({
  ...{ id: id('s'), rev: 1, cardId, signerName: 'Frau Kundin', signedAt: time(r), signature: 'M1 1' },
  ...{ coveredTimeEntryIds: [], coveredMaterialEntryIds: [], collectedById: 'u', collectedByName: 'u' },
});
const logEntry = (r: Random): ChangeLogEntryDto => ({
  ...{ id: id('l'), timestamp: time(r), userId: 'u', username: 'u', action: `Aktion ${r.int(9)}` },
});

/** A document in board order, as the server sends it (the entity shapes are what the helpers see; they pass values through). */
function documentOf(r: Random): ProjectDocument {
  const document = {
    ...{ id: 'p', revision: 10, isTemplate: false, status: 'active', name: 'Projekt', description: '' },
    ...{ icon: 'briefcase', projectNumber: '', customerType: 'Allgemein', groupId: null, groupAssignments: {} },
    ...{ thumbnailImageId: null, tagIds: [], cardGroups: [], ownerId: 'o', ownerUsername: 'o', deputyOwnerId: null },
    ...{ memberIds: [], team: [], lastModified: '', createdAt: '' },
    columns: Array.from({ length: 1 + r.int(4) }, () => ({
      ...{ id: id('c'), rev: 1, position: key(r), title: `Spalte ${r.int(9)}` },
      cards: Array.from({ length: r.int(7) }, () => cardOf(r)),
    })),
    appointments: Array.from({ length: r.int(4) }, () => appointmentOf(r)),
    notes: Array.from({ length: r.int(4) }, () => noteOf(r)),
    signoffs: Array.from({ length: r.int(3) }, () => signoffOf(r, null)),
    changeLog: Array.from({ length: r.int(4) }, () => logEntry(r)),
  } as unknown as ProjectDocument;
  return referenceApply(document, {
    ...answerHeader(document),
    kind: 'delta',
    since: 10,
    ...emptyFlat(),
    deleted: [],
    changeLog: [],
  });
}

function answerHeader(document: ProjectDocument) {
  const { columns: _c, appointments: _a, notes: _n, signoffs: _s, changeLog: _l, ...header } = document;
  return header;
}

const cardsOf = (draft: ProjectDocument) => draft.columns.flatMap((column) => column.cards);

/** One random edit of a draft, as the board's recipes make them (immer keeps the rest). */
function edit(r: Random, draft: ProjectDocument): void {
  const column = r.pick(draft.columns);
  const card = r.pick(cardsOf(draft));
  const owner = card && draft.columns.find((each) => each.cards.includes(card));
  switch (r.int(16)) {
    case 0: // a card moved, maybe to another column
      if (card && owner) {
        owner.cards.splice(owner.cards.indexOf(card), 1);
        const to = r.pick(draft.columns)!;
        if (r.chance(0.7)) card.position = key(r);
        to.cards.splice(r.int(to.cards.length + 1), 0, card);
      }
      return;
    case 1:
      if (card) card.title = `Geändert ${r.int(9)}`;
      return;
    case 2:
      column?.cards.push(cardOf(r));
      return;
    case 3:
      if (card && owner) owner.cards.splice(owner.cards.indexOf(card), 1);
      return;
    case 4:
      card?.timeEntries.push(timeEntry(r));
      return;
    case 5:
      if (card?.timeEntries.length) card.timeEntries[r.int(card.timeEntries.length)]!.hours = 9;
      return;
    case 6:
      if (card?.materialEntries.length) card.materialEntries.splice(r.int(card.materialEntries.length), 1);
      else card?.materialEntries.push(materialEntry(r));
      return;
    case 7: {
      // An entry moved to another card.
      const to = r.pick(cardsOf(draft));
      if (card?.materialEntries.length && to) to.materialEntries.push(card.materialEntries.splice(0, 1)[0]!);
      if (card?.timeEntries.length && to) to.timeEntries.push(card.timeEntries.splice(0, 1)[0]!);
      return;
    }
    case 8:
      draft.columns.push({ ...{ id: id('c'), rev: 1, position: key(r), title: 'Neu' }, cards: [cardOf(r)] });
      return;
    case 9:
      if (column && draft.columns.length > 1) draft.columns.splice(draft.columns.indexOf(column), 1);
      return;
    case 10:
      if (column) column.title = `Umbenannt ${r.int(9)}`;
      return;
    case 11:
      if (r.chance(0.5)) draft.appointments.push(appointmentOf(r));
      else draft.appointments.splice(r.int(draft.appointments.length), 1);
      return;
    case 12:
      if (draft.notes.length && r.chance(0.5)) draft.notes[0]!.content = 'Neu';
      else draft.notes.unshift(noteOf(r));
      return;
    case 13:
      if (r.chance(0.5)) draft.signoffs.push(signoffOf(r, card?.id ?? null));
      else draft.signoffs.splice(r.int(draft.signoffs.length), 1);
      return;
    case 14:
      draft.name = `Projekt ${r.int(3)}`;
      return;
    default:
      // An edit that changes nothing but replaces objects (a value written again).
      if (card) card.title = `${card.title}`;
      if (column) column.cards = [...column.cards];
  }
}

const edited = (r: Random, document: ProjectDocument) =>
  produce(document, (draft) => {
    for (let count = 1 + r.int(4); count > 0; count -= 1) edit(r, draft);
  });

/** The server's answer to a save of `next` on `base`: the delta, as a read of what changed since `base`. */
function answerOf(r: Random, base: ProjectDocument, next: ProjectDocument): ProjectDeltaDto {
  const { revision: _revision, fields, ...entities } = documentDelta(base, next);
  const revision = base.revision + 1 + r.int(3);
  return {
    ...answerHeader({ ...next, ...(fields ?? {}) }),
    revision,
    kind: 'delta',
    since: base.revision,
    ...entities,
    changeLog: Array.from({ length: r.int(3) }, () => logEntry(r)),
  };
}

/** A delta not made by an edit: any entity sent again or somewhere else, any id deleted (parents with their children). */
function wildDelta(r: Random, base: ProjectDocument): ProjectDeltaDto {
  const flat = flatProjectEntities(base);
  const answer: ProjectDeltaDto = {
    ...answerHeader(base),
    ...{ revision: base.revision + 1, kind: 'delta', since: base.revision, ...emptyFlat(), deleted: [] },
    changeLog: [],
  };
  const columnIds = [...flat.columns.map((column) => column.id), 'c-none'];
  const cardIds = [...flat.cards.map((card) => card.id), 'k-none'];
  for (const kind of KINDS)
    for (const value of flat[kind] as Record<string, unknown>[]) {
      if (r.chance(0.1)) answer.deleted.push(value['id'] as string);
      if (!r.chance(0.15)) continue;
      const changed: Record<string, unknown> = { ...value, rev: 2 };
      if ('columnId' in changed && r.chance(0.5)) changed['columnId'] = r.pick(columnIds);
      if ('cardId' in changed && kind !== 'signoffs' && r.chance(0.5)) changed['cardId'] = r.pick(cardIds);
      if ('position' in changed && r.chance(0.5)) changed['position'] = key(r);
      (answer[kind] as unknown[]).push(changed);
    }
  if (r.chance(0.5)) answer.cards.push({ ...(cardOf(r) as unknown as object), columnId: r.pick(columnIds)! } as never);
  if (r.chance(0.5)) answer.timeEntries.push({ ...timeEntry(r), cardId: r.pick(cardIds)! });
  if (r.chance(0.5)) answer.materialEntries.push({ ...materialEntry(r), cardId: r.pick(cardIds)! });
  if (r.chance(0.3)) answer.appointments.push(appointmentOf(r));
  return answer;
}

const SEEDS = Array.from({ length: 400 }, (_, index) => index + 1);

describe('documentDelta on random edits (against the whole flat comparison)', () => {
  it.each(SEEDS)('seed %i', (seed) => {
    const r = random(seed);
    const base = documentOf(r);
    const next = edited(r, base);
    expect(documentDelta(base, next)).toEqual(referenceDelta(base, next));
    // Copies that share nothing (a reload, a copy from the queue) are compared whole.
    const unrelated = JSON.parse(JSON.stringify(next)) as ProjectDocument;
    expect(documentDelta(base, unrelated)).toEqual(referenceDelta(base, unrelated));
    // An edit on an edited copy, against the first base (saves joined while one is in flight).
    const later = edited(r, next);
    expect(documentDelta(base, later)).toEqual(referenceDelta(base, later));
  });
});

describe('applyProjectDelta on random answers (against nesting every entity again)', () => {
  it.each(SEEDS)('seed %i', (seed) => {
    const r = random(seed);
    const base = documentOf(r);
    const answer = answerOf(r, base, edited(r, base));
    const applied = applyProjectDelta(base, answer);
    expect(applied).toEqual(referenceApply(base, answer));
    // A card the answer did not touch (nor one of its entries) stays the very same object.
    const entryIds = new Set([...answer.timeEntries, ...answer.materialEntries].map((entry) => entry.id));
    const touched = new Set([
      ...answer.cards.map((card) => card.id),
      ...[...answer.timeEntries, ...answer.materialEntries].map((entry) => entry.cardId),
      ...cardsOf(base)
        .filter((card) =>
          [...card.timeEntries, ...card.materialEntries].some(
            (e) => entryIds.has(e.id) || answer.deleted.includes(e.id),
          ),
        )
        .map((card) => card.id),
    ]);
    const before = new Map(cardsOf(base).map((card) => [card.id, card]));
    for (const card of cardsOf(applied)) if (!touched.has(card.id)) expect(card).toBe(before.get(card.id));
    const wild = wildDelta(r, base);
    expect(applyProjectDelta(base, wild)).toEqual(referenceApply(base, wild));
  });

  it('keeps every untouched column and card object of a board, and replaces only the moved card and its two columns', () => {
    const r = random(7);
    let base = documentOf(r);
    while (base.columns.length < 3 || base.columns.some((column) => column.cards.length < 2)) base = documentOf(r);
    const [from, to] = [base.columns[0]!, base.columns[1]!];
    const moved = produce(base, (draft) => {
      const card = draft.columns[0]!.cards.shift()!;
      card.position = 'zz';
      draft.columns[1]!.cards.push(card);
    });
    const delta = documentDelta(base, moved);
    expect(delta.cards.map((card) => card.id)).toEqual([from.cards[0]!.id]);
    expect(delta.columns.map((column) => column.id)).toEqual([to.id]);
    const applied = applyProjectDelta(base, answerOf(r, base, moved));
    expect(applied.columns[2]).toBe(base.columns[2]);
    expect(applied.columns[0]).not.toBe(from);
    expect(applied.columns[0]!.cards[0]).toBe(from.cards[1]);
    expect(applied.columns[1]!.cards.slice(0, -1)).toEqual(to.cards);
    for (const [index, card] of to.cards.entries()) expect(applied.columns[1]!.cards[index]).toBe(card);
    expect(applied.appointments).toBe(base.appointments);
    expect(applied.notes).toBe(base.notes);
  });
});
