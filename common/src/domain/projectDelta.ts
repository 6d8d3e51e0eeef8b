import {
  type AppointmentDto,
  type CardDto,
  type ChangeLogEntryDto,
  type CardDeltaDto,
  type ColumnDto,
  type NoteDto,
  PROJECT_FIELD_KEYS,
  type ProjectDeltaDto,
  type ProjectDeltaRequest,
  type ProjectDocument,
  type ProjectEntitiesDelta,
  type ProjectFieldsDto,
  type SignoffDto,
  type TimeEntryDto,
} from '../dto/projects';
import { PROJECT_LIMITS } from './projectLimits';
import { compareByPosition } from './sortKey';

/**
 * Deltas of the project document (issue 17; docs/api.md "Deltas"): the flat form in which
 * saves and reads carry only what changed, and the way back to the nested document. The
 * server builds its document from the same flat form (`nestProjectEntities`).
 */

/** The entities of a delta or a document, flat. */
export type FlatEntities = Omit<ProjectEntitiesDelta, 'deleted'>;
export type FlatEntity = { kind: keyof FlatEntities; parent: string | null; value: { id: string } };

const FLAT_KINDS = ['columns', 'cards', 'timeEntries', 'materialEntries', 'appointments', 'notes', 'signoffs'] as const;

function emptyFlat(): FlatEntities {
  return { columns: [], cards: [], timeEntries: [], materialEntries: [], appointments: [], notes: [], signoffs: [] };
}

/** The parts of a document that hold entities. */
type EntityParts = Pick<ProjectDocument, 'columns' | 'appointments' | 'notes' | 'signoffs'>;

/** Every nested entity of a document, flat, in document order, each child naming its parent. */
export function flatProjectEntities(document: EntityParts): FlatEntities {
  const flat = emptyFlat();
  for (const { cards, ...column } of document.columns) {
    flat.columns.push(column);
    for (const { timeEntries, materialEntries, ...card } of cards) {
      flat.cards.push({ ...card, columnId: column.id });
      for (const entry of timeEntries) flat.timeEntries.push({ ...entry, cardId: card.id });
      for (const entry of materialEntries) flat.materialEntries.push({ ...entry, cardId: card.id });
    }
  }
  flat.appointments.push(...document.appointments);
  flat.notes.push(...document.notes);
  flat.signoffs.push(...document.signoffs);
  return flat;
}

type Buckets = Record<keyof FlatEntities, FlatEntity[]>;

function emptyBuckets(): Buckets {
  return { columns: [], cards: [], timeEntries: [], materialEntries: [], appointments: [], notes: [], signoffs: [] };
}

/** The buckets by id, kind by kind, each in document order: the order a whole flat walk gives. */
function byIdInOrder(buckets: Buckets): Map<string, FlatEntity> {
  const byId = new Map<string, FlatEntity>();
  for (const kind of FLAT_KINDS) for (const entity of buckets[kind]) byId.set(entity.value.id, entity);
  return byId;
}

function flatColumn({ cards: _cards, ...column }: ColumnDto): FlatEntity {
  return { kind: 'columns', parent: null, value: column };
}

function flatCard({ timeEntries: _t, materialEntries: _m, ...card }: CardDto, columnId: string): FlatEntity {
  const value: CardDeltaDto = { ...card, columnId };
  return { kind: 'cards', parent: columnId, value };
}

function pushEntries(buckets: Buckets, card: CardDto): void {
  const parent = card.id;
  for (const entry of card.timeEntries) {
    const value: TimeDelta = { ...entry, cardId: parent };
    buckets.timeEntries.push({ kind: 'timeEntries', parent, value });
  }
  for (const entry of card.materialEntries) {
    const value: MaterialDelta = { ...entry, cardId: parent };
    buckets.materialEntries.push({ kind: 'materialEntries', parent, value });
  }
}

/** Where each card of `columns` is (the card object itself as key). */
function cardColumns(columns: readonly ColumnDto[]): Map<CardDto, string> {
  const placed = new Map<CardDto, string>();
  for (const column of columns) for (const card of column.cards) placed.set(card, column.id);
  return placed;
}

