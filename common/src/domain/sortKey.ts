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
 * The shortest key after `low`: its first digit that is not 'z', plus one. Appending at the
 * end (the most common move: a new card, a card to 'Erledigt') thus grows a key by one
 * character only every 35 appends, not every few as halving would.
 */
function keyAfter(low: string): string {
  for (let index = 0; index < low.length; index++) {
    const value = digit(low, index);
    if (value < BASE - 1) return low.slice(0, index) + DIGITS[value + 1]!;
  }
  return `${low}1`;
}

/** The shortest key before `high` (and above ''): its first digit above '1', minus one. */
function keyBefore(high: string): string {
  for (let index = 0; index < high.length; index++) {
    const value = digit(high, index);
    if (value > 1) return high.slice(0, index) + DIGITS[value - 1]!;
  }
  // Only '0's and '1's, ending in '1' (a key never ends in '0').
  return `${high.slice(0, -1)}0z`;
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
