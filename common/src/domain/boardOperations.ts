import { boardMessages as m } from '../messages/board';
import type { CardDto, ColumnDto, MaterialEntryDto, ProjectDocument, TimeEntryDto } from '../dto/projects';
import { plainView } from './drafts';
import { compareByPosition, keyBetween } from './sortKey';

/**
 * The board's edits of a project document: pure functions that mutate a draft (an immer draft
 * in the renderer, a plain copy in tests) and return the change-log action they imply, or null
 * when nothing changed (then nothing is logged and nothing needs saving).
 *
 * They find everything by id, never by a remembered index, because the renderer runs the same
 * edit again on the server's newer copy when a save was still in flight (rebase). An edit
 * whose target no longer exists there simply does nothing.
 *
 * Order is by sort key (`position`): a move or insert changes only the moved entity's key,
 * and the arrays stay sorted by `compareByPosition`.
 */
export type BoardEditResult = string | null;

export type CardFields = Pick<CardDto, 'title' | 'description' | 'tagIds' | 'group' | 'assignedTo'>;

export interface TimeEntryInput {
  userId: string;
  username: string;
  /** YYYY-MM-DD */
  date: string;
  hours: number;
}

export interface MaterialEntryInput {
  quantity: number;
  unit: string;
  name: string;
}

export type QuickMoveTarget = 'second' | 'last';

// Made on first use: every page loads this module with the chunk pages share, and a de-DE
// format made at load costs a slow phone's first paint even where no hours are shown (issue 19).
let hoursFormat: Intl.NumberFormat | undefined;
let quantityFormat: Intl.NumberFormat | undefined;

/** Hours with two decimals and a comma (spec section 9): 1.5 → '1,50'. */
export function formatHours(hours: number): string {
  hoursFormat ??= new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return hoursFormat.format(hours);
}

/** A material quantity in de-DE: 2.5 → '2,5'. */
export function formatQuantity(quantity: number): string {
  quantityFormat ??= new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });
  return quantityFormat.format(quantity);
}

/** '2,5 m Kabel' (the unit is optional). */
export function describeMaterial(entry: Pick<MaterialEntryDto, 'quantity' | 'unit' | 'name'>): string {
  return [formatQuantity(entry.quantity), entry.unit.trim(), entry.name.trim()].filter(Boolean).join(' ');
}

/** The step of the hours field (spec section 2: 0.25 hours, a quarter of an hour). */
export const HOURS_STEP = 0.25;

/**
 * Whether hours are on the field's quarter-hour step. The form refuses '0,3' with a message
 * naming the step instead of rounding it silently (issue 19); the server keeps accepting two
 * decimals, so that entries of older files and of other clients stay valid.
 */
export function isOnHoursStep(hours: number): boolean {
  return Math.round(hours * 100) % Math.round(HOURS_STEP * 100) === 0;
}

/** Time entries as the card lists them: newest date first, the later entry first within a day. */
export function timeEntriesNewestFirst<T extends { date: string }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.date.localeCompare(a.entry.date) || b.index - a.index)
    .map(({ entry }) => entry);
}

export function cardHours(card: Pick<CardDto, 'timeEntries'>): number {
  // Sum in hundredths so that 0.1 + 0.2 shows as 0,30, not 0,30000000000000004.
  return card.timeEntries.reduce((sum, entry) => sum + Math.round(entry.hours * 100), 0) / 100;
}

export interface CardLocation {
  column: ColumnDto;
  card: CardDto;
  columnIndex: number;
  cardIndex: number;
}

export function findColumn(doc: ProjectDocument, columnId: string): ColumnDto | undefined {
  return doc.columns.find((column) => column.id === columnId);
}

/**
 * Where a card is, searched in the plain document (plainView); only the path to the card is
 * read through the draft, so a card edit makes proxies of one column and one card, not of
 * every card it passes.
 */
export function findCard(doc: ProjectDocument, cardId: string): CardLocation | null {
  const at = locateCard(plainView(doc), cardId);
  if (!at) return null;
  const column = doc.columns[at.columnIndex]!;
  return { column, card: column.cards[at.cardIndex]!, columnIndex: at.columnIndex, cardIndex: at.cardIndex };
}

function locateCard(doc: ProjectDocument, cardId: string): CardLocation | null {
  for (let columnIndex = 0; columnIndex < doc.columns.length; columnIndex++) {
    const column = doc.columns[columnIndex]!;
    const cardIndex = column.cards.findIndex((card) => card.id === cardId);
    if (cardIndex >= 0) return { column, card: column.cards[cardIndex]!, columnIndex, cardIndex };
  }
  return null;
}

/** Puts `item` where its sort key belongs in an array sorted by compareByPosition. */
function insertSorted<T extends { position: string; id: string }>(items: T[], item: T): void {
  let index = items.length;
  while (index > 0 && compareByPosition(items[index - 1]!, item) > 0) index--;
  items.splice(index, 0, item);
}

/**
 * A key for a new place right before `next` (or at the end when next is undefined) in a list
 * sorted by key. Equal keys can come from two people inserting at once; the new key then goes
 * before all of the equal ones, which keeps it valid.
 */
