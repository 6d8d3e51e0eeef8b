import {
  canChangeNote,
  canDeleteTimeEntry,
  type ChangeLogEntryDto,
  de,
  PROJECT_FIELD_KEYS,
  type ProjectFieldsDto,
} from '@werkboard/common';
import type { SessionActor } from '../auth/sessionActor';
import { type Entity, type EntityMap, parentOf, sameContent, sameValue } from './projectEntities';

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
 */

export interface VersionRecord {
  rev: number;
  projectId: string;
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
  changeLogIds: ReadonlySet<string>;
}

export interface IncomingProject {
  base: number;
  fields: ProjectFieldsDto;
  entities: EntityMap;
  changeLog: readonly Pick<ChangeLogEntryDto, 'id' | 'timestamp' | 'action'>[];
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
  /** Change-log entries to add: the writer's own (rewritten to the writer) and the merge's notes. */
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
  canEditFields: boolean;
  now: Date;
  newId(): string;
}

const CLOCK_SKEW_MS = 5 * 60 * 1000;

export function mergeProject(input: MergeInput): MergeResult {
  const { stored, incoming, history, actor } = input;
  const base = Math.min(incoming.base, stored.revision);
  const revision = stored.revision + 1;
  const nowIso = input.now.toISOString();
  const log: ChangeLogEntryDto[] = [];
  const note = (action: string) =>
    log.push({ id: input.newId(), timestamp: nowIso, userId: actor.id, username: actor.username, action });

  for (const id of history.keys())
    if (history.get(id)!.some((version) => version.projectId !== stored.id))
      throw new MergeRefused(400, de.projects.idTaken);

  const versionAt = (id: string, rev: number) => history.get(id)?.find((version) => version.rev === rev);
  const othersChangedSince = (id: string, rev: number) =>
    (history.get(id) ?? []).some((version) => version.rev > rev && version.actorId !== actor.id);

  // The final state, starting from what is stored.
  const final: EntityMap = new Map(stored.entities);
  const upserts = new Map<string, Entity>();

  for (const mine of incoming.entities.values()) {
    const current = stored.entities.get(mine.id);
    if (current) {
      if (current.kind !== mine.kind) throw new MergeRefused(400, de.projects.duplicateId);
      if (sameContent(current.content, mine.content)) continue;
      if (current.rev > mine.rev) {
        const read = versionAt(mine.id, mine.rev);
        if (read?.data && sameValue(read.data.content, mine.content)) continue; // stale copy, not a change
        if (othersChangedSince(mine.id, mine.rev))
          note(de.projects.log.overwritten(describe(current), summary(current, mine)));
      }
      checkChange(current, mine, actor);
      const applied = { ...current, content: mine.content, rev: revision } as Entity;
      final.set(mine.id, applied);
      upserts.set(mine.id, applied);
      continue;
    }
    const versions = history.get(mine.id) ?? [];
    if (versions.length > 0) {
      // Deleted by someone else: stays deleted unless the writer changed it since.
      const lastLive = [...versions].reverse().find((version) => version.data);
      const read = mine.rev > 0 ? versionAt(mine.id, mine.rev) : lastLive;
      if (read?.data && sameValue(read.data.content, mine.content)) continue;
      // Brought back by the writer's change; who wrote it stays as it was.
      if (lastLive?.data) {
        const restored = { ...mine, owned: lastLive.data.owned, rev: revision } as Entity;
        final.set(mine.id, restored);
        upserts.set(mine.id, restored);
        continue;
      }
    }
    const created = withOwner(mine, actor, input.now);
    const applied = { ...created, rev: revision };
    final.set(mine.id, applied);
    upserts.set(mine.id, applied);
  }

  // Deletions: what the writer had seen (rev <= base) and left out.
  const deletions = new Set<string>();
  for (const current of stored.entities.values())
    if (!incoming.entities.has(current.id) && current.rev <= base) deletions.add(current.id);

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
    const kept = { ...final.get(id)!, rev: revision };
    final.set(id, kept);
    upserts.set(id, kept);
    note(de.projects.log.kept(capitalise(describe(kept))));
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
    if (!entity || keptIds.has(id) || parentStays(entity)) continue;
    // Deleting a card takes its entries along; only what the writer removed from a kept parent is checked.
    const parent = parentOf(entity);
    if (!parent || incoming.entities.has(parent)) checkDelete(entity, actor);
    removed.push(entity);
  }
  for (const entity of removed) {
    final.delete(entity.id);
    upserts.delete(entity.id);
  }

  // A surviving child whose parent is gone brings the writer's copy of the parent back.
  for (const entity of [...final.values()]) restoreParents(entity, final, upserts, incoming.entities, revision);

  const fields = mergeFields(input, base, note);
  const fieldsChanged = !sameValue(fields, stored.fields);
  if (fieldsChanged && !input.canEditFields) throw new MergeRefused(403, de.projects.editForbidden);

  for (const entry of incoming.changeLog) {
    if (stored.changeLogIds.has(entry.id)) continue;
    const time = Date.parse(entry.timestamp);
    const timestamp = time > input.now.getTime() + CLOCK_SKEW_MS ? nowIso : new Date(time).toISOString();
    log.push({ id: entry.id, timestamp, userId: actor.id, username: actor.username, action: entry.action });
  }

  const changed = upserts.size > 0 || removed.length > 0 || fieldsChanged || log.length > 0;
  return {
    changed,
    revision: changed ? revision : stored.revision,
    fieldsChanged,
    fields,
    upserts: [...upserts.values()],
    deletes: removed,
    log,
  };
}

