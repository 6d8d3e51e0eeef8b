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

/** Changes that change nothing, beside the whole copy `document`: they say which revision it has. */
function noChangesSince(document: ProjectDocument): ProjectDeltaDto {
  const { columns: _columns, notes: _notes, appointments: _appointments, signoffs: _signoffs, ...header } = document;
  return {
    ...header,
    ...{ kind: 'delta', since: document.revision, deleted: [], changeLog: [], columns: [], cards: [] },
    ...{ timeEntries: [], materialEntries: [], appointments: [], notes: [], signoffs: [] },
  };
}

/**
 * What to keep beside the whole copy after the answer `changes`, given the changes `stored`
 * there now (written by this tab or another one) and `copy`, the revision of the whole copy
 * this page wrote: 'stored' when they reach as far already, the changes to write, or 'whole'
 * when the answer cannot be chained onto the kept copy.
 */
function nextChanges(
  stored: ProjectDeltaDto | undefined,
  changes: ProjectDeltaDto,
  copy: number | undefined,
): ProjectDeltaDto | 'stored' | 'whole' {
  // Another tab's changes that reach as far or further: an older answer never replaces them.
  if (stored && stored.revision >= changes.revision) return 'stored';
  // Stored changes that the kept copy holds already are not carried on.
  if (copy !== undefined && changes.since <= copy && (!stored || stored.revision <= copy)) return changes;
  if (stored) {
    // The answer covers all the stored changes do, from where they start (so it chains onto the copy too).
    if (changes.since <= stored.since) return changes;
    const merged = mergeChanges(stored, changes);
    if (merged) return merged;
  }
  return copy !== undefined && changes.since <= copy ? changes : 'whole';
}

/**
 * Keeps the server's copy `document` of `path` after a save or a read of what changed:
 * `changes` (the answer it was made from, a delta or the whole document) merged into the
 * changes kept beside the kept copy where they chain onto it, else the whole document. The
 * stored changes are read and written in one transaction: two tabs of the device saving the
 * same project merge into each other's changes, and a slower answer written last never
 * replaces a newer one (an offline read would show the older state).
 */
export async function keepDocument(
  store: LocalStore,
  path: string,
  document: ProjectDocument,
  changes?: unknown,
): Promise<void> {
  const copy = keptRevision(store, path);
  let whole = false;
  await store.updateReads([changesPath(path), path], (value) => {
    const stored = isDelta(value) ? value : undefined;
    const next = isDelta(changes) ? nextChanges(stored, changes, copy) : 'whole';
    if (next === 'stored') return new Map();
    if (next !== 'whole' && size(next) <= KEPT_CHANGES_LIMIT) return new Map([[changesPath(path), next]]);
    // Kept changes that reach as far as this document or further already say more than it.
    if (stored && stored.revision >= document.revision) return new Map();
    whole = true;
    // The whole copy, and beside it its revision, which the next answer (of any tab) chains onto.
    return new Map<string, unknown>([
      [path, document],
      [changesPath(path), noChangesSince(document)],
    ]);
  });
  if (whole) noteKept(store, path, document);
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
