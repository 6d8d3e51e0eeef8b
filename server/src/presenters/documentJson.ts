import type { CardDto, ColumnDto, ProjectDocument } from '@werkboard/common';
import { randomBytes } from 'node:crypto';

/**
 * The JSON text of a whole document, exactly `JSON.stringify(document)`, made from the texts of
 * its columns and cards, each kept by the very object (issue 17, "The first read after a
 * save"): a document brought to a new revision with `applyProjectDelta` shares every column and
 * card the save did not touch with the document before, so serialising it costs the changed
 * columns' cards, not the 3.7 MB of a 5,000-card board. Documents are never changed after
 * they are presented, so a kept text stays true; the texts go with their objects (WeakMap).
 */
const columnTexts = new WeakMap<ColumnDto, string>();
const cardTexts = new WeakMap<CardDto, string>();

/** A placeholder value nobody can send (random per process), replaced by a list's text. */
const SLOT = `werkboard-slot-${randomBytes(16).toString('hex')}`;
const SLOT_JSON = JSON.stringify(SLOT);

/** `JSON.stringify(object)` with the list under `key` written as `[items]` (texts joined). */
function withList<T extends object>(object: T, key: keyof T, items: string[]): string {
  return JSON.stringify({ ...object, [key]: SLOT }).replace(SLOT_JSON, () => `[${items.join(',')}]`);
}

function cardJson(card: CardDto): string {
  let text = cardTexts.get(card);
  if (text === undefined) {
    text = JSON.stringify(card);
    cardTexts.set(card, text);
  }
  return text;
}

function columnJson(column: ColumnDto): string {
  let text = columnTexts.get(column);
  if (text === undefined) {
    text = withList(column, 'cards', column.cards.map(cardJson));
    columnTexts.set(column, text);
  }
  return text;
}

export function documentJson(document: ProjectDocument): string {
  return withList(document, 'columns', document.columns.map(columnJson));
}
