import { types } from 'node:util';

/** What every check of a renderer's IPC payload answers: the clean value or why not. */
export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

export const invalid = (error: string): { ok: false; error: string } => ({ ok: false, error });

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !types.isUint8Array(value);
}

export function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** A string of 1 to `max` characters (UTF-16 code units). */
export function isBoundedString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}
