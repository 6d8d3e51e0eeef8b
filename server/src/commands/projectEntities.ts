import {
  type AppointmentDto,
  type CardDto,
  type ColumnDto,
  type FlatEntities,
  flatProjectEntities,
  nestProjectEntities,
  PROJECT_FIELD_KEYS,
  type ProjectDocument,
  type ProjectEntitiesDelta,
  type MaterialEntryDto,
  type NoteDto,
  type ProjectFieldsDto,
  type SignoffDto,
  type TimeEntryDto,
} from '@werkboard/common';

/**
 * The project document flattened into entities, the form in which the merge compares,
 * the store writes and the history keeps them. `content` is what a client may change
 * (compared as canonical JSON); `owned` is what only the server sets (authors, times).
 */
export type EntityKind = 'column' | 'card' | 'timeEntry' | 'materialEntry' | 'appointment' | 'note' | 'signoff';

// What a client may change of each entity: the fields of common's DTO, plus the parent that
// the nesting of the document gives (a card's column, an entry's card).
export type ColumnContent = Pick<ColumnDto, 'position' | 'title'>;
export type CardContent = Pick<CardDto, 'position' | 'title' | 'description' | 'tagIds' | 'group' | 'assignedTo'> & {
  columnId: string;
};
export type TimeEntryContent = Pick<TimeEntryDto, 'date' | 'hours'> & { cardId: string };
export type TimeEntryOwned = Pick<TimeEntryDto, 'userId' | 'username'>;
export type MaterialEntryContent = Pick<MaterialEntryDto, 'quantity' | 'unit' | 'name'> & { cardId: string };
export type AppointmentContent = Pick<
  AppointmentDto,
  'title' | 'date' | 'status' | 'contactName' | 'contactPhone' | 'tagIds' | 'notes'
>;
export type NoteContent = Pick<NoteDto, 'title' | 'content'>;
export type NoteOwned = Pick<NoteDto, 'authorId' | 'authorUsername' | 'timestamp'>;

export type SignoffContent = Pick<
  SignoffDto,
  'cardId' | 'signerName' | 'signedAt' | 'signature' | 'coveredTimeEntryIds' | 'coveredMaterialEntryIds'
>;
export type SignoffOwned = Pick<SignoffDto, 'collectedById' | 'collectedByName'>;

interface EntityOf<K extends EntityKind, C, O = null> {
  kind: K;
  id: string;
  rev: number;
  content: C;
  owned: O;
}

export type Entity =
  | EntityOf<'column', ColumnContent>
  | EntityOf<'card', CardContent>
  | EntityOf<'timeEntry', TimeEntryContent, TimeEntryOwned>
  | EntityOf<'materialEntry', MaterialEntryContent>
  | EntityOf<'appointment', AppointmentContent>
  | EntityOf<'note', NoteContent, NoteOwned>
  | EntityOf<'signoff', SignoffContent, SignoffOwned>;

export type EntityMap = Map<string, Entity>;

/** The parent an entity cannot live without (column of a card, card of an entry). */
export function parentOf(entity: Entity): string | null {
  switch (entity.kind) {
    case 'card':
      return entity.content.columnId;
    case 'timeEntry':
    case 'materialEntry':
      return entity.content.cardId;
    case 'signoff':
      return entity.content.cardId;
    default:
      return null;
  }
}

/**
 * Equal contents, for objects built in the key order the types above declare (the loader
 * and flattenDocument build them so): one JSON.stringify each, fast enough for 8,000
 * entities per PUT.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}

/**
 * Equal values whatever the key order: for what comes back from jsonb (the version history,
 * records such as groupAssignments), whose keys PostgreSQL reorders.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

export function fieldsOf(source: ProjectFieldsDto): ProjectFieldsDto {
  const fields = {} as Record<keyof ProjectFieldsDto, unknown>;
  for (const key of PROJECT_FIELD_KEYS) fields[key] = source[key];
  return fields as unknown as ProjectFieldsDto;
}

/** What a project document holds, flattened. */
export type FlatDocumentParts = Pick<ProjectDocument, 'columns' | 'appointments' | 'notes' | 'signoffs'>;

export function flattenDocument(document: FlatDocumentParts): EntityMap {
  return entitiesOf(flatProjectEntities(document));
}

