import {
  type ColumnDto,
  de,
  documentDelta,
  keyBetween,
  keysAfter,
  newId,
  type ProjectDeltaInput,
  type ProjectDocument,
  projectDeltaSchema,
  validate,
} from '@werkboard/common';
import type { SessionActor } from '../auth/sessionActor';
import { type ClientCopy, emptyFields, MemoryProjectServer, newCard } from '../test/projectMergeHarness';
import { composeDelta } from './projectDelta';
import { MergeRefused } from './projectMerger';
import { answersRead, DeltaSlice } from './projectSlice';

const person = (username: string, role: SessionActor['role']): SessionActor => ({
  id: newId(),
  username,
  role,
  permissions: ['can_edit_projects'],
});
const owner = person('inhaberin', 'Monteur');
const monteur = person('monteur', 'Monteur');

/** Three columns; the first holds `cards` cards, the first card an hour of the owner's and a material entry. */
function project(cards: number): ClientCopy {
  const columns: ColumnDto[] = keysAfter(null, 3).map((position, index) => ({
    ...{ id: newId(), rev: 0, position, title: ['To Do', 'In Bearbeitung', 'Erledigt'][index]! },
    cards: [],
  }));
  columns[0]!.cards = keysAfter(null, cards).map((position, index) => newCard(`Aufgabe ${index + 1}`, position));
  const first = columns[0]!.cards[0]!;
  first.timeEntries.push({ id: newId(), rev: 0, userId: owner.id, username: '', date: '2026-11-20', hours: 1 });
  first.materialEntries.push({ id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'NYM-J 3x1,5' });
  return { ...emptyFields(), revision: 0, columns, appointments: [], notes: [], signoffs: [], changeLog: [] };
}

const asDocument = (copy: ClientCopy) => copy as unknown as ProjectDocument;

function validated(base: ClientCopy, next: ClientCopy): ProjectDeltaInput {
  const checked = validate(projectDeltaSchema, documentDelta(asDocument(base), asDocument(next)));
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
}

/** The ids of the stored entities a delta save loads, read from the server as the store reads them. */
function sliceOf(server: MemoryProjectServer, delta: ProjectDeltaInput): Set<string> {
  const slice = new DeltaSlice(delta);
  for (let reads = slice.next(); reads; reads = slice.next()) {
    const asked = reads;
    slice.add(
      asked,
      [...server.entities.values()].filter((entity) => answersRead(asked, entity)),
    );
  }
  return new Set(slice.entities.keys());
}

