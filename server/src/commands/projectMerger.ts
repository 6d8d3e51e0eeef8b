import {
  type BoardActor,
  canChangeColumns,
  canChangeNote,
  canDeleteCard,
  canDeleteTimeEntry,
  type ChangeLogEntryDto,
  de,
  PROJECT_FIELD_KEYS,
  PROJECT_LIMITS,
  type ProjectFieldsDto,
  sealedEntryIds,
} from '@werkboard/common';
import { describeChanges, describeEntity, type LogNames } from './projectChangeLog';
import type { SessionActor } from '../auth/sessionActor';
import { type Entity, type EntityMap, parentOf, sameContent, sameValue, type SignoffContent } from './projectEntities';

/**
 * The merge of a whole-project PUT (architecture decision 4), without I/O.
 *
 * - An entity the writer changed is applied. The writer changed it when its copy differs
 *   from the version it read (its `rev`); a copy equal to an older version is merely stale
 *   and keeps what others wrote since.
 * - Entities others added since the writer's base revision are kept.
 * - An entity the writer deleted is deleted, unless someone changed it after the base.
 * - Both changed: the writer (the later write) wins; the overwritten version goes to the
 *   change log. Several saves of the same writer in a row are no conflict.
 * - A parent survives while a child survives (a column with cards, a card with entries).
 * - Writing the same document twice changes nothing the second time.
 *
 * Every way an entity changes runs the rules of a direct edit (issue 13): changed, created,
 * deleted (also with its parent), brought back by the writer's change after someone else
 * deleted it, and restored as the parent of a surviving child. `owned` fields are the
 * server's. The change log is the server's too: written from what the merge did, in the
 * writer's name at the server's time; entries a client sends are not taken.
 *
 * A customer's sign-off seals the time and material entries it covers: on every one of those
 * paths a sealed entry can be neither changed nor deleted (also not with its card or column),
 * a sign-off can never be changed, and only who may edit the project revokes (deletes) one.
 */

export interface VersionRecord {
  rev: number;
  projectId: string;
  /** The entity's kind ('project' for the project's fields). */
  kind: string;
  actorId: string | null;
  /** What the entity was at this revision; null: deleted at this revision. */
  data: { content: unknown; owned: unknown } | null;
}

export interface StoredProject {
  id: string;
  revision: number;
  /** The revision at which any project field last changed. */
  fieldsRev: number;
  fields: ProjectFieldsDto;
  entities: EntityMap;
}

export interface IncomingProject {
  base: number;
  fields: ProjectFieldsDto;
  entities: EntityMap;
}

export interface MergeResult {
  changed: boolean;
  revision: number;
  fieldsChanged: boolean;
  fields: ProjectFieldsDto;
  /** Entities to write at `revision` (new or changed). */
  upserts: Entity[];
  /** Entities to delete (children of deleted parents included). */
  deletes: Entity[];
  /** Change-log entries to add: what the write did, and the merge's notes (conflicts, kept, brought back). */
  log: ChangeLogEntryDto[];
}

export class MergeRefused extends Error {
  constructor(
    readonly status: 400 | 403,
    message: string,
  ) {
    super(message);
  }
}

/** Which entity ids the merge needs history for (for one batched query before merging). */
export function historyNeeded(stored: StoredProject, incoming: IncomingProject): string[] {
  const ids: string[] = [];
  for (const entity of incoming.entities.values()) {
    const current = stored.entities.get(entity.id);
    if (!current) ids.push(entity.id);
    else if (current.rev > entity.rev && !sameContent(current.content, entity.content)) ids.push(entity.id);
  }
  if (stored.fieldsRev > incoming.base && !sameValue(stored.fields, incoming.fields)) ids.push(stored.id);
  return ids;
}