/** Flat entities (of a document or a delta) as the merge's entities. */
export function entitiesOf(flat: FlatEntities): EntityMap {
  const entities: EntityMap = new Map();
  const add = (entity: Entity) => entities.set(entity.id, entity);
  for (const column of flat.columns)
    add({
      kind: 'column',
      id: column.id,
      rev: column.rev,
      owned: null,
      content: { position: column.position, title: column.title },
    });
  for (const card of flat.cards)
    add({
      kind: 'card',
      id: card.id,
      rev: card.rev,
      owned: null,
      content: {
        columnId: card.columnId,
        position: card.position,
        title: card.title,
        description: card.description,
        tagIds: card.tagIds,
        group: card.group,
        assignedTo: card.assignedTo,
      },
    });
  for (const entry of flat.timeEntries)
    add({
      kind: 'timeEntry',
      id: entry.id,
      rev: entry.rev,
      content: { cardId: entry.cardId, date: entry.date, hours: entry.hours },
      owned: { userId: entry.userId ?? null, username: entry.username ?? '' },
    });
  for (const entry of flat.materialEntries)
    add({
      kind: 'materialEntry',
      id: entry.id,
      rev: entry.rev,
      owned: null,
      content: { cardId: entry.cardId, quantity: entry.quantity, unit: entry.unit, name: entry.name },
    });
  for (const appointment of flat.appointments)
    add({
      kind: 'appointment',
      id: appointment.id,
      rev: appointment.rev,
      owned: null,
      content: {
        title: appointment.title,
        date: appointment.date,
        status: appointment.status,
        contactName: appointment.contactName,
        contactPhone: appointment.contactPhone,
        tagIds: appointment.tagIds,
        notes: appointment.notes,
      },
    });
  for (const note of flat.notes)
    add({
      kind: 'note',
      id: note.id,
      rev: note.rev,
      content: { title: note.title, content: note.content },
      owned: {
        authorId: note.authorId ?? null,
        authorUsername: note.authorUsername ?? '',
        timestamp: note.timestamp ?? '',
      },
    });
  for (const signoff of flat.signoffs)
    add({
      kind: 'signoff',
      id: signoff.id,
      rev: signoff.rev,
      content: {
        cardId: signoff.cardId,
        signerName: signoff.signerName,
        signedAt: signoff.signedAt,
        signature: signoff.signature,
        coveredTimeEntryIds: signoff.coveredTimeEntryIds,
        coveredMaterialEntryIds: signoff.coveredMaterialEntryIds,
      },
      owned: { collectedById: signoff.collectedById ?? null, collectedByName: signoff.collectedByName ?? '' },
    });
  return entities;
}

/** Builds the nested parts of the document again from entities (ordered by sort key / date). */
export function nestEntities(
  entities: Iterable<Entity>,
): Pick<ProjectDocument, 'columns' | 'appointments' | 'notes' | 'signoffs'> {
  return nestProjectEntities(flatEntities(entities));
}

/** Entities as a delta carries them: flat, each child naming its parent (the inverse of `flattenDelta`). */
export function flatEntities(entities: Iterable<Entity>): Omit<ProjectEntitiesDelta, 'deleted'> {
  const flat: Omit<ProjectEntitiesDelta, 'deleted'> = {
    columns: [],
    cards: [],
    timeEntries: [],
    materialEntries: [],
    appointments: [],
    notes: [],
    signoffs: [],
  };
  for (const entity of entities) {
    const base = { id: entity.id, rev: entity.rev };
    switch (entity.kind) {
      case 'column':
        flat.columns.push({ ...base, ...entity.content });
        break;
      case 'card':
        flat.cards.push({ ...base, ...entity.content });
        break;
      case 'timeEntry':
        flat.timeEntries.push({ ...base, ...entity.owned, ...entity.content });
        break;
      case 'materialEntry':
        flat.materialEntries.push({ ...base, ...entity.content });
        break;
      case 'appointment':
        flat.appointments.push({ ...base, ...entity.content });
        break;
      case 'note':
        flat.notes.push({ ...base, ...entity.content, ...entity.owned });
        break;
      case 'signoff':
        flat.signoffs.push({ ...base, ...entity.content, ...entity.owned });
        break;
    }
  }
  return flat;
}
