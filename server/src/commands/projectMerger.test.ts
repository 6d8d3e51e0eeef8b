import {
  type ColumnDto,
  de,
  documentDelta,
  keyBetween,
  keysAfter,
  newId,
  type ProjectDeltaInput,
  type ProjectDeltaRequest,
  projectDeltaSchema,
  type ProjectDocument,
  seededRandom,
  type SignoffDto,
  validate,
} from '@werkboard/common';
import { type ClientCopy, emptyFields, MemoryProjectServer, newCard } from '../test/projectMergeHarness';
import { type BoardState, randomWrite, RuleLedger, writersOfEveryRole } from '../test/projectMergeRandom';
import type { SessionActor } from '../auth/sessionActor';
import { composeDelta } from './projectDelta';
import { MergeRefused } from './projectMerger';

/** A delta as the route takes it, after its schema. */
function validateDelta(delta: ProjectDeltaRequest): ProjectDeltaInput {
  const checked = validate(projectDeltaSchema, delta);
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
}

const actor = (username: string, role: SessionActor['role'] = 'Monteur'): SessionActor => ({
  id: newId(),
  username,
  role,
  permissions: ['can_edit_projects'],
});
const anna = actor('anna');
const ben = actor('ben');

function initialProject(): ClientCopy {
  const [p1, p2, p3] = keysAfter(null, 3);
  const columns: ColumnDto[] = ['To Do', 'In Bearbeitung', 'Erledigt'].map((title, index) => ({
    id: newId(),
    rev: 0,
    position: [p1, p2, p3][index]!,
    title,
    cards: [],
  }));
  columns[0]!.cards = keysAfter(null, 4).map((position, index) => newCard(`Aufgabe ${index + 1}`, position));
  return { ...emptyFields(), revision: 0, columns, appointments: [], notes: [], signoffs: [], changeLog: [] };
}

const findCard = (copy: ClientCopy, title: string) =>
  copy.columns.flatMap((column) => column.cards).find((item) => item.title === title)!;
const columnOf = (copy: ClientCopy, cardId: string) =>
  copy.columns.find((column) => column.cards.some((item) => item.id === cardId))!;

function moveCard(copy: ClientCopy, cardId: string, toColumn: number) {
  const from = columnOf(copy, cardId);
  const moving = from.cards.find((item) => item.id === cardId)!;
  from.cards = from.cards.filter((item) => item.id !== cardId);
  const target = copy.columns[toColumn]!;
  moving.position = keyBetween(target.cards.at(-1)?.position ?? null, null);
  target.cards.push(moving);
}

function addTime(copy: ClientCopy, cardId: string, hours: number, who: SessionActor) {
  const target = copy.columns.flatMap((column) => column.cards).find((item) => item.id === cardId)!;
  target.timeEntries.push({ id: newId(), rev: 0, userId: who.id, username: who.username, date: '2026-11-20', hours });
}

function addMaterial(copy: ClientCopy, cardId: string, name: string) {
  const target = copy.columns.flatMap((column) => column.cards).find((item) => item.id === cardId)!;
  target.materialEntries.push({ id: newId(), rev: 0, quantity: 2, unit: 'm', name });
}

/** The fields of a document a delta does not look at are not needed. */
const asDocument = (copy: ClientCopy) => copy as unknown as ProjectDocument;

/** A sign-off of the card over all its entries, as the dialog writes it. */
function signCard(copy: ClientCopy, cardId: string, signerName = 'Frau Kundin'): SignoffDto {
  const target = copy.columns.flatMap((column) => column.cards).find((item) => item.id === cardId)!;
  const signoff: SignoffDto = {
    ...{ id: newId(), rev: 0, cardId, signerName, signedAt: '2026-11-20T10:00:00.000Z', signature: 'M10 10 L80 40' },
    coveredTimeEntryIds: target.timeEntries.map((entry) => entry.id),
    coveredMaterialEntryIds: target.materialEntries.map((entry) => entry.id),
    ...{ collectedById: null, collectedByName: '' },
  };
  copy.signoffs.push(signoff);
  return signoff;
}

