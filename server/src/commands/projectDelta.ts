import { de, type ProjectDeltaInput, PROJECT_LIMITS } from '@werkboard/common';
import { type Entity, type EntityKind, type EntityMap, entitiesOf, fieldsOf, parentOf } from './projectEntities';
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
 * document without a parent holds none of its children) and its changed entities on top.
 * Everything the delta does not name equals what is stored, which the merge leaves as it is,
 * so the one merge decides as it would for the writer's whole document: the same rules, the
 * same conflicts, the same log.
 */
export function composeDelta(stored: StoredProject, delta: ProjectDeltaInput): IncomingProject {
  const changed = entitiesOf(delta);
  const deleted = new Set(delta.deleted);
  const current = (id: string) => changed.get(id) ?? stored.entities.get(id);
  const goesWithDeleted = (entity: Entity): boolean => {
    for (let at: Entity | undefined = entity; at;) {
      if (deleted.has(at.id)) return true;
      const parent = parentOf(at);
      at = parent === null ? undefined : current(parent);
    }
    return false;
  };
  const entities: EntityMap = new Map(stored.entities);
  for (const entity of stored.entities.values())
    if (!changed.has(entity.id) && goesWithDeleted(entity)) entities.delete(entity.id);
  for (const entity of changed.values()) entities.set(entity.id, entity);
  // A child names a parent of its kind that the document holds (the writer sends a changed child's parents).
  for (const entity of changed.values()) {
    const parent = parentOf(entity);
    if (parent !== null && entities.get(parent)?.kind !== PARENT_KIND[entity.kind])
      throw new MergeRefused(400, de.projects.idInvalid);
  }
  checkLimits(entities, changed);
  return { base: delta.revision, fields: delta.fields ? fieldsOf(delta.fields) : stored.fields, entities };
}

/** The document's limits (PROJECT_LIMITS), as the schema checks them for a whole document. */
function checkLimits(entities: EntityMap, changed: EntityMap): void {
  const counts = new Map<string, number>();
  const entriesOf = new Map<string, number>();
  const touchedCards = new Set<string>();
  for (const entity of changed.values())
    if (entity.kind === 'timeEntry' || entity.kind === 'materialEntry') touchedCards.add(entity.content.cardId);
  for (const entity of entities.values()) {
    counts.set(entity.kind, (counts.get(entity.kind) ?? 0) + 1);
    if ((entity.kind === 'timeEntry' || entity.kind === 'materialEntry') && touchedCards.has(entity.content.cardId)) {
      const key = `${entity.kind}:${entity.content.cardId}`;
      entriesOf.set(key, (entriesOf.get(key) ?? 0) + 1);
    }
  }
  const m = de.projects;
  const over: [string, number, string][] = [
    ['column', PROJECT_LIMITS.columns, 'Spalten'],
    ['card', PROJECT_LIMITS.cards, 'Aufgaben'],
    ['appointment', PROJECT_LIMITS.appointments, 'Termine'],
    ['note', PROJECT_LIMITS.notes, 'Notizen'],
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