export interface MergeInput {
  stored: StoredProject;
  incoming: IncomingProject;
  /** Versions per entity id, ascending by rev, for the ids `historyNeeded` named. */
  history: ReadonlyMap<string, readonly VersionRecord[]>;
  actor: SessionActor;
  /**
   * The writer may edit the project (can_edit_projects; in a template, may edit the
   * template): its fields, its columns, and cards holding other people's time entries.
   */
  mayEditProject: boolean;
  /** The writer may revoke customer sign-offs (`canRevokeSignoff`: owner, deputy, Admin, Firmenleiter). */
  mayRevokeSignoffs: boolean;
  /** Names the change log needs (assignees, the thumbnail image). */
  names: LogNames;
  now: Date;
  newId: () => string;
}

export function mergeProject(input: MergeInput): MergeResult {
  const { stored, incoming, history, actor } = input;
  const rules: Rules = {
    id: actor.id,
    role: actor.role,
    mayEditProject: input.mayEditProject,
    mayRevokeSignoffs: input.mayRevokeSignoffs,
    signoffs: signoffsIn(stored.entities),
    sealed: sealedEntryIds(signoffsIn(stored.entities).values()),
  };
  const base = Math.min(incoming.base, stored.revision);
  const revision = stored.revision + 1;
  /** The merge's own notes for the change log. */
  const notes: string[] = [];
  /** Entities whose log entry is one of those notes. */
  const noted = new Set<string>();

  if (incoming.entities.has(stored.id)) throw new MergeRefused(400, de.projects.duplicateId);
  for (const [id, versions] of history) {
    if (versions.some((version) => version.projectId !== stored.id)) throw new MergeRefused(400, de.projects.idTaken);
    // An id once used for another kind of entity (a deleted card's id sent as a note's).
    const kind = incoming.entities.get(id)?.kind ?? stored.entities.get(id)?.kind;
    if (kind && versions.some((version) => version.kind !== kind)) throw new MergeRefused(400, de.projects.duplicateId);
  }

  const versionAt = (id: string, rev: number) => history.get(id)?.find((version) => version.rev === rev);
  const lastLive = (id: string) => [...(history.get(id) ?? [])].reverse().find((version) => version.data)?.data;
  const othersChangedSince = (id: string, rev: number) =>
    (history.get(id) ?? []).some((version) => version.rev > rev && version.actorId !== actor.id);

  // The final state, starting from what is stored.
  const final: EntityMap = new Map(stored.entities);
  const upserts = new Map<string, Entity>();
  const apply = (entity: Entity): Entity => {
    const applied = { ...entity, rev: revision };
    final.set(applied.id, applied);
    upserts.set(applied.id, applied);
    return applied;
  };

  for (const mine of incoming.entities.values()) {
    const current = stored.entities.get(mine.id);
    if (current) {
      if (current.kind !== mine.kind) throw new MergeRefused(400, de.projects.duplicateId);
      if (sameContent(current.content, mine.content)) continue;
      if (current.rev > mine.rev) {
        const read = versionAt(mine.id, mine.rev);
        if (read?.data && sameValue(read.data.content, mine.content)) continue; // stale copy, not a change
        if (othersChangedSince(mine.id, mine.rev))
          notes.push(de.projects.log.overwritten(describeEntity(current), summary(current, mine)));
      }
      checkChange(current, rules);
      apply({ ...current, content: mine.content } as Entity);
      continue;
    }
    const was = lastLive(mine.id);
    if (was) {
      // Deleted by someone else. The copy as the writer read it, or as it was last, is stale:
      // it stays deleted. Anything else is the writer's change to it, which brings it back
      // under the rules of a change, with its author as it was.
      const read = versionAt(mine.id, mine.rev);
      if ((read?.data && sameValue(read.data.content, mine.content)) || sameValue(was.content, mine.content)) continue;
      const revived = { ...mine, owned: inKeyOrderOf(mine.owned, was.owned) } as Entity;
      checkChange(revived, rules);
      apply(revived);
      noted.add(mine.id);
      notes.push(de.projects.log.revived(describeEntity(revived)));
      continue;
    }
    if (mine.kind === 'column' && !canChangeColumns(rules)) throw new MergeRefused(403, de.projects.columnsForbidden);
    apply(withOwner(mine, actor, input.now));
  }

  // Deletions: what the writer had seen (rev <= base) and left out.
  const deletions = new Set<string>();
  for (const current of stored.entities.values())
    if (!incoming.entities.has(current.id) && current.rev <= base) deletions.add(current.id);

  checkSignedDeletions(deletions, rules);

  // Children of deleted parents go with them; a parent stays while a child must stay.
  const childrenOf = new Map<string, string[]>();
  for (const entity of final.values()) {
    const parent = parentOf(entity);
    if (!parent) continue;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(entity.id);
    else childrenOf.set(parent, [entity.id]);
  }
  const mustStay = (id: string): boolean => {
    if (!deletions.has(id)) return final.has(id);
    return (childrenOf.get(id) ?? []).some((child) => mustStay(child));
  };
  // What the writer deleted but must stay: it has a child that stays.
  const keptIds = new Set([...deletions].filter((id) => final.has(id) && mustStay(id)));
  for (const id of keptIds) {
    // Kept at the new revision, so that a replay of this write does not try again.
    const kept = apply(final.get(id)!);
    notes.push(de.projects.log.kept(capitalise(describeEntity(kept))));
  }
  // The writer deleted a parent that stays: its children, which left with it, stay too.
  const parentStays = (entity: Entity): boolean => {
    const parent = parentOf(entity);
    if (!parent || incoming.entities.has(parent) || !final.has(parent)) return false;
    return !deletions.has(parent) || keptIds.has(parent) || parentStays(final.get(parent)!);
  };
  const removed: Entity[] = [];
  for (const id of deletions) {
    const entity = final.get(id);
    if (entity && !keptIds.has(id) && !parentStays(entity)) removed.push(entity);
  }
  checkDeletions(removed, rules);
  for (const entity of removed) {
    final.delete(entity.id);
    upserts.delete(entity.id);
  }

  // A surviving child whose parent someone else deleted brings the parent back as it was last.
  const restoreParent = (entity: Entity): void => {
    const parentId = parentOf(entity);
    if (!parentId || final.has(parentId)) return;
    const mine = incoming.entities.get(parentId);
    const was = lastLive(parentId);
    if (!mine || !was) return; // cannot happen: a child in the document sits inside its parent, which has lived
    const restored = apply({
      ...mine,
      content: inKeyOrderOf(mine.content, was.content),
      owned: inKeyOrderOf(mine.owned, was.owned),
    } as Entity);
    noted.add(parentId);
    notes.push(de.projects.log.parentRestored(capitalise(describeEntity(restored))));
    restoreParent(restored);
  };
  for (const entity of [...final.values()]) restoreParent(entity);
  checkNewSignoffs([...upserts.values()], stored.entities, final);

  const fields = mergeFields(input, base, notes);
  const fieldsChanged = !sameValue(fields, stored.fields);
  if (fieldsChanged && !input.mayEditProject) throw new MergeRefused(403, de.projects.editForbidden);

  const changed = upserts.size > 0 || removed.length > 0 || fieldsChanged;
  const actions = changed
    ? [...describeChanges(stored, { fields, entities: final }, noted, input.names), ...notes]
    : [];
  return {
    changed,
    revision: changed ? revision : stored.revision,
    fieldsChanged,
    fields,
    upserts: [...upserts.values()],
    deletes: removed,
    log: logEntries(actions, actor, input.now.toISOString(), input.newId),
  };
}