/** A server's state, comparable with its twin's (note times are each server's clock, log ids random). */
const comparable = (server: MemoryProjectServer) => ({
  revision: server.revision,
  entities: [...server.entities.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
  log: server.changeLog.map((entry) => entry.action).sort(),
});

function outcome(write: () => unknown): unknown {
  try {
    write();
    return 'saved';
  } catch (error) {
    if (!(error instanceof MergeRefused)) throw error;
    return { status: error.status, message: error.message };
  }
}

/** The same edit as a whole document and as a delta, each on a twin of `server`: the same outcome and state. */
function expectSameAsPut(server: MemoryProjectServer, base: ClientCopy, next: ClientCopy, writer: SessionActor) {
  const twin = server.clone();
  const viaPut = outcome(() => server.put(next, writer));
  const viaPatch = outcome(() => twin.patch(documentDelta(asDocument(base), asDocument(next)), writer));
  expect(viaPatch).toEqual(viaPut);
  expect(comparable(twin)).toEqual(comparable(server));
  return viaPut;
}

describe('the slice of the stored project a delta save loads (issue 17)', () => {
  it('asks for every sign-off of the project in its first round, and not again', () => {
    const server = new MemoryProjectServer(project(3));
    const base = server.read();
    const next = structuredClone(base);
    next.columns[0]!.cards[0]!.title = 'Neu';
    const slice = new DeltaSlice(validated(base, next));
    const reads = slice.next()!;
    expect(reads.signoffs).toBe(true);
    slice.add(reads, []);
    expect(slice.next()).toBeNull();
  });

  it('moving a card within a 5,000-card column loads that card and its column, and decides as the PUT', () => {
    const server = new MemoryProjectServer(project(5000));
    const base = server.read();
    const next = structuredClone(base);
    const column = next.columns[0]!;
    const [moving] = column.cards.splice(4000, 1);
    moving!.position = keyBetween(column.cards[9]!.position, column.cards[10]!.position);
    column.cards.splice(10, 0, moving!);
    expect(sliceOf(server, validated(base, next))).toEqual(new Set([moving!.id, column.id]));
    expect(expectSameAsPut(server, base, next, monteur)).toBe('saved');
    expect(server.read().columns[0]!.cards[10]!.id).toBe(moving!.id);
    expect(server.changeLog[0]!.action).toBe(de.board.log.cardReordered(moving!.title, 'To Do'));
  });

  it('deleting a column takes its cards and their entries into the slice, not the other columns', () => {
    const server = new MemoryProjectServer(project(20));
    const base = server.read();
    const next = structuredClone(base);
    next.columns = next.columns.slice(1);
    const first = base.columns[0]!.cards[0]!;
    const slice = sliceOf(server, validated(base, next));
    expect(slice.size).toBe(1 + 20 + 2);
    expect([...first.timeEntries, ...first.materialEntries].every((entry) => slice.has(entry.id))).toBe(true);
    expect(slice.has(base.columns[1]!.id)).toBe(false);
    expectSameAsPut(server, base, next, owner);
  });

  it('a delta naming a card whose column another writer deleted meanwhile brings both back as the PUT does', () => {
    const server = new MemoryProjectServer(project(5));
    const base = server.read();
    const deleting = server.read();
    deleting.columns = deleting.columns.slice(1);
    server.put(deleting, monteur);
    const next = structuredClone(base);
    next.columns[0]!.cards[2]!.title = 'Noch gebraucht';
    expectSameAsPut(server, base, next, owner);
    const after = server.read();
    expect(after.columns[0]!.title).toBe('To Do');
    expect(after.columns[0]!.cards.map((card) => card.title)).toEqual(['Noch gebraucht']);
  });

  it("a Monteur's delta touching a sealed entry is refused as the PUT refuses it", () => {
    const server = new MemoryProjectServer(project(5));
    const signing = server.read();
    const card = signing.columns[0]!.cards[0]!;
    signing.signoffs.push({
      ...{ id: newId(), rev: 0, cardId: card.id, signerName: 'Frau Kundin', signedAt: '2026-11-20T10:00:00.000Z' },
      ...{ signature: 'M10 10 L80 40', collectedById: null, collectedByName: '' },
      coveredTimeEntryIds: card.timeEntries.map((entry) => entry.id),
      coveredMaterialEntryIds: card.materialEntries.map((entry) => entry.id),
    });
    server.put(signing, owner);
    const base = server.read();
    const sealed = (edit: (copy: ClientCopy) => void, message: string) => {
      const next = structuredClone(base);
      edit(next);
      expect(expectSameAsPut(server, base, next, monteur)).toEqual({ status: 400, message });
    };
    sealed((copy) => {
      copy.columns[0]!.cards[0]!.materialEntries[0]!.quantity = 30;
    }, de.projects.signoff.sealed);
    sealed((copy) => {
      copy.columns[0]!.cards[0]!.materialEntries = [];
    }, de.projects.signoff.sealed);
    sealed((copy) => {
      copy.columns[0]!.cards.shift();
    }, de.projects.signoff.cardSealed);
    sealed((copy) => {
      copy.columns = copy.columns.slice(1);
    }, de.projects.signoff.cardSealed);
    // A new entry on the signed card is the way to correct it.
    const next = structuredClone(base);
    next.columns[0]!.cards[0]!.materialEntries.push({ id: newId(), rev: 0, quantity: 1, unit: 'm', name: 'Nachtrag' });
    expect(expectSameAsPut(server, base, next, monteur)).toBe('saved');
  });

  it("refuses a live card's id sent as a note's, as the PUT does, though the slice asks only the notes' table for it", () => {
    const server = new MemoryProjectServer(project(3));
    const base = server.read();
    const next = structuredClone(base);
    const card = next.columns[0]!.cards[1]!;
    next.notes.push({
      ...{ id: card.id, rev: 0, title: 'Notiz', content: 'mit fremder ID' },
      ...{ authorId: null, authorUsername: '', timestamp: '' },
    });
    expect(expectSameAsPut(server, base, next, owner)).toEqual({ status: 400, message: de.projects.duplicateId });
  });

  it('refuses cards that name each other as their column, instead of walking round in a circle', () => {
    const server = new MemoryProjectServer(project(3));
    const base = server.read();
    const [first, second] = base.columns[0]!.cards;
    const flat = (card: typeof first) => ({ ...card!, columnId: '' });
    const circle = {
      ...documentDelta(asDocument(base), asDocument(base)),
      cards: [
        { ...flat(first), columnId: second!.id },
        { ...flat(second), columnId: first!.id },
      ],
      deleted: [base.columns[1]!.id],
    };
    const refusal = new MergeRefused(400, de.projects.idInvalid);
    expect(() => server.patch(circle, owner)).toThrow(refusal);
    // composeDelta's own walk, on the whole project as stored.
    const checked = validate(projectDeltaSchema, circle);
    if (!checked.ok) throw new Error(checked.message);
    expect(() => composeDelta(server, checked.value)).toThrow(refusal);
  });
});
