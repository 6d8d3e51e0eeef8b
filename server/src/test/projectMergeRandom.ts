import {
  isManagementRole,
  type Actor,
  APPOINTMENT_STATUSES,
  type BoardActor,
  can,
  type CardDto,
  canChangeColumns,
  canChangeNote,
  canDeleteTimeEntry,
  type ChangeLogEntryDto,
  type ColumnDto,
  de,
  DEFAULT_ROLE_PERMISSIONS,
  keyBetween,
  newId,
  type ProjectFieldsDto,
  type Role,
  ROLES,
  sealedEntryIds,
} from '@werkboard/common';
import { type ClientCopy, newCard } from './projectMergeHarness';
import { type Entity, type EntityMap, flattenDocument, sameValue } from '../commands/projectEntities';

/**
 * Random writers for the merge's property tests (issue 13, finding 1), pure and over HTTP:
 * users of random roles change their copies as the board lets them and as an attacker would
 * (change a colleague's hours, bring back what others deleted with new content, delete other
 * people's entries, columns and notes, forge authors, revisions and base revisions, write
 * stale copies), and `RuleLedger` checks each write against the rules of a direct edit.
 */

export type Random = () => number;

/** A user writing the board: the actor, its name, and the project right the route grants. */
export interface Writer extends Actor, BoardActor {
  username: string;
  mayRevokeSignoffs: boolean;
}

/**
 * One writer per role, with the role's seeded permissions (docs/permissions.md). `project`:
 * its owner and deputy (by default nobody of these), who revoke sign-offs as Admin and
 * Firmenleiter do (spec: 'Widerrufen'; the server's `canRevokeSignoff`).
 */
export function writersOfEveryRole(
  ids: (role: Role) => { id: string; username: string },
  project: { ownerId: string | null; deputyOwnerId: string | null } = { ownerId: null, deputyOwnerId: null },
): Writer[] {
  return ROLES.map((role) => {
    const actor = { ...ids(role), role, permissions: DEFAULT_ROLE_PERMISSIONS[role] };
    const answers = isManagementRole(role) || actor.id === project.ownerId || actor.id === project.deputyOwnerId;
    return { ...actor, mayEditProject: can(actor, 'can_edit_projects'), mayRevokeSignoffs: answers };
  });
}

function pick<T>(rand: Random, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rand() * items.length)];
}

const cardsOf = (copy: ClientCopy) => copy.columns.flatMap((column) => column.cards);
const endOf = (items: readonly { position: string }[]) => keyBetween(items.at(-1)?.position ?? null, null);

/** Every id in a copy, so that what is brought back never doubles one. */
function idsOf(copy: ClientCopy): Set<string> {
  return new Set(flattenDocument(copy).keys());
}

/** `item` without the parts whose ids the copy has already. */
function withoutTaken<T extends ColumnDto | CardDto>(item: T, taken: ReadonlySet<string>): T {
  const copy = structuredClone(item);
  if ('cards' in copy)
    copy.cards = copy.cards.filter((card) => !taken.has(card.id)).map((card) => withoutTaken(card, taken));
  if ('timeEntries' in copy) {
    copy.timeEntries = copy.timeEntries.filter((entry) => !taken.has(entry.id));
    copy.materialEntries = copy.materialEntries.filter((entry) => !taken.has(entry.id));
  }
  return copy;
}

type Operation = (copy: ClientCopy) => void;

/**
 * Changes `copy` as `writer` might, with 1–4 random operations; `earlier` are copies read
 * before (anyone's), `people` whom a forged author may name. Returns the operations' names.
 */
