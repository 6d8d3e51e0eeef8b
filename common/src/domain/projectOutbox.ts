import {
  PROJECT_FIELD_KEYS,
  type ProjectChangesDto,
  type ProjectDeltaRequest,
  type ProjectDocument,
} from '../dto/projects';
import {
  applyProjectDelta,
  documentDelta,
  type FlatEntities,
  flatProjectEntities,
  nestProjectEntities,
} from './projectDelta';

/**
 * The outbox's rules for a project's saves (issue 17), free of storage and network, used by
 * the renderer's queue (`renderer/src/platform/syncQueue.ts`) and by the server's test of two
 * devices that edited one project offline.
 *
 * Rebasing a queued save on the server's answer to the save before it (issue 17, the one
 * outbox): a device that worked offline queued `ours`, built on `base` (its copy of the
 * server's document, or the copy its previous queued save made). When that previous save has
 * been answered, `theirs` is the server's copy at the new revision (own earlier saves and
 * others' writes merged). The rebased copy is `theirs` with only what `ours` changed against
 * `base`, field by field, so the next delta is sent on the answer's revision and entity
 * revisions instead of a stale base, and what others changed in fields this device left alone
 * is kept. The recipes of the online saver cannot be stored; this is their data-only twin.
 */

const FLAT_KINDS = ['columns', 'cards', 'timeEntries', 'materialEntries', 'appointments', 'notes', 'signoffs'] as const;
type Entity = { id: string; rev?: number } & Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function byId(flat: FlatEntities): Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }> {
  const map = new Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>();
  for (const kind of FLAT_KINDS) for (const value of flat[kind] as Entity[]) map.set(value.id, { kind, value });
  return map;
}

/** `theirs` with the fields `ours` changed against `before` (a new entity of ours as it is). */
function mergeEntity(before: Entity | undefined, ours: Entity, theirs: Entity | undefined): Entity {
  if (!before || !theirs) return ours;
  const merged: Entity = { ...theirs };
  for (const key of new Set([...Object.keys(before), ...Object.keys(ours)])) {
    if (key === 'rev' || same(before[key], ours[key])) continue;
    if (key in ours) merged[key] = ours[key];
    else delete merged[key];
  }
  return merged;
}

/** The id of the entity that holds `value` in the document (a card's column, an entry's or sign-off's card). */
function parentId(value: Entity): string | undefined {
  const parent = value.cardId ?? value.columnId;
  return typeof parent === 'string' ? parent : undefined;
}

/**
 * Parents survive their children, as in the server's merge (docs/decisions.md): a card or
 * column this device deleted comes back, with what it held, when something it holds is kept
 * (added or changed by someone else since). Else the nested copy drops that child unseen and
 * the next delta deletes it: a colleague's hours gone with a card deleted offline.
 */