describe('customer sign-off in the merge', () => {
  let server: MemoryProjectServer;
  let cardId: string;
  beforeEach(() => {
    server = new MemoryProjectServer(initialProject());
    const copy = server.read();
    cardId = findCard(copy, 'Aufgabe 1').id;
    addTime(copy, cardId, 2, anna);
    addMaterial(copy, cardId, 'Kabel');
    server.put(copy, anna);
    const signing = server.read();
    signCard(signing, cardId);
    server.put(signing, anna, false);
  });

  it('is collected by the writer, whatever the client claims, and logged', () => {
    const result = server.read();
    expect(result.signoffs).toEqual([
      expect.objectContaining({ signerName: 'Frau Kundin', cardId, collectedById: anna.id, collectedByName: 'anna' }),
    ]);
    expect(result.changeLog[0]!.action).toBe(
      de.projects.log.signoffAdded('Frau Kundin', de.projects.entity.card('Aufgabe 1')),
    );
  });

  it('seals the covered entries: no change, no deletion, also not with the card or its column', () => {
    const sealed = de.projects.signoff.sealed;
    const changing = server.read();
    findCard(changing, 'Aufgabe 1').materialEntries[0]!.quantity = 5;
    expect(() => server.put(changing, anna)).toThrow(new MergeRefused(400, sealed));
    const deleting = server.read();
    findCard(deleting, 'Aufgabe 1').timeEntries = [];
    expect(() => server.put(deleting, anna)).toThrow(new MergeRefused(400, sealed));
    const withCard = server.read();
    withCard.columns[0]!.cards = withCard.columns[0]!.cards.filter((item) => item.id !== cardId);
    const cardSealed = new MergeRefused(400, de.projects.signoff.cardSealed);
    expect(() => server.put(withCard, anna)).toThrow(cardSealed);
    const withColumn = server.read();
    withColumn.columns = withColumn.columns.slice(1);
    expect(() => server.put(withColumn, anna)).toThrow(cardSealed);
    const projectWide = server.read();
    const second = findCard(projectWide, 'Aufgabe 2').id;
    addMaterial(projectWide, second, 'Dose');
    server.put(projectWide, anna);
    const signing = server.read();
    signing.signoffs.push({
      ...signing.signoffs[0]!,
      ...{ id: newId(), cardId: null, coveredTimeEntryIds: [] },
      coveredMaterialEntryIds: findCard(signing, 'Aufgabe 2').materialEntries.map((entry) => entry.id),
    });
    server.put(signing, ben, false);
    const otherCard = server.read();
    otherCard.columns[0]!.cards = otherCard.columns[0]!.cards.filter((item) => item.id !== second);
    expect(() => server.put(otherCard, anna)).toThrow(new MergeRefused(400, sealed));
  });

  it('lets a correction be a new entry on the sealed card', () => {
    const copy = server.read();
    addTime(copy, cardId, 0.5, anna);
    const result = server.put(copy, anna, false);
    expect(findCard(result, 'Aufgabe 1').timeEntries).toHaveLength(2);
  });

  it('never changes a sign-off', () => {
    const copy = server.read();
    copy.signoffs[0]!.signerName = 'Jemand anderes';
    expect(() => server.put(copy, anna)).toThrow(new MergeRefused(400, de.projects.signoff.immutable));
    const uncovering = server.read();
    uncovering.signoffs[0]!.coveredMaterialEntryIds = [];
    expect(() => server.put(uncovering, anna)).toThrow(new MergeRefused(400, de.projects.signoff.immutable));
  });

  it('is revoked only by who may revoke (owner, deputy, Admin, Firmenleiter), with a log line; then the entries are free again', () => {
    const copy = server.read();
    copy.signoffs = [];
    expect(() => server.put(copy, ben, false, false)).toThrow(
      new MergeRefused(403, de.projects.signoff.revokeForbidden),
    );
    // Editing the project is not enough.
    expect(() => server.put(copy, ben, true, false)).toThrow(
      new MergeRefused(403, de.projects.signoff.revokeForbidden),
    );
    // Revoking and deleting the card in one write: the card goes.
    copy.columns[0]!.cards = copy.columns[0]!.cards.filter((item) => item.id !== cardId);
    const result = server.put(copy, ben, true, true);
    expect(result.signoffs).toEqual([]);
    expect(result.changeLog.map((entry) => entry.action)).toContain(
      de.projects.log.signoffRevoked('Frau Kundin', de.projects.entity.card('Aufgabe 1')),
    );
  });

  it('refuses a sign-off over entries of another card or entries that do not exist', () => {
    const copy = server.read();
    const other = findCard(copy, 'Aufgabe 2').id;
    const foreign = signCard(copy, other);
    foreign.coveredTimeEntryIds = [findCard(copy, 'Aufgabe 1').timeEntries[0]!.id];
    expect(() => server.put(copy, ben)).toThrow(new MergeRefused(400, de.projects.signoff.coverInvalid));
    const missing = server.read();
    signCard(missing, other).coveredMaterialEntryIds = [newId()];
    expect(() => server.put(missing, ben)).toThrow(new MergeRefused(400, de.projects.signoff.coverInvalid));
  });

  it('refuses a deletion that raced the sign-off: the seal wins over a stale copy', () => {
    // Ben read before the sign-off came in; his copy deletes the entry it covers now.
    server = new MemoryProjectServer(initialProject());
    const start = server.read();
    const card = findCard(start, 'Aufgabe 1').id;
    addTime(start, card, 3, ben);
    server.put(start, ben);
    const stale = server.read();
    const signing = server.read();
    signCard(signing, card);
    server.put(signing, anna, false);
    findCard(stale, 'Aufgabe 1').timeEntries = [];
    expect(() => server.put(stale, ben)).toThrow(new MergeRefused(400, de.projects.signoff.sealed));
  });

  it('holds on the delta save (PATCH) too: the stored sign-offs stay, a sealed entry or a signed card is not deleted, only who may revokes', () => {
    const copy = server.read();
    const entry = findCard(copy, 'Aufgabe 1').timeEntries[0]!.id;
    const signoff = copy.signoffs[0]!.id;
    const patch = (deleted: string[]) => ({ ...documentDelta(asDocument(copy), asDocument(copy)), deleted });
    const sealed = new MergeRefused(400, de.projects.signoff.sealed);
    expect(() => server.patch(patch([entry]), anna)).toThrow(sealed);
    expect(() => server.patch(patch([cardId]), anna)).toThrow(new MergeRefused(400, de.projects.signoff.cardSealed));
    expect(() => server.patch(patch([signoff]), ben, true, false)).toThrow(
      new MergeRefused(403, de.projects.signoff.revokeForbidden),
    );
    // An unrelated delta keeps the stored sign-off as it is.
    const renamed = server.read();
    findCard(renamed, 'Aufgabe 2').title = 'Umbenannt';
    const result = server.patch(documentDelta(asDocument(copy), asDocument(renamed)), ben, false, false);
    expect(result.signoffs).toEqual(copy.signoffs);
    // Revoking and deleting the card in one delta, by who may.
    expect(server.patch(patch([signoff, cardId]), anna, true, true).signoffs).toEqual([]);
  });

  // Behaviour change (docs/decisions.md, customer sign-off): the seal refuses only what would really be deleted.
  it('refuses a sealed entry only where it would really be deleted: a stale copy without a card someone changed since goes through, card and entries stay', () => {
    const stale = server.read();
    const renaming = server.read();
    findCard(renaming, 'Aufgabe 1').title = 'Zählerschrank';
    server.put(renaming, ben, false);
    // Anna's copy predates the rename and deletes the card with its sealed entries.
    stale.columns[0]!.cards = stale.columns[0]!.cards.filter((item) => item.id !== cardId);
    findCard(stale, 'Aufgabe 2').title = 'Dosen setzen';
    const result = server.put(stale, anna);
    const kept = findCard(result, 'Zählerschrank');
    expect([kept.id, kept.timeEntries.length, kept.materialEntries.length]).toEqual([cardId, 1, 1]);
    expect(result.signoffs.map((signoff) => signoff.cardId)).toEqual([cardId]);
    expect(findCard(result, 'Dosen setzen')).toBeTruthy();
  });

  // Behaviour change (docs/decisions.md, customer sign-off): composeDelta keeps what someone moved after the writer's base.
  it('composeDelta does not delete a card only because the writer deleted the column someone moved it into after the base', () => {
    const base = server.read();
    const moving = server.read();
    moveCard(moving, cardId, 2);
    server.put(moving, ben, false);
    // Anna deletes the column 'Erledigt', empty in her copy; the signed card sits in it now.
    const deleting = structuredClone(base);
    deleting.columns = deleting.columns.filter((column) => column.title !== 'Erledigt');
    const delta = documentDelta(asDocument(base), asDocument(deleting));
    const composed = composeDelta(server, validateDelta(delta));
    const card = findCard(base, 'Aufgabe 1');
    for (const id of [cardId, card.timeEntries[0]!.id, card.materialEntries[0]!.id])
      expect(composed.entities.has(id)).toBe(true);
    expect(composed.entities.has(base.columns[2]!.id)).toBe(false);

    // The merge then decides as for Anna's whole document: the column stays for the card, nothing refused.
    const viaPut = server.clone().put(deleting, anna);
    const viaPatch = server.patch(delta, anna);
    expect(columnOf(viaPatch, cardId).title).toBe('Erledigt');
    expect(findCard(viaPatch, 'Aufgabe 1').timeEntries).toHaveLength(1);
    expect(viaPatch.signoffs).toHaveLength(1);
    const shape = (copy: ClientCopy) => ({ columns: copy.columns, signoffs: copy.signoffs });
    expect(shape(viaPatch)).toEqual(shape(viaPut));
  });

  it('keeps a revoked sign-off deleted when an old copy still has it', () => {
    const old = server.read();
    const revoking = server.read();
    revoking.signoffs = [];
    server.put(revoking, anna, true);
    findCard(old, 'Aufgabe 3').title = 'Etwas anderes';
    const result = server.put(old, ben, false);
    expect(result.signoffs).toEqual([]);
  });
});