export function randomEdits(
  copy: ClientCopy,
  writer: Writer,
  rand: Random,
  earlier: readonly ClientCopy[],
  people: readonly Writer[],
): string[] {
  const label = () => `${writer.username} ${Math.floor(rand() * 1000)}`;
  const anyCard = () => pick(rand, cardsOf(copy));
  const operations: Record<string, Operation> = {
    addCard: () => {
      const column = pick(rand, copy.columns);
      column?.cards.push(newCard(label(), endOf(column.cards)));
    },
    renameCard: () => {
      const card = anyCard();
      if (card) card.title = label();
    },
    moveCard: () => {
      const card = anyCard();
      const to = pick(rand, copy.columns);
      if (!card || !to) return;
      for (const column of copy.columns) column.cards = column.cards.filter((item) => item.id !== card.id);
      card.position = endOf(to.cards);
      to.cards.push(card);
    },
    deleteCard: () => {
      const card = anyCard();
      for (const column of copy.columns) column.cards = column.cards.filter((item) => item.id !== card?.id);
    },
    editCard: () => {
      const card = anyCard();
      if (card) Object.assign(card, { description: label(), assignedTo: pick(rand, people)?.id ?? null });
    },
    addColumn: () =>
      copy.columns.push({ id: newId(), rev: 0, position: endOf(copy.columns), title: label(), cards: [] }),
    renameColumn: () => {
      const column = pick(rand, copy.columns);
      if (column) column.title = label();
    },
    moveColumn: () => {
      const column = pick(rand, copy.columns);
      if (column) column.position = keyBetween(null, copy.columns[0]!.position);
      copy.columns.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    },
    deleteColumn: () => {
      const column = pick(rand, copy.columns);
      copy.columns = copy.columns.filter((item) => item !== column);
    },
    addTime: () => {
      // The author the client claims: anyone; the server makes it the writer.
      const claimed = pick(rand, people)!;
      anyCard()?.timeEntries.push({
        ...{ id: newId(), rev: 0, userId: claimed.id, username: claimed.username },
        ...{ date: '2026-11-20', hours: 0.25 * (1 + Math.floor(rand() * 16)) },
      });
    },
    editTime: () => {
      const entry = pick(
        rand,
        cardsOf(copy).flatMap((card) => card.timeEntries),
      );
      if (entry) Object.assign(entry, { hours: 12, date: '2026-11-02' });
    },
    deleteTime: () => {
      const card = pick(
        rand,
        cardsOf(copy).filter((item) => item.timeEntries.length > 0),
      );
      if (card) card.timeEntries.splice(Math.floor(rand() * card.timeEntries.length), 1);
    },
    addMaterial: () =>
      anyCard()?.materialEntries.push({
        id: newId(),
        rev: 0,
        quantity: 1 + Math.floor(rand() * 9),
        unit: 'm',
        name: label(),
      }),
    editMaterial: () => {
      const entry = pick(
        rand,
        cardsOf(copy).flatMap((card) => card.materialEntries),
      );
      if (entry) entry.quantity += 1;
    },
    deleteMaterial: () => {
      const card = pick(
        rand,
        cardsOf(copy).filter((item) => item.materialEntries.length > 0),
      );
      if (card) card.materialEntries.splice(Math.floor(rand() * card.materialEntries.length), 1);
    },
    addNote: () => {
      const claimed = pick(rand, people)!;
      copy.notes.push({
        ...{ id: newId(), rev: 0, title: 'Notiz', content: label() },
        ...{ authorId: claimed.id, authorUsername: claimed.username, timestamp: '2020-01-01T00:00:00.000Z' },
      });
    },
    editNote: () => {
      const note = pick(rand, copy.notes);
      if (note) note.content = label();
    },
    deleteNote: () => {
      const note = pick(rand, copy.notes);
      copy.notes = copy.notes.filter((item) => item !== note);
    },
    addAppointment: () =>
      copy.appointments.push({
        ...{ id: newId(), rev: 0, title: label(), date: '2026-12-01T09:00', status: 'active' as const },
        ...{ contactName: '', contactPhone: '', tagIds: [], notes: '' },
      }),
    appointmentStatus: () => {
      const appointment = pick(rand, copy.appointments);
      if (appointment) appointment.status = pick(rand, APPOINTMENT_STATUSES)!;
    },
    deleteAppointment: () => {
      const appointment = pick(rand, copy.appointments);
      copy.appointments = copy.appointments.filter((item) => item !== appointment);
    },
    bringBack: () => bringBack(copy, rand, earlier),
    reuseId: () => {
      // A gone entity's id for something new of another kind.
      const taken = idsOf(copy);
      const gone = pick(
        rand,
        [...flattenDocument(pick(rand, earlier) ?? copy).values()].filter((e) => !taken.has(e.id)),
      );
      if (!gone) return;
      if (gone.kind === 'note')
        anyCard()?.materialEntries.push({ id: gone.id, rev: 0, quantity: 1, unit: '', name: label() });
      else
        copy.notes.push({
          ...{ id: gone.id, rev: gone.rev, title: 'Notiz', content: label() },
          ...{ authorId: null, authorUsername: '', timestamp: '' },
        });
    },
    forgeRev: () => {
      const entity = pick(rand, [...flattenDocument(copy).values()]);
      const forged = pick(rand, [0, copy.revision, copy.revision + 5, Math.max(0, (entity?.rev ?? 1) - 1)])!;
      const target = findNested(copy, entity?.id);
      if (target) target.rev = forged;
    },
    forgeAuthor: () => {
      const claimed = pick(rand, people)!;
      const entry = pick(
        rand,
        cardsOf(copy).flatMap((card) => card.timeEntries),
      );
      if (entry) Object.assign(entry, { userId: claimed.id, username: claimed.username });
      const note = pick(rand, copy.notes);
      if (note) Object.assign(note, { authorId: claimed.id, timestamp: '2020-01-01T00:00:00.000Z' });
    },
    forgeBase: () => {
      copy.revision += Math.floor(rand() * 4);
    },
    addSignoff: () => {
      // A card's or the project's sign-off over some of its entries; the collector it claims: anyone.
      const card = rand() < 0.7 ? anyCard() : undefined;
      const cards = card ? [card] : cardsOf(copy);
      const claimed = pick(rand, people)!;
      copy.signoffs.push({
        ...{ id: newId(), rev: 0, cardId: card?.id ?? null, signerName: `Kunde ${label()}` },
        ...{ signedAt: '2026-11-20T10:00:00.000Z', signature: 'M10 10 L50 40' },
        coveredTimeEntryIds: cards.flatMap((item) => item.timeEntries.filter(() => rand() < 0.8).map((e) => e.id)),
        coveredMaterialEntryIds: cards.flatMap((item) =>
          item.materialEntries.filter(() => rand() < 0.8).map((e) => e.id),
        ),
        ...{ collectedById: claimed.id, collectedByName: claimed.username },
      });
    },
    tamperSignoff: () => {
      const signoff = pick(rand, copy.signoffs);
      if (!signoff) return;
      if (rand() < 0.5) signoff.signerName = label();
      else signoff.coveredTimeEntryIds = [];
    },
    revokeSignoff: () => {
      const signoff = pick(rand, copy.signoffs);
      copy.signoffs = copy.signoffs.filter((item) => item !== signoff);
    },
    coverAnything: () => {
      // A sign-off of one card that claims another card's entries, or ones that do not exist.
      const [first, second] = [anyCard(), anyCard()];
      if (!first) return;
      copy.signoffs.push({
        ...{ id: newId(), rev: 0, cardId: first.id, signerName: 'Kunde', signedAt: '2026-11-20T10:00:00.000Z' },
        ...{ signature: 'M1 1 L2 2', coveredMaterialEntryIds: [], collectedById: null, collectedByName: '' },
        coveredTimeEntryIds: [second?.timeEntries[0]?.id ?? newId()],
      });
    },
    renameProject: () => {
      copy.name = `Projekt ${label()}`;
    },
    addTaskGroup: () => {
      const name = `Gruppe ${label()}`;
      if (!copy.cardGroups.includes(name)) copy.cardGroups.push(name);
    },
  };
  const names = Object.keys(operations);
  const done: string[] = [];
  const count = 1 + Math.floor(rand() * 4);
  for (let step = 0; step < count; step++) {
    const name = pick(rand, names)!;
    operations[name]!(copy);
    done.push(name);
  }
  return done;
}