/** The items of a top-level list (appointments, notes, sign-offs) that are not the same objects in the other list. */
function pushOwn<K extends 'appointments' | 'notes' | 'signoffs'>(
  buckets: Buckets,
  kind: K,
  items: readonly { id: string }[],
  other: readonly { id: string }[],
): void {
  if (items === other) return;
  const shared = new Set(other);
  for (const value of items) {
    if (shared.has(value)) continue;
    // A sign-off names the card it signs as its parent, as the whole walk does.
    const parent = 'cardId' in value && typeof value.cardId === 'string' ? value.cardId : null;
    buckets[kind].push({ kind, parent, value });
  }
}

/**
 * The flat entities of `base` and of `next` that may differ, by id, in document order. An
 * object found in both copies at the same place is the same entity, unchanged with all it
 * holds: immer keeps every untouched part of an edited document (and `applyProjectDelta` of
 * an answer) as the very same object, so a save walks only the columns, cards and lists an
 * edit replaced instead of flattening all 20,000 entities of a 5,000-card board (the drop's
 * long task). Copies that share nothing are compared whole, as before.
 */
function changedParts(base: EntityParts, next: EntityParts): FlatWalks {
  const baseColumns = new Map(base.columns.map((column) => [column.id, column]));
  const nextColumns = new Map(next.columns.map((column) => [column.id, column]));
  const changedBase = base.columns.filter((column) => nextColumns.get(column.id) !== column);
  const changedNext = next.columns.filter((column) => baseColumns.get(column.id) !== column);
  // A card object in a replaced column of both copies is unchanged if it stayed in its column.
  const baseCards = cardColumns(changedBase);
  const nextCards = cardColumns(changedNext);
  const walk = (columns: readonly ColumnDto[], placed: Map<CardDto, string>): Buckets => {
    const buckets = emptyBuckets();
    for (const column of columns) buckets.columns.push(flatColumn(column));
    for (const column of columns)
      for (const card of column.cards) {
        const there = placed.get(card);
        if (there === column.id) continue;
        buckets.cards.push(flatCard(card, column.id));
        // The same card object in another column: moved, its entries as they were.
        if (there === undefined) pushEntries(buckets, card);
      }
    return buckets;
  };
  const before = walk(changedBase, nextCards);
  const after = walk(changedNext, baseCards);
  pushOwn(before, 'appointments', base.appointments, next.appointments);
  pushOwn(after, 'appointments', next.appointments, base.appointments);
  pushOwn(before, 'notes', base.notes, next.notes);
  pushOwn(after, 'notes', next.notes, base.notes);
  pushOwn(before, 'signoffs', base.signoffs, next.signoffs);
  pushOwn(after, 'signoffs', next.signoffs, base.signoffs);
  return { before: byIdInOrder(before), after: byIdInOrder(after) };
}

/**
 * Equal as JSON (as a save would send them), key order aside. Compared in place: stringifying
 * both sides of 20,000 entities on every save took the largest part of a drop at 5,000 cards.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => same(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // JSON leaves out a property whose value is undefined.
  for (const key in left) if (left[key] !== undefined && !same(left[key], right[key])) return false;
  for (const key in right) if (right[key] !== undefined && left[key] === undefined) return false;
  return true;
}

function push(flat: FlatEntities, entity: FlatEntity): void {
  (flat[entity.kind] as { id: string }[]).push(entity.value);
}

/**
 * The save of what `next` changed against `base` (the copy the server confirmed): new and
 * changed entities, each changed child with its parents as `next` has them (so that the
 * server can bring back a parent someone else deleted, as it does for a whole document),
 * the ids `next` no longer holds, and the project's fields when one of them changed.
 */
export function documentDelta(base: ProjectDocument, next: ProjectDocument): ProjectDeltaRequest {
  return deltaOfWalks(base, next, changedParts(base, next));
}

/** The flat entities of two copies by id, in document order: all of them, or the parts that may differ. */
export interface FlatWalks {
  before: Map<string, FlatEntity>;
  after: Map<string, FlatEntity>;
}

/**
 * `documentDelta` from the flat walks of both copies (exported for its test, which compares
 * the walk of the changed parts with the walk of everything).
 */
