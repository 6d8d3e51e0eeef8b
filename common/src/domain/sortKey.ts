/**
 * Sort keys for cards and columns: strings of base-36 digits read as a fraction (0.xyz…)
 * and compared as plain strings. Between any two keys there is always another, so a move
 * changes only the moved card's key, and two people moving different cards never disturb
 * each other's order (architecture decision 4). A key never ends in '0'.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;

export const SORT_KEY_PATTERN = /^[0-9a-z]*[1-9a-z]$/;
export const SORT_KEY_MAX_LENGTH = 1000;

function digit(key: string, index: number): number {
  const char = key[index];
  return char === undefined ? 0 : DIGITS.indexOf(char);
}

function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    // Skip the shared prefix; `low` counts as padded with zeros.
    let shared = 0;
    while (shared < high.length && digit(low, shared) === digit(high, shared)) shared++;
    if (shared > 0) return high.slice(0, shared) + midpoint(low.slice(shared), high.slice(shared));
  }
  const lowDigit = digit(low, 0);
  const highDigit = high === null ? BASE : digit(high, 0);
  if (highDigit - lowDigit > 1) return DIGITS[Math.round((lowDigit + highDigit) / 2)]!;
  // Neighbouring digits: the high key's first digit alone lies between, if high goes on.
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return DIGITS[lowDigit]! + midpoint(low.slice(1), null);
}

/**
 * Keys at the ends of a list come in levels: a key that starts with `level` 'z's (after) or
 * '0's (before) carries this many digits after them, so a level holds 35 · 36^(digits - 1)
 * keys before the next one begins. Appending 5,000 cards thus makes keys of 5 characters, not
 * 143 as one more digit every 35 appends did (docs/decisions.md "Sort keys"). The cap keeps a
 * long key of that older scheme (many 'z's) from doubling its length on the next append.
 */
const levelDigits = (level: number) => Math.min(level + 1, 4);

const withoutTrailingZeros = (key: string) => key.replace(/0+$/, '');

/**
 * The next key after `low` at its level: its level's digits plus one (carrying); when the
 * first of them would become 'z', the first key of the next level.
 */
function keyAfter(low: string): string {
  let level = 0;
  while (low[level] === 'z') level++;
  const digits = Array.from({ length: levelDigits(level) }, (_, index) => digit(low, level + index));
  let at = digits.length - 1;
  while (digits[at] === BASE - 1) digits[at--] = 0;
  digits[at]!++;
  if (digits[0] === BASE - 1) return `${'z'.repeat(level + 1)}1`;
  return withoutTrailingZeros('z'.repeat(level) + digits.map((value) => DIGITS[value]).join(''));
}

/**
 * The next key before `high` (and above ''), the mirror of keyAfter: its level's digits
 * minus one (borrowing); when the first of them would become '0', the first key of the next
 * level down ('0's, then 'z').
 */
function keyBefore(high: string): string {
  let level = 0;
  while (high[level] === '0') level++;
  const digits = Array.from({ length: levelDigits(level) }, (_, index) => digit(high, level + index));
  let at = digits.length - 1;
  while (digits[at] === 0) digits[at--] = BASE - 1;
  digits[at]!--;
  if (digits[0] === 0) return `${'0'.repeat(level + 1)}z`;
  return withoutTrailingZeros('0'.repeat(level) + digits.map((value) => DIGITS[value]).join(''));
}

/** A key strictly between `before` and `after` (null: the start or the end of the list). */
export function keyBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after)
    throw new RangeError(`Sort key ${before} is not before ${after}`);
  if (before === null && after === null) return midpoint('', null);
  if (after === null) return keyAfter(before!);
  if (before === null) return keyBefore(after);
  return midpoint(before, after);
}

/** `count` keys in order after `before` (for building a list, e.g. a new project's columns). */
export function keysAfter(before: string | null, count: number): string[] {
  const keys: string[] = [];
  let last = before;
  for (let index = 0; index < count; index++) {
    last = keyBetween(last, null);
    keys.push(last);
  }
  return keys;
}

/** Order by sort key, then by id, so equal keys from concurrent inserts sort the same everywhere. */
export function compareByPosition(a: { position: string; id: string }, b: { position: string; id: string }): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A sorted copy in board order (by sort key, then id). */
export function inBoardOrder<T extends { position: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort(compareByPosition);
}

const isSortKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= SORT_KEY_MAX_LENGTH && SORT_KEY_PATTERN.test(value);

/**
 * Sort keys for a list given in array order whose items may lack them (cards of the existing
 * product's files, a whole-project PUT of an older client): a list that has a key on every
 * item stays as it is; otherwise every item without a key, or whose key would not follow the
 * one before it, gets a key between its neighbours, so the array order is the order. Answers
 * the items with keys and how many keys were made.
 */
export function placeInArrayOrder<T extends { position?: unknown }>(
  items: readonly T[],
): { items: (T & { position: string })[]; made: number } {
  if (items.every((item) => isSortKey(item.position))) return { items: items as (T & { position: string })[], made: 0 };
  let made = 0;
  let previous: string | null = null;
  const placed = items.map((item, index) => {
    let position = item.position;
    if (!isSortKey(position) || (previous !== null && position <= previous)) {
      const before = previous;
      const next = items
        .slice(index + 1)
        .map((later) => later.position)
        .find((key): key is string => isSortKey(key) && (before === null || key > before));
      position = keyBetween(before, next ?? null);
      made++;
    }
    previous = position as string;
    return { ...item, position: position as string };
  });
  return { items: placed, made };
}
