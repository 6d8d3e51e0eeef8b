import type { CardDto, ColumnDto, ProjectDocument } from '@werkboard/common';
import { randomBytes } from 'node:crypto';

/**
 * The JSON of a whole document as UTF-8 bytes, exactly those of `JSON.stringify(document)`,
 * joined from the bytes of its columns and cards, each kept by the very object (issue 17, "The
 * first read after a save"): a document brought to a new revision with `applyProjectDelta`
 * shares every column and card the save did not touch with the document before, so its
 * serialisation costs the changed cards and a copy of bytes, not `JSON.stringify` and the
 * UTF-8 encoding of the 3.7 MB of a 5,000-card board. Documents are never changed after they
 * are presented, so kept bytes stay true; they go with their objects (WeakMap).
 */
const columnBytes = new WeakMap<ColumnDto, Buffer>();
const cardBytes = new WeakMap<CardDto, Buffer>();

/** A placeholder value nobody can send (random per process), where a list's bytes go. */
const SLOT = `werkboard-slot-${randomBytes(16).toString('hex')}`;
const SLOT_JSON = JSON.stringify(SLOT);
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The bytes of `JSON.stringify(object)` with the list under `key` written as `[items]`. */
function withList<T extends object>(object: T, key: keyof T, items: Buffer[]): Buffer {
  const [before, after] = JSON.stringify({ ...object, [key]: SLOT }).split(SLOT_JSON);
  const parts: Buffer[] = [Buffer.from(before!), OPEN];
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(CLOSE, Buffer.from(after!));
  return Buffer.concat(parts);
}

function cardJson(card: CardDto): Buffer {
  let bytes = cardBytes.get(card);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(card));
    cardBytes.set(card, bytes);
  }
  return bytes;
}

function columnJson(column: ColumnDto): Buffer {
  let bytes = columnBytes.get(column);
  if (bytes === undefined) {
    bytes = withList(column, 'cards', column.cards.map(cardJson));
    columnBytes.set(column, bytes);
  }
  return bytes;
}

export function documentJson(document: ProjectDocument): Buffer {
  return withList(document, 'columns', document.columns.map(columnJson));
}