export function deltaOfWalks(
  base: ProjectDocument,
  next: ProjectDocument,
  { before, after }: FlatWalks,
): ProjectDeltaRequest {
  const included = new Set<string>();
  const delta: ProjectDeltaRequest = { revision: next.revision, ...emptyFlat(), deleted: [] };
  // A sign-off names the card it signs, which may lie outside what changed: looked up in all of `next` then.
  let everyCard: Map<string, FlatEntity> | undefined;
  const parentOf = (id: string) => {
    const found = after.get(id);
    if (found) return found;
    everyCard ??= new Map(
      next.columns.flatMap((column) => [
        [column.id, flatColumn(column)] as const,
        ...column.cards.map((card) => [card.id, flatCard(card, column.id)] as const),
      ]),
    );
    return everyCard.get(id);
  };
  const include = (id: string) => {
    for (let entity = after.get(id); entity && !included.has(entity.value.id);) {
      included.add(entity.value.id);
      push(delta, entity);
      entity = entity.parent === null ? undefined : parentOf(entity.parent);
    }
  };
  for (const [id, entity] of after) {
    const was = before.get(id);
    if (!was || was.kind !== entity.kind || !same(was.value, entity.value)) include(id);
  }
  for (const id of before.keys()) if (!after.has(id)) delta.deleted.push(id);
  if (PROJECT_FIELD_KEYS.some((key) => !same(base[key], next[key])))
    delta.fields = Object.fromEntries(PROJECT_FIELD_KEYS.map((key) => [key, next[key]])) as unknown as ProjectFieldsDto;
  return delta;
}

/** A delta changes nothing: no entity, no deletion, no field. */
export function isEmptyDelta(delta: ProjectDeltaRequest): boolean {
  return delta.fields === undefined && delta.deleted.length === 0 && FLAT_KINDS.every((kind) => !delta[kind].length);
}

/** Builds the nested parts of a document from flat entities (board order, entries by day, appointments by date, notes newest first, sign-offs oldest first). */
export function nestProjectEntities(flat: FlatEntities): EntityParts {
  const columns = new Map<string, ColumnDto>();
  const cards = new Map<string, CardDto>();
  for (const column of flat.columns) columns.set(column.id, { ...column, cards: [] });
  for (const { columnId, ...card } of flat.cards) {
    const nested: CardDto = { ...card, timeEntries: [], materialEntries: [] };
    cards.set(card.id, nested);
    columns.get(columnId)?.cards.push(nested);
  }
  for (const { cardId, ...entry } of flat.timeEntries) cards.get(cardId)?.timeEntries.push(entry);
  for (const { cardId, ...entry } of flat.materialEntries) cards.get(cardId)?.materialEntries.push(entry);
  const ordered = [...columns.values()].sort(compareByPosition);
  for (const column of ordered) {
    column.cards.sort(compareByPosition);
    for (const card of column.cards)
      card.timeEntries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  }
  const appointments: AppointmentDto[] = [...flat.appointments].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
  const notes: NoteDto[] = [...flat.notes].sort((a, b) =>
    a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0,
  );
  const signoffs: SignoffDto[] = [...flat.signoffs].sort((a, b) =>
    a.signedAt < b.signedAt ? -1 : a.signedAt > b.signedAt ? 1 : a.id < b.id ? -1 : 1,
  );
  return { columns: ordered, appointments, notes, signoffs };
}

/** Newest first, then by id: the order of the server's log. */
function newestFirst(a: ChangeLogEntryDto, b: ChangeLogEntryDto): number {
  const byTime = Date.parse(b.timestamp) - Date.parse(a.timestamp);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const byDay = (a: TimeEntryDto, b: TimeEntryDto) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1);
const byDate = (a: AppointmentDto, b: AppointmentDto) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
const newestNoteFirst = (a: NoteDto, b: NoteDto) =>
  a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0;
const bySigning = (a: SignoffDto, b: SignoffDto) =>
  a.signedAt < b.signedAt ? -1 : a.signedAt > b.signedAt ? 1 : a.id < b.id ? -1 : 1;