/**
 * The next random write: a writer, the copy he sends (his own latest, at times an earlier one
 * of anyone), that copy as he read it, and what he changed in it.
 */
export function randomWrite<C extends ClientCopy>(
  rand: Random,
  people: readonly Writer[],
  copies: ReadonlyMap<string, C>,
  earlier: readonly C[],
): { writer: Writer; stale: boolean; base: C; copy: C; operations: string[] } {
  const writer = people[Math.floor(rand() * people.length)]!;
  const stale = rand() < 0.25;
  const copy = stale ? structuredClone(earlier[Math.floor(rand() * earlier.length)]!) : copies.get(writer.id)!;
  // The copy as read, before the edits: what a delta save is computed against.
  const base = structuredClone(copy);
  return { writer, stale, base, copy, operations: randomEdits(copy, writer, rand, earlier, people) };
}

/** The nested object of an entity (to forge its rev). */
function findNested(copy: ClientCopy, id: string | undefined): { rev: number } | undefined {
  if (!id) return undefined;
  for (const column of copy.columns) {
    if (column.id === id) return column;
    for (const card of column.cards) {
      if (card.id === id) return card;
      const entry = [...card.timeEntries, ...card.materialEntries].find((item) => item.id === id);
      if (entry) return entry;
    }
  }
  return [...copy.notes, ...copy.appointments, ...copy.signoffs].find((item) => item.id === id);
}

