import {
  type AppointmentDto,
  type CardDto,
  type ChangeLogEntryDto,
  type ColumnDto,
  type NoteDto,
  PROJECT_FIELD_KEYS,
  type ProjectDeltaDto,
  type ProjectDeltaRequest,
  type ProjectDocument,
  type ProjectEntitiesDelta,
  type ProjectFieldsDto,
  type SignoffDto,
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
type FlatEntity = { kind: keyof FlatEntities; parent: string | null; value: { id: string } };

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

/** The flat entities by id, with their parents. */
function flatten(document: EntityParts): Map<string, FlatEntity> {
  const flat = flatProjectEntities(document);
  const byId = new Map<string, FlatEntity>();
  for (const kind of FLAT_KINDS)
    for (const value of flat[kind]) {
      const parent = 'columnId' in value ? value.columnId : 'cardId' in value ? value.cardId : null;
      byId.set(value.id, { kind, parent, value });
    }
  return byId;
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
  const before = flatten(base);
  const after = flatten(next);
  const included = new Set<string>();
  const delta: ProjectDeltaRequest = { revision: next.revision, ...emptyFlat(), deleted: [] };
  const include = (id: string) => {
    for (let entity = after.get(id); entity && !included.has(entity.value.id);) {
      included.add(entity.value.id);
      push(delta, entity);
      entity = entity.parent === null ? undefined : after.get(entity.parent);
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

/**
 * `document` (the server's copy at `delta.since`) brought to the delta's revision: its header,
 * the changed entities in place (new ones after the others), the deleted ones and their
 * children gone, the new log entries on top.
 */
export function applyProjectDelta(document: ProjectDocument, delta: ProjectDeltaDto): ProjectDocument {
  const flat = flatten(document);
  for (const id of delta.deleted) flat.delete(id);
  for (const kind of FLAT_KINDS)
    for (const value of delta[kind] as { id: string }[]) flat.set(value.id, { kind, parent: null, value });
  const entities = emptyFlat();
  for (const entity of flat.values()) push(entities, entity);
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
  const log = [...changeLog, ...document.changeLog.filter((entry) => !known.has(entry.id))]
    .sort(newestFirst)
    .slice(0, PROJECT_LIMITS.changeLog);
  return { ...header, ...nestProjectEntities(entities), changeLog: log };
}