/** A top-level list with the sent items in place, new ones at the end, the gone ones out, sorted as the document keeps it; the same array when nothing of it changed. */
function updatedList<T extends { id: string }>(
  items: T[],
  sent: readonly T[],
  deleted: ReadonlySet<string>,
  order: (a: T, b: T) => number,
): T[] {
  if (sent.length === 0 && !items.some((item) => deleted.has(item.id))) return items;
  const changed = new Map(sent.map((item) => [item.id, item]));
  const result: T[] = [];
  for (const item of items) {
    // Deleted and sent again: it comes back at the end, as a new one.
    if (deleted.has(item.id)) continue;
    result.push(changed.get(item.id) ?? item);
    changed.delete(item.id);
  }
  return [...result, ...changed.values()].sort(order);
}

type TimeDelta = ProjectDeltaDto['timeEntries'][number];
type MaterialDelta = ProjectDeltaDto['materialEntries'][number];

/**
 * `document` (the server's copy at `delta.since`, nested in board order as the server sends it)
 * brought to the delta's revision: its header, the changed entities in place (new ones after
 * the others), the deleted ones and their children gone, the new log entries on top. Only the
 * columns, cards and lists the delta touches become new objects; everything else stays the
 * very object of `document`, so that applying a save's answer costs what the save changed
 * (and the board redraws only that), not the 20,000 entities of a 5,000-card board. The
 * result is the one the flat way gives (all entities flat, the sent ones set, nested again).
 */