/**
 * Puts something from an earlier copy back that this copy no longer has (someone deleted it),
 * as it was or changed: a time entry with other hours, a note with new content, a card or a
 * column with a new title.
 */
function bringBack(copy: ClientCopy, rand: Random, earlier: readonly ClientCopy[]): void {
  const source = pick(rand, earlier);
  if (!source) return;
  const taken = idsOf(copy);
  const change = rand() < 0.6;
  const columns = new Map(copy.columns.map((column) => [column.id, column]));
  const cards = new Map(cardsOf(copy).map((card) => [card.id, card]));
  const candidates: (() => void)[] = [];
  for (const column of source.columns) {
    if (!taken.has(column.id))
      candidates.push(() => {
        const back = withoutTaken(column, taken);
        if (change) back.title = `${back.title} zurück`;
        copy.columns.push(back);
      });
    for (const card of column.cards) {
      const home = columns.get(column.id);
      if (!taken.has(card.id) && home)
        candidates.push(() => {
          const back = withoutTaken(card, taken);
          if (change) back.title = `${back.title} zurück`;
          home.cards.push(back);
        });
      const owner = cards.get(card.id);
      if (!owner) continue;
      for (const entry of card.timeEntries)
        if (!taken.has(entry.id))
          candidates.push(() => owner.timeEntries.push({ ...entry, hours: change ? entry.hours + 10 : entry.hours }));
      for (const entry of card.materialEntries)
        if (!taken.has(entry.id))
          candidates.push(() => owner.materialEntries.push({ ...entry, quantity: entry.quantity + (change ? 1 : 0) }));
    }
  }
  for (const note of source.notes)
    if (!taken.has(note.id))
      candidates.push(() => copy.notes.push({ ...note, content: change ? `${note.content} zurück` : note.content }));
  for (const appointment of source.appointments)
    if (!taken.has(appointment.id)) candidates.push(() => copy.appointments.push({ ...appointment }));
  for (const signoff of source.signoffs)
    if (!taken.has(signoff.id))
      candidates.push(() =>
        copy.signoffs.push({ ...signoff, signerName: change ? 'Jemand anderes' : signoff.signerName }),
      );
  pick(rand, candidates)?.();
}