function mergeFields(input: MergeInput, base: number, note: (action: string) => void): ProjectFieldsDto {
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
  if (overwritten.length > 0) note(de.projects.log.overwritten(de.projects.entity.project, overwritten.join('; ')));
  return merged as unknown as ProjectFieldsDto;
}

function checkChange(current: Entity, mine: Entity, actor: SessionActor): void {
  if (current.kind === 'timeEntry') throw new MergeRefused(400, de.projects.timeEntryImmutable);
  if (current.kind === 'note' && !canChangeNote(actor, current.owned))
    throw new MergeRefused(403, de.projects.noteForbidden);
  void mine;
}

function checkDelete(current: Entity, actor: SessionActor): void {
  if (current.kind === 'timeEntry' && !canDeleteTimeEntry(actor, current.owned))
    throw new MergeRefused(403, de.projects.timeEntryDeleteForbidden);
  if (current.kind === 'note' && !canChangeNote(actor, current.owned))
    throw new MergeRefused(403, de.projects.noteForbidden);
}

/** New time entries and notes belong to the writer, whatever the client sent. */
function withOwner(entity: Entity, actor: SessionActor, now: Date): Entity {
  if (entity.kind === 'timeEntry') return { ...entity, owned: { userId: actor.id, username: actor.username } };
  if (entity.kind === 'note') {
    const time = Date.parse(entity.owned.timestamp);
    const timestamp =
      Number.isNaN(time) || time > now.getTime() + CLOCK_SKEW_MS ? now.toISOString() : new Date(time).toISOString();
    return { ...entity, owned: { authorId: actor.id, authorUsername: actor.username, timestamp } };
  }
  return entity;
}

function restoreParents(
  entity: Entity,
  final: EntityMap,
  upserts: Map<string, Entity>,
  incoming: EntityMap,
  revision: number,
) {
  const parentId = parentOf(entity);
  if (!parentId || final.has(parentId)) return;
  const parent = incoming.get(parentId);
  if (!parent) return; // cannot happen: a child in the document sits inside its parent
  const restored = { ...parent, rev: revision };
  final.set(parentId, restored);
  upserts.set(parentId, restored);
  restoreParents(restored, final, upserts, incoming, revision);
}

function describe(entity: Entity): string {
  const e = de.projects.entity;
  switch (entity.kind) {
    case 'column':
      return e.column(entity.content.title);
    case 'card':
      return e.card(entity.content.title);
    case 'materialEntry':
      return e.materialEntry(entity.content.name);
    case 'appointment':
      return e.appointment(entity.content.title);
    case 'note':
      return e.note(entity.content.title);
    case 'timeEntry':
      return `${entity.content.hours} h`;
  }
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