function keyBefore(items: readonly { position: string }[], nextIndex: number): string {
  const next = items[nextIndex];
  let prevIndex = nextIndex - 1;
  if (next) while (prevIndex >= 0 && items[prevIndex]!.position >= next.position) prevIndex--;
  return keyBetween(prevIndex >= 0 ? items[prevIndex]!.position : null, next ? next.position : null);
}

function keyAtEnd(items: readonly { position: string }[]): string {
  return keyBetween(items.length ? items[items.length - 1]!.position : null, null);
}

// Columns

export function addColumn(doc: ProjectDocument, title: string, id: string): BoardEditResult {
  const trimmed = title.trim();
  if (!trimmed || doc.columns.some((column) => column.id === id)) return null;
  doc.columns.push({ id, rev: 0, position: keyAtEnd(doc.columns), title: trimmed, cards: [] });
  return m.log.columnAdded(trimmed);
}

export function renameColumn(doc: ProjectDocument, columnId: string, title: string): BoardEditResult {
  const column = findColumn(doc, columnId);
  const trimmed = title.trim();
  if (!column || !trimmed || trimmed === column.title) return null;
  const before = column.title;
  column.title = trimmed;
  return m.log.columnRenamed(before, trimmed);
}

export function deleteColumn(doc: ProjectDocument, columnId: string): BoardEditResult {
  const index = doc.columns.findIndex((column) => column.id === columnId);
  if (index < 0) return null;
  const [column] = doc.columns.splice(index, 1);
  return m.log.columnDeleted(column!.title);
}

export type ColumnDirection = 'left' | 'right';

export function canMoveColumn(doc: Pick<ProjectDocument, 'columns'>, columnId: string, direction: ColumnDirection) {
  const index = doc.columns.findIndex((column) => column.id === columnId);
  if (index < 0) return false;
  return direction === 'left' ? index > 0 : index < doc.columns.length - 1;
}

/**
 * Moves a column one place left or right, never past the ends. Only the moved column gets a
 * new key (between the neighbour it passes and the one after that), so a concurrent move of
 * another column keeps its effect.
 */
export function moveColumn(doc: ProjectDocument, columnId: string, direction: ColumnDirection): BoardEditResult {
  if (!canMoveColumn(doc, columnId, direction)) return null;
  const index = doc.columns.findIndex((column) => column.id === columnId);
  const [column] = doc.columns.splice(index, 1);
  // In the list without the moved column, it goes before the column now at `target`.
  const target = direction === 'left' ? index - 1 : index + 1;
  column!.position = keyBefore(doc.columns, target);
  insertSorted(doc.columns, column!);
  return direction === 'left' ? m.log.columnMovedLeft(column!.title) : m.log.columnMovedRight(column!.title);
}

// Cards

export function addCard(doc: ProjectDocument, columnId: string, title: string, id: string): BoardEditResult {
  const column = findColumn(doc, columnId);
  const trimmed = title.trim();
  if (!column || !trimmed || findCard(doc, id)) return null;
  column.cards.push(blankCard({ id, rev: 0, position: keyAtEnd(column.cards), title: trimmed }));
  return m.log.cardAdded(trimmed, column.title);
}