function keepParentsOfKept(
  result: Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>,
  removed: Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>,
): void {
  if (removed.size === 0) return;
  const children = new Map<string, string[]>();
  for (const [id, { value }] of removed) {
    const parent = parentId(value);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  // Back with its parents and with everything the deletion took with it, as the server keeps them.
  const bringBack = (id: string | undefined): void => {
    const entity = id === undefined ? undefined : removed.get(id);
    if (id === undefined || !entity) return;
    removed.delete(id);
    result.set(id, entity);
    bringBack(parentId(entity.value));
    for (const child of children.get(id) ?? []) bringBack(child);
  };
  for (const { value } of [...result.values()]) {
    const parent = parentId(value);
    if (parent !== undefined && removed.has(parent)) bringBack(parent);
  }
}

/**
 * The other way round: what this device added or changed in a card or column someone else
 * deleted meanwhile brings this device's copy of it back, as the server does for a save on the
 * older base. Else the nested copy drops the child unseen: hours booked offline, lost.
 */
function keepParentsOfOurs(
  result: Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>,
  ours: Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>,
): void {
  const bringBack = (id: string | undefined): void => {
    const entity = id === undefined || result.has(id) ? undefined : ours.get(id);
    if (id === undefined || !entity) return;
    result.set(id, entity);
    bringBack(parentId(entity.value));
  };
  for (const { value } of [...result.values()]) bringBack(parentId(value));
}

/**
 * `ours` (built on `base`) moved onto `theirs`. An entity `ours` deleted stays deleted unless
 * someone else changed it after what this device had seen (its revision between `base`'s and
 * the answer's own write): a whole-document save on the old base would have kept it too.
 */
export function rebaseDocument(base: ProjectDocument, ours: ProjectDocument, theirs: ProjectDocument): ProjectDocument {
  const before = byId(flatProjectEntities(base));
  const changed = byId(flatProjectEntities(ours));
  const result = byId(flatProjectEntities(theirs));
  for (const [id, { kind, value }] of changed) {
    const was = before.get(id)?.value;
    if (was && same(was, value)) continue;
    result.set(id, { kind, value: mergeEntity(was, value, result.get(id)?.value) });
  }
  const removed = new Map<string, { kind: (typeof FLAT_KINDS)[number]; value: Entity }>();
  for (const id of before.keys()) {
    if (changed.has(id)) continue;
    const kept = result.get(id);
    const rev = kept?.value.rev;
    const changedByOthers = typeof rev === 'number' && rev > base.revision && rev < theirs.revision;
    if (kept && !changedByOthers) {
      removed.set(id, kept);
      result.delete(id);
    }
  }
  keepParentsOfKept(result, removed);
  keepParentsOfOurs(result, changed);
  const flat = Object.fromEntries(FLAT_KINDS.map((kind) => [kind, []])) as unknown as FlatEntities;
  for (const { kind, value } of result.values()) (flat[kind] as Entity[]).push(value);
  const fields = Object.fromEntries(
    PROJECT_FIELD_KEYS.filter((key) => !same(base[key], ours[key])).map((key) => [key, ours[key]]),
  );
  // The log entries this device wrote are shown until the server's take their place.
  const known = new Set(base.changeLog.map((entry) => entry.id));
  const mine = ours.changeLog.filter((entry) => !known.has(entry.id));
  const shown = new Set(mine.map((entry) => entry.id));
  const changeLog = [...mine, ...theirs.changeLog.filter((entry) => !shown.has(entry.id))];
  return { ...theirs, ...fields, ...nestProjectEntities(flat), changeLog };
}

/** A project save waiting in the outbox: the copy it builds on, the copy it makes, the delta between them. */
export interface QueuedDelta {
  base: ProjectDocument;
  document: ProjectDocument;
  body: ProjectDeltaRequest;
}

/** The save of `document` on `base`. */
export function deltaSave(base: ProjectDocument, document: ProjectDocument): QueuedDelta {
  return { base, document, body: documentDelta(base, document) };
}

/**
 * A later save (`document` on its own `base`) joined into a queued copy: its change is put on
 * `queued` (the copy the outbox already makes) and the delta taken again on `onto`.
 * Joining a save never sent, `onto` is that save's base; behind a save that was sent, it is
 * that save's copy (`queued`), so the new save goes after it.
 */
export function joinedSave(
  onto: ProjectDocument,
  queued: ProjectDocument,
  base: ProjectDocument,
  document: ProjectDocument,
): QueuedDelta {
  return deltaSave(onto, rebaseDocument(base, document, queued));
}

/** The server's copy after a save on `base` was answered with `answer` (a delta since `base`, or the whole document). */
export function answeredCopy(base: ProjectDocument, answer: ProjectChangesDto): ProjectDocument {
  return answer.kind === 'document' ? answer.document : applyProjectDelta(base, answer);
}

/** The next queued save of a document rebased on the answer to the one before it (`confirmed`). */
export function rebasedSave(next: Pick<QueuedDelta, 'base' | 'document'>, confirmed: ProjectDocument): QueuedDelta {
  return deltaSave(confirmed, rebaseDocument(next.base, next.document, confirmed));
}