/**
 * One entry per action, all at the server's time of the write. The log lists equal times by
 * id, so the ids ascend against the order of the actions: the write's first action is listed
 * lowest, as if it had been done first.
 */
function logEntries(all: readonly string[], actor: SessionActor, timestamp: string, newId: () => string) {
  // The log keeps its newest entries only; of one write those are its last actions.
  const actions = all.slice(-PROJECT_LIMITS.changeLog);
  const ids = actions.map(() => newId()).sort();
  return actions.map((action, index): ChangeLogEntryDto => ({
    id: ids[actions.length - 1 - index]!,
    timestamp,
    userId: actor.id,
    username: actor.username,
    action,
  }));
}

/** `value` (from the history, whose jsonb reorders keys) with the keys in the order of `template`. */
function inKeyOrderOf<T>(template: T, value: unknown): T {
  if (template === null || typeof template !== 'object' || value === null || typeof value !== 'object')
    return value as T;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(template).map((key) => [key, source[key]])) as T;
}

function mergeFields(input: MergeInput, base: number, notes: string[]): ProjectFieldsDto {
  const { stored, incoming } = input;
  if (stored.fieldsRev <= base) return { ...incoming.fields };
  const versions = input.history.get(stored.id) ?? [];
  const read = [...versions].reverse().find((version) => version.rev <= base)?.data?.content as
    ProjectFieldsDto | undefined;
  const merged = { ...stored.fields } as Record<string, unknown>;
  const overwritten: string[] = [];
  for (const key of PROJECT_FIELD_KEYS) {
    const mine = incoming.fields[key];
    if (sameValue(mine, stored.fields[key])) continue;
    if (read && sameValue(read[key], mine)) continue; // stale field, not the writer's change
    merged[key] = mine;
    if (!read || !sameValue(read[key], stored.fields[key]))
      overwritten.push(`${key}: ${JSON.stringify(stored.fields[key])}`);
  }
  if (overwritten.length > 0)
    notes.push(de.projects.log.overwritten(de.projects.entity.project, overwritten.join('; ')));
  return merged as unknown as ProjectFieldsDto;
}