/** A card as "Aufgabe hinzufügen" creates it: identity, place and title; everything else empty. */
export function blankCard(fields: Pick<CardDto, 'id' | 'rev' | 'position' | 'title'>): CardDto {
  return {
    ...fields,
    description: '',
    tagIds: [],
    group: null,
    assignedTo: null,
    timeEntries: [],
    materialEntries: [],
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Changes a card's own fields. A blank title keeps the old one (titles are never blank);
 * fields that are equal to the current ones are not touched, so an unchanged form saves nothing.
 */
export function updateCard(doc: ProjectDocument, cardId: string, fields: Partial<CardFields>): BoardEditResult {
  const found = findCard(doc, cardId);
  if (!found) return null;
  const { card } = found;
  const before = card.title;
  const changed: (keyof CardFields)[] = [];
  const title = fields.title?.trim();
  if (title && title !== card.title) {
    card.title = title;
    changed.push('title');
  }
  if (fields.description !== undefined && fields.description !== card.description) {
    card.description = fields.description;
    changed.push('description');
  }
  if (fields.tagIds !== undefined && !sameList(fields.tagIds, card.tagIds)) {
    card.tagIds = [...new Set(fields.tagIds)];
    changed.push('tagIds');
  }
  if (fields.group !== undefined) {
    const group = fields.group?.trim() || null;
    if (group !== card.group) {
      card.group = group;
      changed.push('group');
    }
  }
  if (fields.assignedTo !== undefined && (fields.assignedTo || null) !== card.assignedTo) {
    card.assignedTo = fields.assignedTo || null;
    changed.push('assignedTo');
  }
  if (changed.length === 0) return null;
  // A pure rename says so; anything else is an edit of the card (named by its new title).
  return changed.length === 1 && changed[0] === 'title'
    ? m.log.cardRenamed(before, card.title)
    : m.log.cardEdited(card.title);
}

export function deleteCard(doc: ProjectDocument, cardId: string): BoardEditResult {
  const found = findCard(doc, cardId);
  if (!found) return null;
  found.column.cards.splice(found.cardIndex, 1);
  return m.log.cardDeleted(found.card.title);
}

/**
 * Moves a card into `toColumnId` right before the card `beforeCardId` (null: at the end),
 * with a new sort key; nothing happens if the card would stay where it is. Dropping a card
 * before itself means its current place.
 */
export function moveCard(
  doc: ProjectDocument,
  cardId: string,
  toColumnId: string,
  beforeCardId: string | null,
): BoardEditResult {
  // Read on the plain document, written as two new card lists: a splice through a draft would
  // make a proxy of every card it shifts, and the sorted insert reads the whole column.
  const view = plainView(doc);
  const found = locateCard(view, cardId);
  const toIndex = view.columns.findIndex((column) => column.id === toColumnId);
  const target = view.columns[toIndex];
  if (!found || !target || beforeCardId === cardId) return null;
  const sameColumn = found.columnIndex === toIndex;
  if (sameColumn) {
    const next = found.column.cards[found.cardIndex + 1];
    if ((next?.id ?? null) === beforeCardId) return null;
  }
  const others = found.column.cards.filter((card) => card.id !== cardId);
  const rest = sameColumn ? others : target.cards;
  let nextIndex = rest.length;
  if (beforeCardId !== null) {
    const index = rest.findIndex((card) => card.id === beforeCardId);
    // The card to drop before has gone meanwhile (another person moved it): the end it is.
    if (index >= 0) nextIndex = index;
  }
  const moved: CardDto = { ...found.card, position: keyBefore(rest, nextIndex) };
  const targetCards = [...rest];
  insertSorted(targetCards, moved);
  if (!sameColumn) doc.columns[found.columnIndex]!.cards = others;
  doc.columns[toIndex]!.cards = targetCards;
  return sameColumn ? m.log.cardReordered(moved.title, target.title) : m.log.cardMoved(moved.title, target.title);
}

/**
 * The columns of the quick actions (spec sections 2 and 4): the second column ("in progress")
 * and the last ("done"), each only when the card is not already there, only with more than
 * one column, never in a template. With exactly two columns both are the same: only 'last'.
 */
export function quickMoveTargets(
  doc: Pick<ProjectDocument, 'columns' | 'isTemplate'>,
  currentColumnId: string,
): { second: ColumnDto | null; last: ColumnDto | null } {
  if (doc.isTemplate || doc.columns.length < 2) return { second: null, last: null };
  const second = doc.columns[1]!;
  const last = doc.columns[doc.columns.length - 1]!;
  return {
    second: second.id !== currentColumnId && second.id !== last.id ? second : null,
    last: last.id !== currentColumnId ? last : null,
  };
}

export function quickMoveCard(doc: ProjectDocument, cardId: string, target: QuickMoveTarget): BoardEditResult {
  const found = findCard(doc, cardId);
  if (!found) return null;
  const column = quickMoveTargets(doc, found.column.id)[target];
  if (!column) return null;
  return moveCard(doc, cardId, column.id, null);
}

// Time and material entries

export function addTimeEntry(doc: ProjectDocument, cardId: string, input: TimeEntryInput, id: string): BoardEditResult {
  const found = findCard(doc, cardId);
  if (!found || !(input.hours > 0) || found.card.timeEntries.some((entry) => entry.id === id)) return null;
  const entry: TimeEntryDto = {
    id,
    rev: 0,
    userId: input.userId,
    username: input.username,
    date: input.date,
    hours: input.hours,
  };
  found.card.timeEntries.push(entry);
  return m.log.timeAdded(formatHours(entry.hours), found.card.title);
}

export function deleteTimeEntry(doc: ProjectDocument, cardId: string, entryId: string): BoardEditResult {
  const found = findCard(doc, cardId);
  const index = found ? found.card.timeEntries.findIndex((entry) => entry.id === entryId) : -1;
  if (!found || index < 0) return null;
  const [entry] = found.card.timeEntries.splice(index, 1);
  return m.log.timeDeleted(formatHours(entry!.hours), found.card.title);
}

export function addMaterialEntry(
  doc: ProjectDocument,
  cardId: string,
  input: MaterialEntryInput,
  id: string,
): BoardEditResult {
  const found = findCard(doc, cardId);
  const name = input.name.trim();
  if (!found || !name || !(input.quantity > 0) || found.card.materialEntries.some((entry) => entry.id === id))
    return null;
  const entry: MaterialEntryDto = { id, rev: 0, quantity: input.quantity, unit: input.unit.trim(), name };
  found.card.materialEntries.push(entry);
  return m.log.materialAdded(describeMaterial(entry), found.card.title);
}

export function deleteMaterialEntry(doc: ProjectDocument, cardId: string, entryId: string): BoardEditResult {
  const found = findCard(doc, cardId);
  const index = found ? found.card.materialEntries.findIndex((entry) => entry.id === entryId) : -1;
  if (!found || index < 0) return null;
  const [entry] = found.card.materialEntries.splice(index, 1);
  return m.log.materialDeleted(describeMaterial(entry!), found.card.title);
}
