import { de, type ProjectDeltaInput, PROJECT_LIMITS } from '@werkboard/common';
import { type Entity, type EntityKind, type EntityMap, entitiesOf, fieldsOf } from './projectEntities';
import { countsIn, entriesKey, entryCardsOf, nestedIn, type StoredCounts } from './projectSlice';
import { type IncomingProject, MergeRefused, type StoredProject } from './projectMerger';

/** The kind of parent each kind of child lives in. */
const PARENT_KIND: Partial<Record<EntityKind, EntityKind>> = {
  card: 'column',
  timeEntry: 'card',
  materialEntry: 'card',
};

/**
 * A delta save as the whole document the merge takes (issue 17; docs/decisions.md "Deltas"):
 * what is stored, with the delta's deletions (and the children that go with them, as a whole
 * document without a parent holds none of its children, unless someone else changed the child
 * or a parent in between, after the writer's base) and its changed entities on top.
 * `stored` is the whole project or the slice of it that `DeltaSlice` loads, with the store's
 * `counts`: the same decisions either way, as nothing outside the slice is named or reached.
 * Everything the delta does not name equals what is stored, which the merge leaves as it is,
 * so the one merge decides as it would for the writer's whole document: the same rules, the
 * same conflicts, the same log.
 */
export function composeDelta(
  stored: StoredProject,
  delta: ProjectDeltaInput,
  counts: StoredCounts = countsIn(stored.entities, entryCardsOf(entitiesOf(delta))),
): IncomingProject {
  const changed = entitiesOf(delta);
  const deleted = new Set(delta.deleted);
  const current = (id: string) => changed.get(id) ?? stored.entities.get(id);
  const goesWithDeleted = (entity: Entity): boolean => {
    for (let at: Entity | undefined = entity; at;) {
      if (deleted.has(at.id)) return true;
      // Changed by someone else after the writer's base: its parent now may not be where the
      // writer's copy holds it. The merge keeps it (and what it holds) as for a whole document.
      if (!changed.has(at.id) && at.rev > delta.revision) return false;
      const parent = nestedIn(at);
      const next = parent === null ? undefined : current(parent);
      // Only up the document's nesting: a card named as another card's column (refused below)
      // must not send this walk round in a circle.
      at = next?.kind === PARENT_KIND[at.kind] ? next : undefined;
    }
    return false;
  };
  const entities: EntityMap = new Map(stored.entities);
  for (const entity of stored.entities.values())
    if (!changed.has(entity.id) && goesWithDeleted(entity)) entities.delete(entity.id);
  for (const entity of changed.values()) entities.set(entity.id, entity);
  // A child names a parent of its kind that the document holds (the writer sends a changed child's parents).
  for (const entity of changed.values()) {
    const parent = nestedIn(entity);
    if (parent !== null && entities.get(parent)?.kind !== PARENT_KIND[entity.kind])
      throw new MergeRefused(400, de.projects.idInvalid);
  }
  checkLimits(stored.entities, entities, counts);
  return { base: delta.revision, fields: delta.fields ? fieldsOf(delta.fields) : stored.fields, entities };
}

/**
 * The document's limits (PROJECT_LIMITS), as the schema checks them for a whole document:
 * the stored counts, less what `before` held, plus what `after` holds (the rest is as stored).
 */
function checkLimits(before: EntityMap, after: EntityMap, stored: StoredCounts): void {
  const counts = new Map(stored.kinds);
  const entriesOf = new Map(stored.entriesOf);
  const shift = (entity: Entity, by: number) => {
    counts.set(entity.kind, (counts.get(entity.kind) ?? 0) + by);
    if (entity.kind !== 'timeEntry' && entity.kind !== 'materialEntry') return;
    const key = entriesKey(entity.kind, entity.content.cardId);
    const entries = entriesOf.get(key);
    if (entries !== undefined) entriesOf.set(key, entries + by);
  };
  for (const entity of before.values()) shift(entity, -1);
  for (const entity of after.values()) shift(entity, 1);
  const m = de.projects;
  const over: [EntityKind, number, string][] = [
    ['column', PROJECT_LIMITS.columns, 'Spalten'],
    ['card', PROJECT_LIMITS.cards, 'Aufgaben'],
    ['appointment', PROJECT_LIMITS.appointments, 'Termine'],
    ['note', PROJECT_LIMITS.notes, 'Notizen'],
    ['signoff', PROJECT_LIMITS.signoffs, 'Abnahmen'],
  ];
  for (const [kind, limit, label] of over)
    if ((counts.get(kind) ?? 0) > limit) throw new MergeRefused(400, m.tooMany(label, limit));
  for (const [key, count] of entriesOf)
    if (count > PROJECT_LIMITS.entriesPerCard)
      throw new MergeRefused(
        400,
        m.tooMany(key.startsWith('timeEntry') ? 'Zeiteinträge' : 'Materialeinträge', PROJECT_LIMITS.entriesPerCard),
      );
}