/** A project as the oracle sees it: after one write, before the next. */
export interface BoardState {
  revision: number;
  fields: ProjectFieldsDto;
  entities: EntityMap;
  changeLog: readonly ChangeLogEntryDto[];
}

type Of<K extends Entity['kind']> = Extract<Entity, { kind: K }>;
const titled = (entity: Entity | undefined) =>
  entity?.kind === 'column' || entity?.kind === 'card' ? entity.content.title : '';

/**
 * The direct rules, checked on the history of a project: it remembers every entity as it was
 * created and as it was last seen, and for each write names what the rules of a direct edit
 * would have refused (spec section 6, docs/permissions.md).
 */
export class RuleLedger {
  private readonly created = new Map<string, Entity>();
  private readonly lastSeen = new Map<string, Entity>();

  constructor(initial: BoardState) {
    this.remember(initial);
  }

  private remember(state: BoardState): void {
    for (const entity of state.entities.values()) {
      if (!this.created.has(entity.id)) this.created.set(entity.id, entity);
      this.lastSeen.set(entity.id, entity);
    }
  }

  /**
   * What the step from `before` to `after`, written by `writer` between the times `from` and
   * `to` (ms), did against the rules; empty when nothing. `after` equals `before` when the
   * write was refused. `remember`: false for a write the history does not go on from.
   */
  breaks(
    before: BoardState,
    after: BoardState,
    writer: Writer,
    from: number,
    to: number,
    { remember = true } = {},
  ): string[] {
    const problems: string[] = [];
    const fail = (text: string, entity?: Entity) => problems.push(entity ? `${text}: ${JSON.stringify(entity)}` : text);
    const mayEdit = canChangeColumns(writer);
    const signoffs = (state: BoardState) =>
      [...state.entities.values()].filter((entity): entity is Of<'signoff'> => entity.kind === 'signoff');
    // What stays sealed: entries of sign-offs that were there before and still are.
    const sealed = sealedEntryIds(
      signoffs(before)
        .filter((signoff) => after.entities.has(signoff.id))
        .map((signoff) => signoff.content),
    );
    for (const id of sealed) {
      const was = before.entities.get(id);
      const now = after.entities.get(id);
      if (was && (!now || !sameValue(was.content, now.content)))
        fail('a sealed entry is neither changed nor deleted', was);
    }

    for (const entity of after.entities.values()) {
      const old = before.entities.get(entity.id);
      const first = this.created.get(entity.id);
      const last = this.lastSeen.get(entity.id);
      if (first && first.kind !== entity.kind) fail('an id keeps its kind', entity);
      else if (first && !sameValue(first.owned, entity.owned)) fail('authors and note times never change', entity);
      if (entity.kind === 'timeEntry') {
        if (first && !sameValue(first.content, entity.content)) fail('a time entry is what its author created', entity);
        if (!old && last) fail('a deleted time entry never comes back', entity);
        if (!first && entity.owned.userId !== writer.id) fail('a new time entry belongs to its writer', entity);
      }
      if (entity.kind === 'note') {
        if (!first && entity.owned.authorId !== writer.id) fail('a new note belongs to its writer', entity);
        if (!first && !within(entity.owned.timestamp, from, to)) fail('a new note has the server’s time', entity);
        const was = old ?? last;
        if (was && !sameValue(was.content, entity.content) && !canChangeNote(writer, (was as Of<'note'>).owned))
          fail('a note changes only by its author, Admin or Firmenleiter', entity);
      }
      if (entity.kind === 'signoff') {
        if (first && !sameValue(first.content, entity.content)) fail('a sign-off never changes', entity);
        if (!old && last) fail('a revoked sign-off never comes back', entity);
        if (!first && entity.owned.collectedById !== writer.id)
          fail('a new sign-off is collected by its writer', entity);
        const { cardId } = entity.content;
        const covers = (id: string, kind: string) => {
          const entry = after.entities.get(id);
          return (
            entry?.kind === kind &&
            (cardId === null || (entry as Of<'timeEntry'> | Of<'materialEntry'>).content.cardId === cardId)
          );
        };
        if (
          !first &&
          (!entity.content.coveredTimeEntryIds.every((id) => covers(id, 'timeEntry')) ||
            !entity.content.coveredMaterialEntryIds.every((id) => covers(id, 'materialEntry')))
        )
          fail('a new sign-off covers entries of its card or project', entity);
      }
      if (entity.kind === 'column' && !mayEdit) {
        if (!last) fail('only who may edit the project adds columns', entity);
        else if (!sameValue(last.content, entity.content))
          fail('only who may edit the project changes columns', entity);
      }
    }
    for (const entity of before.entities.values()) {
      if (after.entities.has(entity.id)) continue;
      if (entity.kind === 'timeEntry') {
        const withCard = !after.entities.has(entity.content.cardId) && mayEdit;
        if (!canDeleteTimeEntry(writer, entity.owned) && !withCard)
          fail('a time entry goes only by its author (or with its card, by who may edit the project)', entity);
      }
      if (entity.kind === 'note' && !canChangeNote(writer, entity.owned))
        fail('a note is deleted only by its author, Admin or Firmenleiter', entity);
      if (entity.kind === 'column' && !mayEdit) fail('only who may edit the project deletes columns', entity);
      if (entity.kind === 'signoff' && !writer.mayRevokeSignoffs)
        fail('only owner, deputy, Admin and Firmenleiter revoke a sign-off', entity);
    }
    if (!sameValue(before.fields, after.fields) && !mayEdit) fail('only who may edit the project changes its fields');

    problems.push(...this.logBreaks(before, after, writer, from, to));
    // Not for a write the project's history does not go on from (an alternative tried on a twin).
    if (remember) this.remember(after);
    return problems;
  }

