/**
 * Freezes a document from the server, and everything in it, before it enters the store: what
 * immer would do to it there anyway (it freezes what a reducer stores), without immer's walk,
 * which at 5,000 cards took several times as long (issue 17, "the first screen first"). Parts
 * already frozen (kept from the copy before) are not walked again. Plain JSON only.
 */
export function freezeDocument<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value as unknown[]) freezeDocument(item);
  else for (const key in value) freezeDocument(value[key]);
  return value;
}