/** The writer, and the entries that the stored sign-offs seal. */
interface Rules extends BoardActor {
  mayRevokeSignoffs: boolean;
  /** The stored sign-offs by id. */
  signoffs: ReadonlyMap<string, SignoffContent>;
  sealed: ReadonlySet<string>;
}

function signoffsIn(entities: EntityMap): Map<string, SignoffContent> {
  const signoffs = new Map<string, SignoffContent>();
  for (const entity of entities.values()) if (entity.kind === 'signoff') signoffs.set(entity.id, entity.content);
  return signoffs;
}

/**
 * The card of a sign-off that stays (one the writer does not revoke in this write) left out:
 * refused instead of kept as the parent of its sign-off, so the writer learns why. A sealed
 * entry is refused where it would really go (`checkDeletions`); one left out only with a card
 * that stays anyway (someone else changed or moved it since) stays, as any entry would.
 */
function checkSignedDeletions(deletions: ReadonlySet<string>, rules: Rules): void {
  for (const [id, signoff] of rules.signoffs)
    if (!deletions.has(id) && signoff.cardId !== null && deletions.has(signoff.cardId))
      throw new MergeRefused(400, de.projects.signoff.cardSealed);
}

/**
 * A new sign-off covers entries that exist after the write: of its card when it has one
 * (and the card exists), else of the whole project.
 */
function checkNewSignoffs(upserts: readonly Entity[], stored: EntityMap, final: EntityMap): void {
  for (const entity of upserts) {
    if (entity.kind !== 'signoff' || stored.has(entity.id)) continue;
    const { cardId, coveredTimeEntryIds, coveredMaterialEntryIds } = entity.content;
    if (cardId !== null && final.get(cardId)?.kind !== 'card')
      throw new MergeRefused(400, de.projects.signoff.coverInvalid);
    const covers = (id: string, kind: 'timeEntry' | 'materialEntry') => {
      const entry = final.get(id);
      return entry?.kind === kind && (cardId === null || entry.content.cardId === cardId);
    };
    if (
      !coveredTimeEntryIds.every((id) => covers(id, 'timeEntry')) ||
      !coveredMaterialEntryIds.every((id) => covers(id, 'materialEntry'))
    )
      throw new MergeRefused(400, de.projects.signoff.coverInvalid);
  }
}

