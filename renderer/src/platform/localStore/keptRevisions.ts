import type { LocalStore } from '.';

/**
 * The revision of each document copy this page wrote to a local store (a GET's answer, or a
 * save's answer written whole), so that the changes of later saves can be kept beside that
 * copy instead of the whole document again (`platform/keptDocuments.ts`). Small and free of
 * common's delta rules: the read path that notes the copies is part of the first script.
 */
const written = new WeakMap<LocalStore, Map<string, number>>();

/** `value` (a document read or saved at `path`) was written to `store`. */
export function noteKept(store: LocalStore, path: string, value: unknown): void {
  const revision = (value as { revision?: unknown } | null)?.revision;
  if (typeof revision !== 'number') return;
  const paths = written.get(store) ?? new Map<string, number>();
  written.set(store, paths);
  paths.set(path, revision);
}

/** The revision of the copy of `path` this page last wrote to `store`, if it wrote one. */
export function keptRevision(store: LocalStore, path: string): number | undefined {
  return written.get(store)?.get(path);
}
