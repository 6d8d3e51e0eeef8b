import { LOCAL_STORE_TABLES } from '@werkboard/common';
import type { LocalQueueRow, LocalStoreRequest, LocalStoreTable } from '@werkboard/common';
import type { Validation } from '../validation';
import { hasOnlyKeys, invalid, isBoundedString, isPlainRecord } from '../validation';

export const MAX_KEY_LENGTH = 500;
/** A kept project of 2,000 cards is a few MB of JSON; this leaves room without being unbounded. */
export const MAX_VALUE_LENGTH = 32 * 1024 * 1024;
export const MAX_ROWS_PER_CHANGE = 5000;

const isTable = (value: unknown): value is LocalStoreTable =>
  typeof value === 'string' && (LOCAL_STORE_TABLES as readonly string[]).includes(value);

function validateRow(value: unknown): Validation<LocalQueueRow> {
  if (!isPlainRecord(value) || !hasOnlyKeys(value, ['key', 'position', 'list', 'write'])) {
    return invalid('a queue row must be {key, position, list, write}');
  }
  const { key, position, list, write } = value;
  if (!isBoundedString(key, MAX_KEY_LENGTH)) return invalid('row key must be a string');
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 0) {
    return invalid('row position must be a whole number');
  }
  if (list !== 'pending' && list !== 'failed') return invalid('row list must be pending or failed');
  if (!isBoundedString(write, MAX_VALUE_LENGTH)) return invalid('row write must be JSON text');
  return { ok: true, value: { key, position, list, write } };
}

/** Checks a request of the renderer and returns a fresh copy with only the known fields. */
export function validateLocalStoreRequest(payload: unknown): Validation<LocalStoreRequest> {
  if (!isPlainRecord(payload)) return invalid('request must be an object');
  const { op } = payload;
  const only = (keys: string[]) => hasOnlyKeys(payload, ['op', ...keys]);
  switch (op) {
    case 'getRead':
    case 'putRead': {
      if (!only(op === 'getRead' ? ['table', 'key'] : ['table', 'key', 'value'])) return invalid('unknown keys');
      const { table, key, value } = payload;
      if (!isTable(table)) return invalid('unknown table');
      if (!isBoundedString(key, MAX_KEY_LENGTH)) return invalid('key must be a string');
      if (op === 'getRead') return { ok: true, value: { op, table, key } };
      if (!isBoundedString(value, MAX_VALUE_LENGTH)) return invalid('value must be JSON text');
      return { ok: true, value: { op, table, key, value } };
    }
    case 'applyQueue': {
      if (!only(['baseVersion', 'puts', 'deletes'])) return invalid('unknown keys');
      const { baseVersion, puts, deletes } = payload;
      if (typeof baseVersion !== 'number' || !Number.isSafeInteger(baseVersion) || baseVersion < 0) {
        return invalid('baseVersion must be a whole number');
      }
      if (!Array.isArray(puts) || !Array.isArray(deletes)) return invalid('puts and deletes must be lists');
      if (puts.length + deletes.length > MAX_ROWS_PER_CHANGE) return invalid('too many rows in one change');
      const rows: LocalQueueRow[] = [];
      for (const put of puts as unknown[]) {
        const row = validateRow(put);
        if (!row.ok) return row;
        rows.push(row.value);
      }
      const keys: string[] = [];
      for (const key of deletes as unknown[]) {
        if (!isBoundedString(key, MAX_KEY_LENGTH)) return invalid('deletes must be keys');
        keys.push(key);
      }
      return { ok: true, value: { op, baseVersion, puts: rows, deletes: keys } };
    }
    case 'setOwner': {
      if (!only(['userId'])) return invalid('unknown keys');
      if (!isBoundedString(payload.userId, MAX_KEY_LENGTH)) return invalid('userId must be a string');
      return { ok: true, value: { op, userId: payload.userId } };
    }
    case 'loadQueue':
    case 'getOwner':
    case 'clearReads':
    case 'clearAll':
      if (!only([])) return invalid('unknown keys');
      return { ok: true, value: { op } };
    default:
      return invalid('unknown op');
  }
}