  private logBreaks(before: BoardState, after: BoardState, writer: Writer, from: number, to: number): string[] {
    const problems: string[] = [];
    const kept = new Map(after.changeLog.map((entry) => [entry.id, entry]));
    if (before.changeLog.some((entry) => !sameValue(kept.get(entry.id), entry)))
      problems.push('existing log entries are never changed or removed');
    const known = new Set(before.changeLog.map((entry) => entry.id));
    const added = after.changeLog.filter((entry) => !known.has(entry.id));
    for (const entry of added)
      if (entry.userId !== writer.id || entry.username !== writer.username || !within(entry.timestamp, from, to))
        problems.push(`a log entry is the writer's, at the server's time: ${JSON.stringify(entry)}`);
    const changed = after.revision !== before.revision;
    if (!changed && added.length > 0) problems.push('a write that changes nothing logs nothing');
    if (changed && added.length === 0) problems.push('a write that changes something logs it');
    const says = (text: string) => added.some((entry) => entry.action.includes(text));
    for (const entity of before.entities.values()) {
      if (after.entities.has(entity.id)) continue;
      const top = entity.kind === 'column' || (entity.kind === 'card' && after.entities.has(entity.content.columnId));
      if (top && !says(`„${titled(entity)}“`)) problems.push(`a deletion is logged: ${titled(entity)}`);
    }
    for (const entity of after.entities.values()) {
      const old = before.entities.get(entity.id);
      if (entity.kind !== 'card' || old?.kind !== 'card' || old.content.columnId === entity.content.columnId) continue;
      const column = titled(after.entities.get(entity.content.columnId));
      if (!says(de.board.log.cardMoved(entity.content.title, column)))
        problems.push(`a move is logged: ${entity.content.title}`);
    }
    return problems;
  }
}

function within(timestamp: string, from: number, to: number): boolean {
  const time = Date.parse(timestamp);
  return time >= from - 1000 && time <= to + 1000;
}