describe('mergeProject', () => {
  let server: MemoryProjectServer;
  beforeEach(() => {
    server = new MemoryProjectServer(initialProject());
  });

  it('keeps both when two clients change different cards', () => {
    const a = server.read();
    const b = server.read();
    findCard(a, 'Aufgabe 1').title = 'Kabel ziehen';
    findCard(b, 'Aufgabe 2').description = 'Im Keller';
    server.put(a, anna);
    const result = server.put(b, ben);
    expect(findCard(result, 'Kabel ziehen')).toBeDefined();
    expect(findCard(result, 'Aufgabe 2').description).toBe('Im Keller');
    expect(result.revision).toBe(3);
  });

  it('keeps both moves when two clients move different cards', () => {
    const a = server.read();
    const b = server.read();
    const first = findCard(a, 'Aufgabe 1').id;
    const second = findCard(b, 'Aufgabe 2').id;
    moveCard(a, first, 2);
    moveCard(b, second, 1);
    server.put(a, anna);
    const result = server.put(b, ben);
    expect(columnOf(result, first).title).toBe('Erledigt');
    expect(columnOf(result, second).title).toBe('In Bearbeitung');
    expect(result.columns[0]!.cards.map((item) => item.title)).toEqual(['Aufgabe 3', 'Aufgabe 4']);
  });

  it('keeps time entries that two clients add to the same card', () => {
    const a = server.read();
    const b = server.read();
    const target = findCard(a, 'Aufgabe 1').id;
    addTime(a, target, 1.5, anna);
    addTime(b, target, 2, ben);
    server.put(a, anna);
    const result = server.put(b, ben);
    const entries = findCard(result, 'Aufgabe 1').timeEntries;
    expect(entries.map((entry) => [entry.username, entry.hours]).sort()).toEqual([
      ['anna', 1.5],
      ['ben', 2],
    ]);
  });

  it('lets the later write win when both change the same card, and logs the overwritten version', () => {
    const a = server.read();
    const b = server.read();
    findCard(a, 'Aufgabe 1').title = 'Version Anna';
    findCard(b, 'Aufgabe 1').title = 'Version Ben';
    server.put(a, anna);
    const result = server.put(b, ben);
    expect(findCard(result, 'Version Ben')).toBeDefined();
    expect(result.columns.flatMap((column) => column.cards).some((item) => item.title === 'Version Anna')).toBe(false);
    const entry = result.changeLog.find((item) => item.action.includes('überschrieben'));
    expect(entry?.username).toBe('ben');
    expect(entry?.action).toContain('Version Anna');
  });

  it('does not revert what others changed when a stale copy is written', () => {
    const stale = server.read();
    const a = server.read();
    findCard(a, 'Aufgabe 1').title = 'Neu';
    server.put(a, anna);
    findCard(stale, 'Aufgabe 3').title = 'Ben ändert etwas anderes';
    const result = server.put(stale, ben);
    expect(findCard(result, 'Neu')).toBeDefined();
    expect(result.changeLog.some((entry) => entry.action.includes('überschrieben'))).toBe(false);
  });

  it('keeps an entity that someone changed after the writer deleted it', () => {
    const a = server.read();
    const b = server.read();
    const target = findCard(a, 'Aufgabe 1').id;
    for (const column of a.columns) column.cards = column.cards.filter((item) => item.id !== target);
    findCard(b, 'Aufgabe 1').title = 'Noch gebraucht';
    server.put(b, ben);
    const result = server.put(a, anna);
    expect(findCard(result, 'Noch gebraucht')).toBeDefined();
  });

  it('keeps a card whose deletion would drop a time entry someone added since', () => {
    const a = server.read();
    const b = server.read();
    const target = findCard(a, 'Aufgabe 1').id;
    addTime(b, target, 3, ben);
    server.put(b, ben);
    for (const column of a.columns) column.cards = column.cards.filter((item) => item.id !== target);
    const result = server.put(a, anna);
    expect(findCard(result, 'Aufgabe 1').timeEntries).toHaveLength(1);
    // A replay of the same write keeps it too and changes nothing more.
    const again = server.put(a, anna);
    expect(again.revision).toBe(result.revision);
  });

  it('deletes what the writer deleted when nobody else touched it, with its entries', () => {
    const a = server.read();
    const target = findCard(a, 'Aufgabe 2').id;
    addTime(a, target, 1, anna);
    const saved = server.put(a, anna);
    for (const column of saved.columns) column.cards = column.cards.filter((item) => item.id !== target);
    const result = server.put(saved, anna);
    expect(result.columns.flatMap((column) => column.cards).some((item) => item.id === target)).toBe(false);
  });

  it('changes nothing when the same write arrives twice', () => {
    const a = server.read();
    findCard(a, 'Aufgabe 1').title = 'Einmal';
    addTime(a, findCard(a, 'Einmal').id, 2, anna);
    a.changeLog.push({
      id: newId(),
      timestamp: new Date().toISOString(),
      userId: null,
      username: '',
      action: 'hat etwas getan.',
    });
    const first = server.put(a, anna);
    const second = server.put(a, anna);
    expect(second.revision).toBe(first.revision);
    expect(second).toEqual(first);
  });

  it('keeps a card a writer created even if the answer was lost and someone deleted it meanwhile', () => {
    const a = server.read();
    const extra = newCard('Neu von Anna', keyBetween(a.columns[0]!.cards.at(-1)!.position, null));
    a.columns[0]!.cards.push(extra);
    server.put(a, anna);
    const b = server.read();
    b.columns[0]!.cards = b.columns[0]!.cards.filter((item) => item.id !== extra.id);
    server.put(b, ben);
    const replay = server.put(a, anna);
    expect(replay.columns[0]!.cards.some((item) => item.id === extra.id)).toBe(false);
  });

  it('writes the change log itself: ignores the entries a client sends and never drops existing ones', () => {
    const a = server.read();
    a.changeLog.push({
      id: newId(),
      timestamp: '2026-11-20T10:00:00.000Z',
      userId: ben.id,
      username: 'ben',
      action: 'hat alles gelöscht.',
    });
    findCard(a, 'Aufgabe 1').title = 'Eins';
    const saved = server.put(a, anna);
    expect(saved.changeLog).toEqual([
      expect.objectContaining({
        userId: anna.id,
        username: 'anna',
        action: de.board.log.cardRenamed('Aufgabe 1', 'Eins'),
      }),
    ]);
    const next = server.read();
    next.changeLog = [];
    findCard(next, 'Aufgabe 4').title = 'Vier';
    expect(server.put(next, ben).changeLog).toHaveLength(2);
  });

  it('sets the author of new time entries and notes to the writer', () => {
    const a = server.read();
    addTime(a, findCard(a, 'Aufgabe 1').id, 1, ben);
    a.notes.push({
      id: newId(),
      rev: 0,
      title: 'Notiz',
      content: 'Text',
      authorId: ben.id,
      authorUsername: 'ben',
      timestamp: '2099-01-01T00:00:00.000Z',
    });
    const saved = server.put(a, anna);
    expect(findCard(saved, 'Aufgabe 1').timeEntries[0]).toMatchObject({ userId: anna.id, username: 'anna' });
    expect(saved.notes[0]).toMatchObject({ authorId: anna.id, authorUsername: 'anna' });
    expect(Date.parse(saved.notes[0]!.timestamp)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses to delete the time entry of someone else, and to change any time entry', () => {
    const a = server.read();
    addTime(a, findCard(a, 'Aufgabe 1').id, 1, anna);
    const saved = server.put(a, anna);
    const deleting = structuredClone(saved);
    findCard(deleting, 'Aufgabe 1').timeEntries = [];
    expect(() => server.put(deleting, ben)).toThrow(new MergeRefused(403, de.projects.timeEntryDeleteForbidden));
    const changing = structuredClone(saved);
    findCard(changing, 'Aufgabe 1').timeEntries[0]!.hours = 8;
    expect(() => server.put(changing, anna)).toThrow(new MergeRefused(400, de.projects.timeEntryImmutable));
    expect(server.put(deleting, anna).revision).toBe(saved.revision + 1);
  });

  it('lets only the author, Admin and Firmenleiter change or delete a note', () => {
    const a = server.read();
    a.notes.push({
      id: newId(),
      rev: 0,
      title: 'Notiz',
      content: 'Text',
      authorId: null,
      authorUsername: '',
      timestamp: '',
    });
    const saved = server.put(a, anna);
    const edited = structuredClone(saved);
    edited.notes[0]!.content = 'Geändert';
    expect(() => server.put(edited, ben)).toThrow(new MergeRefused(403, de.projects.noteForbidden));
    expect(server.put(edited, actor('chefin', 'Firmenleiter')).notes[0]!.content).toBe('Geändert');
  });

  it('needs can_edit_projects to change project fields, and keeps fields others changed', () => {
    const a = server.read();
    a.name = 'Umbenannt';
    expect(() => server.put(a, ben, false)).toThrow(new MergeRefused(403, de.projects.editForbidden));
    const stale = server.read();
    server.put(a, anna);
    stale.description = 'Neue Beschreibung';
    const result = server.put(stale, ben);
    expect(result.name).toBe('Umbenannt');
    expect(result.description).toBe('Neue Beschreibung');
  });

  it('brings back a column that someone deleted when the writer moved a card into it', () => {
    const a = server.read();
    const b = server.read();
    b.columns = b.columns.filter((column) => column.title !== 'In Bearbeitung');
    server.put(b, ben);
    moveCard(a, findCard(a, 'Aufgabe 1').id, 1);
    const result = server.put(a, anna);
    expect(columnOf(result, findCard(result, 'Aufgabe 1').id).title).toBe('In Bearbeitung');
  });

  it('refuses an id that belongs to another project', () => {
    const other = new MemoryProjectServer(initialProject());
    const a = server.read();
    const foreign = other.read().columns[0]!.cards[0]!;
    a.columns[0]!.cards.push({ ...foreign, rev: 0, position: keyBetween(a.columns[0]!.cards.at(-1)!.position, null) });
    // The in-memory server keeps one history per project; share it to see the other project's id.
    for (const [id, versions] of other.versions) server.versions.set(id, versions);
    expect(() => server.put(a, anna)).toThrow(new MergeRefused(400, de.projects.idTaken));
  });
});

describe('mergeProject with random clients', () => {
  it.each(Array.from({ length: 40 }, (_, index) => index + 1))(
    'never loses a change only one client made (seed %i)',
    (seed) => {
      const rand = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
      const server = new MemoryProjectServer(initialProject());
      const clients = [anna, ben, actor('cem'), actor('dora')].map((who) => ({ who, copy: server.read() }));
      /** Per card id: the clients that touched it, and the expected final state per client. */
      const touched = new Map<string, Set<string>>();
      const expected = new Map<string, { title?: string; column?: string; deleted?: boolean; hours?: number[] }>();
      const touch = (id: string, who: string) => touched.set(id, (touched.get(id) ?? new Set()).add(who));
      const expect1 = (id: string) => expected.get(id) ?? (expected.set(id, {}), expected.get(id)!);

      for (let round = 0; round < 6; round++) {
        for (const client of clients) {
          const operations = 1 + Math.floor(rand() * 3);
          for (let step = 0; step < operations; step++) {
            const cards = client.copy.columns.flatMap((column) => column.cards);
            const operation =
              cards.length === 0 ? 'add' : pick(['add', 'title', 'move', 'time', 'delete', 'title', 'move']);
            if (operation === 'add') {
              const column = pick(client.copy.columns);
              const created = newCard(
                `neu ${client.who.username} ${round}.${step}`,
                keyBetween(column.cards.at(-1)?.position ?? null, null),
              );
              column.cards.push(created);
              touch(created.id, client.who.id);
              Object.assign(expect1(created.id), { title: created.title, column: column.id, deleted: false });
              continue;
            }
            const target = pick(cards);
            touch(target.id, client.who.id);
            if (operation === 'title') {
              target.title = `${client.who.username} ${round}.${step}`;
              Object.assign(expect1(target.id), { title: target.title });
            } else if (operation === 'move') {
              const to = Math.floor(rand() * client.copy.columns.length);
              moveCard(client.copy, target.id, to);
              Object.assign(expect1(target.id), { column: client.copy.columns[to]!.id });
            } else if (operation === 'time') {
              const hours = 0.25 * (1 + Math.floor(rand() * 16));
              addTime(client.copy, target.id, hours, client.who);
              const state = expect1(target.id);
              state.hours = [...(state.hours ?? []), hours];
            } else {
              for (const column of client.copy.columns)
                column.cards = column.cards.filter((item) => item.id !== target.id);
              Object.assign(expect1(target.id), { deleted: true });
            }
          }
        }
        // The clients' writes arrive in random order; some clients skip a round (offline).
        const order = [...clients].sort(() => rand() - 0.5).filter(() => rand() > 0.25);
        for (const client of order) client.copy = server.put(client.copy, client.who);
      }
      for (const client of clients) client.copy = server.put(client.copy, client.who);

      const final = server.read();
      const finalCards = new Map(
        final.columns.flatMap((column) => column.cards.map((item) => [item.id, { item, column: column.id }] as const)),
      );
      for (const [id, who] of touched) {
        if (who.size !== 1) continue;
        const wanted = expected.get(id)!;
        const found = finalCards.get(id);
        if (wanted.deleted) {
          expect(found).toBeUndefined();
          continue;
        }
        expect(found).toBeDefined();
        if (wanted.title !== undefined) expect(found!.item.title).toBe(wanted.title);
        if (wanted.column !== undefined) expect(found!.column).toBe(wanted.column);
        if (wanted.hours)
          expect(found!.item.timeEntries.map((entry) => entry.hours).sort()).toEqual([...wanted.hours].sort());
      }
    },
  );
});

const stateOf = (server: MemoryProjectServer): BoardState => ({
  revision: server.revision,
  fields: server.fields,
  entities: new Map(server.entities),
  changeLog: [...server.changeLog],
});

describe('mergeProject with random writers of every role (issue 13)', () => {
  const people = writersOfEveryRole((role) => ({ id: newId(), username: role.toLowerCase() }));

  /** initialProject() with an hour of everyone's on the first cards and a note of each. */
  function startingProject(): ClientCopy {
    const copy = initialProject();
    copy.columns[0]!.cards.forEach((item, index) => {
      const who = people[index % people.length]!;
      addTime(copy, item.id, 1 + index, who);
    });
    copy.notes = people.map((who) => ({
      ...{ id: newId(), rev: 0, title: 'Notiz', content: `von ${who.username}` },
      ...{ authorId: who.id, authorUsername: who.username, timestamp: '2026-11-01T08:00:00.000Z' },
    }));
    return copy;
  }

  it.each(Array.from({ length: 150 }, (_, index) => index + 1))(
    'never lets a write past the rules of a direct edit (seed %i)',
    (seed) => {
      const rand = seededRandom(seed);
      const server = new MemoryProjectServer(startingProject());
      const ledger = new RuleLedger(stateOf(server));
      const copies = new Map(people.map((who) => [who.id, server.read()]));
      const earlier: ClientCopy[] = [server.read()];
      let applied = 0;
      for (let step = 0; step < 40; step++) {
        const { writer, stale, copy, operations } = randomWrite(rand, people, copies, earlier);
        const before = stateOf(server);
        const from = Date.now();
        try {
          const answer = server.put(copy, writer, writer.mayEditProject, writer.mayRevokeSignoffs);
          copies.set(writer.id, answer);
          earlier.push(answer);
          applied++;
        } catch (error) {
          if (!(error instanceof MergeRefused)) throw error;
          copies.set(writer.id, server.read());
        }
        const problems = ledger.breaks(before, stateOf(server), writer, from, Date.now());
        expect({ step, writer: writer.role, stale, operations, problems }).toEqual({
          step,
          writer: writer.role,
          stale,
          operations,
          problems: [],
        });
      }
      expect(applied).toBeGreaterThan(0);
    },
  );
});

describe('the delta save (PATCH) with random writers of every role (issue 17)', () => {
  const people = writersOfEveryRole((role) => ({ id: newId(), username: role.toLowerCase() }));

  /** What a server holds, comparable across two servers (new notes take each server's clock, log ids are random). */
  const comparable = (server: MemoryProjectServer) => ({
    revision: server.revision,
    fields: server.fields,
    entities: [...server.entities.values()]
      .map((entity) => (entity.kind === 'note' ? { ...entity, owned: { ...entity.owned, timestamp: '' } } : entity))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    log: server.changeLog.map((entry) => entry.action).sort(),
  });

  /** initialProject() with an hour of everyone's on the first cards. */
  function startingProject(): ClientCopy {
    const copy = initialProject();
    copy.columns[0]!.cards.forEach((item, index) => addTime(copy, item.id, 1 + index, people[index % people.length]!));
    return copy;
  }

  function outcome(write: () => ClientCopy): ClientCopy | 'refused' {
    try {
      return write();
    } catch (error) {
      if (!(error instanceof MergeRefused)) throw error;
      return 'refused';
    }
  }

  it.each(Array.from({ length: 100 }, (_, index) => index + 1))(
    'decides every write as the whole-document PUT of the same edits does (seed %i)',
    (seed) => {
      const rand = seededRandom(seed);
      const whole = new MemoryProjectServer(startingProject());
      const ledger = new RuleLedger(stateOf(whole));
      const copies = new Map(people.map((who) => [who.id, whole.read()]));
      // Copies as the server answered them (the writers edit their own copies in place).
      const earlier: ClientCopy[] = [whole.read()];
      let applied = 0;
      for (let step = 0; step < 40; step++) {
        const { writer, stale, base, copy, operations } = randomWrite(rand, people, copies, earlier);
        const twin = whole.clone();
        const before = stateOf(whole);
        const from = Date.now();
        const put = outcome(() => whole.put(copy, writer, writer.mayEditProject, writer.mayRevokeSignoffs));
        const patch = outcome(() =>
          twin.patch(
            documentDelta(asDocument(base), asDocument(copy)),
            writer,
            writer.mayEditProject,
            writer.mayRevokeSignoffs,
          ),
        );
        const to = Date.now();
        if (operations.includes('forgeBase')) {
          // A forged base revision makes the whole document delete what the writer never saw;
          // a delta deletes only what it names. It still keeps every rule.
          const problems = ledger.breaks(before, stateOf(twin), writer, from, to, { remember: false });
          expect({ step, operations, problems }).toEqual({ step, operations, problems: [] });
        } else
          expect({ step, stale, operations, refused: patch === 'refused', state: comparable(twin) }).toEqual({
            step,
            stale,
            operations,
            refused: put === 'refused',
            state: comparable(whole),
          });
        expect(ledger.breaks(before, stateOf(whole), writer, from, to)).toEqual([]);
        if (put === 'refused') copies.set(writer.id, whole.read());
        else {
          copies.set(writer.id, structuredClone(put));
          earlier.push(put);
          applied++;
        }
      }
      expect(applied).toBeGreaterThan(0);
    },
  );
});