export function applyProjectDelta(document: ProjectDocument, delta: ProjectDeltaDto): ProjectDocument {
  const sentColumns = new Map(delta.columns.map((column) => [column.id, column]));
  const sentCards = new Map(delta.cards.map((card) => [card.id, card]));
  const sentTime = new Map(delta.timeEntries.map((entry) => [entry.id, entry]));
  const sentMaterial = new Map(delta.materialEntries.map((entry) => [entry.id, entry]));
  const sent = (id: string) =>
    sentColumns.has(id) ||
    sentCards.has(id) ||
    sentTime.has(id) ||
    sentMaterial.has(id) ||
    [delta.appointments, delta.notes, delta.signoffs].some((list) => list.some((item) => item.id === id));
  // An id both deleted and sent is there (set after the deletions), as a new one.
  const deleted = new Set(delta.deleted);
  const gone = new Set(delta.deleted.filter((id) => !sent(id)));

  const cardsById = new Map<string, { card: CardDto; columnId: string }>();
  for (const column of document.columns)
    for (const card of column.cards) cardsById.set(card.id, { card, columnId: column.id });

  // Where the sent or deleted entries were, and the document order of the material entries
  // (kept: a moved one keeps its place among them, a new one comes last).
  const entryCard = new Map<string, string>();
  const materialOrder = new Map<string, number>();
  const entryIds = new Set([...sentTime.keys(), ...sentMaterial.keys(), ...gone]);
  const receiving = new Set([...delta.timeEntries, ...delta.materialEntries].map((entry) => entry.cardId));
  if (delta.timeEntries.length + delta.materialEntries.length > 0 || delta.deleted.length > 0) {
    let order = 0;
    for (const column of document.columns)
      for (const card of column.cards) {
        for (const entry of card.timeEntries) if (entryIds.has(entry.id)) entryCard.set(entry.id, card.id);
        for (const entry of card.materialEntries) {
          if (entryIds.has(entry.id)) entryCard.set(entry.id, card.id);
          if (entryIds.has(entry.id) || receiving.has(card.id)) materialOrder.set(entry.id, order);
          order += 1;
        }
      }
  }

  // Cards that become new objects: sent ones, and those that gain, lose or change an entry.
  const goneCards = [...gone].filter((id) => cardsById.has(id));
  const rebuilt = new Set([...sentCards.keys(), ...receiving, ...entryCard.values(), ...goneCards]);
  const cardOf = new Map<string, { card: CardDto; columnId: string }>();
  for (const id of rebuilt) {
    const was = cardsById.get(id);
    const update = sentCards.get(id);
    if (gone.has(id) || (!was && !update)) continue;
    const changes = (entry: { id: string; cardId?: string }) => entryCard.get(entry.id) === id;
    const keep = (entry: { id: string }) =>
      !gone.has(entry.id) && !sentTime.has(entry.id) && !sentMaterial.has(entry.id);
    const mine = <E extends { cardId: string }>(entries: readonly E[]) =>
      entries.filter((entry) => entry.cardId === id);
    const timeBefore = was?.card.timeEntries ?? [];
    const materialBefore = was?.card.materialEntries ?? [];
    const timeSent = mine<TimeDelta>(delta.timeEntries);
    const materialSent = mine<MaterialDelta>(delta.materialEntries);
    const timeEntries =
      timeSent.length === 0 && !timeBefore.some(changes)
        ? timeBefore
        : [...timeBefore.filter(keep), ...timeSent.map(({ cardId: _cardId, ...entry }) => entry)].sort(byDay);
    let materialEntries = materialBefore;
    if (materialSent.length > 0 || materialBefore.some(changes)) {
      const placed = [
        ...materialBefore.filter(keep).map((entry) => ({ entry, at: materialOrder.get(entry.id) ?? 0 })),
        ...materialSent.map(({ cardId: _cardId, ...entry }, index) => ({
          entry,
          at:
            (deleted.has(entry.id) ? undefined : materialOrder.get(entry.id)) ??
            Number.MAX_SAFE_INTEGER - materialSent.length + index,
        })),
      ].sort((a, b) => a.at - b.at);
      materialEntries = placed.map(({ entry }) => entry);
    }
    if (update) {
      const { columnId, ...card } = update;
      cardOf.set(id, { card: { ...card, timeEntries, materialEntries }, columnId });
    } else if (was) cardOf.set(id, { card: { ...was.card, timeEntries, materialEntries }, columnId: was.columnId });
  }

  // Columns whose cards change: where a rebuilt card was and where it goes.
  const reshaped = new Set<string>();
  for (const id of rebuilt) {
    const was = cardsById.get(id);
    if (was) reshaped.add(was.columnId);
    const now = cardOf.get(id);
    if (now) reshaped.add(now.columnId);
  }
  const columnCards = (columnId: string, before: readonly CardDto[]): CardDto[] => {
    if (!reshaped.has(columnId)) return before as CardDto[];
    const cards = before.filter((card) => !rebuilt.has(card.id));
    for (const { card, columnId: placed } of cardOf.values()) if (placed === columnId) cards.push(card);
    return cards.sort(compareByPosition);
  };
  let columnsChanged = sentColumns.size > 0;
  const columns: ColumnDto[] = [];
  for (const column of document.columns) {
    const update = sentColumns.get(column.id);
    if (!update && gone.has(column.id)) {
      columnsChanged = true;
      continue;
    }
    const cards = columnCards(column.id, column.cards);
    sentColumns.delete(column.id);
    if (update) columns.push({ ...update, cards });
    else if (cards !== column.cards) {
      columns.push({ ...column, cards });
      columnsChanged = true;
    } else columns.push(column);
  }
  for (const column of sentColumns.values()) columns.push({ ...column, cards: columnCards(column.id, []) });

  const { kind: _kind, since: _since, deleted: _deleted, changeLog, ...rest } = delta;
  const {
    columns: _c,
    cards: _k,
    timeEntries: _t,
    materialEntries: _m,
    appointments: _a,
    notes: _n,
    signoffs: _s,
    ...header
  } = rest;
  const known = new Set(changeLog.map((entry) => entry.id));
  const log =
    changeLog.length === 0 && document.changeLog.length <= PROJECT_LIMITS.changeLog
      ? document.changeLog
      : [...changeLog, ...document.changeLog.filter((entry) => !known.has(entry.id))]
          .sort(newestFirst)
          .slice(0, PROJECT_LIMITS.changeLog);
  return {
    ...header,
    columns: columnsChanged ? columns.sort(compareByPosition) : document.columns,
    appointments: updatedList(document.appointments, delta.appointments, deleted, byDate),
    notes: updatedList(document.notes, delta.notes, deleted, newestNoteFirst),
    signoffs: updatedList(document.signoffs, delta.signoffs, deleted, bySigning),
    changeLog: log,
  };
}