/** The rules of a direct change, for an entity as it is stored (or was, when brought back). */
function checkChange(entity: Entity, rules: Rules): void {
  if (entity.kind === 'signoff') throw new MergeRefused(400, de.projects.signoff.immutable);
  if (rules.sealed.has(entity.id)) throw new MergeRefused(400, de.projects.signoff.sealed);
  if (entity.kind === 'timeEntry') throw new MergeRefused(400, de.projects.timeEntryImmutable);
  if (entity.kind === 'note' && !canChangeNote(rules, entity.owned))
    throw new MergeRefused(403, de.projects.noteForbidden);
  if (entity.kind === 'column' && !canChangeColumns(rules)) throw new MergeRefused(403, de.projects.columnsForbidden);
}

/**
 * The rules of a direct deletion, for everything a write removes: a column needs the column
 * right, a card the right to delete the time entries that go with it, a time entry removed
 * from its card its author, a note its author or Admin/Firmenleiter.
 */
function checkDeletions(removed: readonly Entity[], rules: Rules): void {
  const revoked = removed.filter((entity) => entity.kind === 'signoff');
  if (revoked.length > 0 && !rules.mayRevokeSignoffs) throw new MergeRefused(403, de.projects.signoff.revokeForbidden);
  // An entry stays sealed unless the same write revokes every sign-off that covers it.
  const revokedIds = new Set(revoked.map((entity) => entity.id));
  const stillSealed = sealedEntryIds(
    [...rules.signoffs].filter(([id]) => !revokedIds.has(id)).map(([, signoff]) => signoff),
  );
  if (removed.some((entity) => stillSealed.has(entity.id))) throw new MergeRefused(400, de.projects.signoff.sealed);
  if (removed.some((entity) => entity.kind === 'column') && !canChangeColumns(rules))
    throw new MergeRefused(403, de.projects.columnsForbidden);
  const removedIds = new Set(removed.map((entity) => entity.id));
  const timesOf = new Map<string, { userId: string | null }[]>();
  for (const entity of removed) {
    if (entity.kind !== 'timeEntry') continue;
    const times = timesOf.get(entity.content.cardId);
    if (times) times.push(entity.owned);
    else timesOf.set(entity.content.cardId, [entity.owned]);
  }
  for (const entity of removed) {
    if (entity.kind === 'card' && !canDeleteCard(rules, { timeEntries: timesOf.get(entity.id) ?? [] }))
      throw new MergeRefused(403, de.projects.othersTimeEntriesForbidden);
    if (
      entity.kind === 'timeEntry' &&
      !removedIds.has(entity.content.cardId) &&
      !canDeleteTimeEntry(rules, entity.owned)
    )
      throw new MergeRefused(403, de.projects.timeEntryDeleteForbidden);
    if (entity.kind === 'note' && !canChangeNote(rules, entity.owned))
      throw new MergeRefused(403, de.projects.noteForbidden);
  }
}

/** New time entries, notes and sign-offs belong to the writer (notes at the server's time), whatever the client sent. */
function withOwner(entity: Entity, actor: SessionActor, now: Date): Entity {
  if (entity.kind === 'timeEntry') return { ...entity, owned: { userId: actor.id, username: actor.username } };
  if (entity.kind === 'signoff')
    return { ...entity, owned: { collectedById: actor.id, collectedByName: actor.username } };
  if (entity.kind === 'note')
    return {
      ...entity,
      owned: { authorId: actor.id, authorUsername: actor.username, timestamp: now.toISOString() },
    };
  return entity;
}

/** The overwritten values of the fields that differ, for the change log. */
function summary(overwritten: Entity, winner: Entity): string {
  const before = overwritten.content as unknown as Record<string, unknown>;
  const after = winner.content as unknown as Record<string, unknown>;
  const parts = Object.keys(before)
    .filter((key) => !sameContent(before[key], after[key]))
    .map((key) => `${key}: ${JSON.stringify(before[key])}`);
  const text = parts.join('; ');
  return text.length > 600 ? `${text.slice(0, 600)} …` : text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
