/**
 * The device's copy of a project as the server last confirmed it, kept for offline reads
 * without writing the whole document after every save (issue 17: at 5,000 cards that write,
 * a structured clone of 3.8 MB, was up to 180 ms of the task that applies a save's answer).
 *
 * The whole document stays where a GET keeps it (`localReads.ts`); a save's answer, a delta
 * since the revision the save was based on, is merged into one delta kept beside it
 * (`changesPath`), which an offline read applies on top. Only changes that chain onto a copy
 * this page knows is kept are written this way; anything else (a whole document as answer, a
 * gap in the revisions, more than `KEPT_CHANGES_LIMIT` entities) writes the whole document,
 * as before. Loaded when first needed: it carries common's delta rules (issue 19's first script).
 */

import type { ProjectChangesDto, ProjectDeltaDto, ProjectDocument } from '@werkboard/common';
import { applyProjectDelta } from '@werkboard/common';
import type { LocalStore } from './localStore';
import { changesPath } from './localStore/readLocation';
import { keptRevision, noteKept } from './localStore/keptRevisions';

/** Past this many entities in the kept changes, the whole document is written again (and the changes start anew). */
export const KEPT_CHANGES_LIMIT = 2000;

const ENTITY_KINDS = [
  'columns',
  'cards',
  'timeEntries',
  'materialEntries',
  'appointments',
  'notes',
  'signoffs',
] as const;

/** The changes this page keeps beside each document copy, as last written. */
const kept = new WeakMap<LocalStore, Map<string, ProjectDeltaDto>>();

function isDelta(changes: unknown): changes is ProjectDeltaDto {
  return (changes as Partial<ProjectChangesDto> | null | undefined)?.kind === 'delta';
}

function size(delta: ProjectDeltaDto): number {
  return ENTITY_KINDS.reduce((sum, kind) => sum + delta[kind].length, delta.deleted.length);
}

/**
 * One delta that does what `earlier` and then `later` do (`later` based on a revision
 * `earlier` reaches), or null when they do not chain. Applied, it deletes and then sets: an
 * entity `later` deletes is no longer set, one it sets again is set.
 */
export function mergeChanges(earlier: ProjectDeltaDto, later: ProjectDeltaDto): ProjectDeltaDto | null {
  if (later.since < earlier.since || later.since > earlier.revision) return null;
  const gone = new Set(later.deleted);
  const merged = { ...later, since: earlier.since, deleted: [...new Set([...earlier.deleted, ...later.deleted])] };
  for (const kind of ENTITY_KINDS) {
    const byId = new Map<string, { id: string }>();
    for (const value of earlier[kind] as { id: string }[]) if (!gone.has(value.id)) byId.set(value.id, value);
    for (const value of later[kind] as { id: string }[]) byId.set(value.id, value);
    (merged[kind] as { id: string }[]) = [...byId.values()];
  }
  const known = new Set(later.changeLog.map((entry) => entry.id));
  merged.changeLog = [...later.changeLog, ...earlier.changeLog.filter((entry) => !known.has(entry.id))];
  return merged;
}

/**
 * Keeps the server's copy `document` of `path` after a save or a read of what changed:
 * `changes` (the answer it was made from, a delta or the whole document) beside the kept copy where they chain onto it,
 * else the whole document.
 */
export async function keepDocument(
  store: LocalStore,
  path: string,
  document: ProjectDocument,
  changes?: unknown,
): Promise<void> {
  const paths = kept.get(store) ?? new Map<string, ProjectDeltaDto>();
  kept.set(store, paths);
  const copy = keptRevision(store, path);
  const earlier = paths.get(path);
  let next: ProjectDeltaDto | null = null;
  if (isDelta(changes) && copy !== undefined) {
    // Changes that the kept copy already holds are not carried on.
    if (earlier && earlier.revision > copy) next = mergeChanges(earlier, changes);
    else if (changes.since <= copy) next = changes;
  }
  if (next && size(next) <= KEPT_CHANGES_LIMIT) {
    paths.set(path, next);
    await store.putRead(changesPath(path), next);
    return;
  }
  paths.delete(path);
  await store.putRead(path, document);
  noteKept(store, path, document);
}

/**
 * The kept copy of the document at `path` with the changes kept beside it applied (when they
 * start at or before its revision and reach beyond it), or undefined without a kept copy.
 */
export async function keptDocument(store: LocalStore, path: string): Promise<ProjectDocument | undefined> {
  const document = (await store.getRead(path)) as ProjectDocument | undefined;
  if (!document) return undefined;
  const changes = (await store.getRead(changesPath(path)).catch(() => undefined)) as ProjectDeltaDto | undefined;
  if (!changes || changes.since > document.revision || changes.revision <= document.revision) return document;
  return applyProjectDelta(document, changes);
}
