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
 * The parent a whole document nests an entity in. A sign-off names its card but sits in the
 * document's own list: a document without the card still holds it (the merge then refuses
 * the card's deletion unless the sign-off is revoked too), and the merge checks its card.
 */
function nestedIn(entity: Entity): string | null {
  return entity.kind === 'signoff' ? null : parentOf(entity);
}

/**
 * A delta save as the whole document the merge takes (issue 17; docs/decisions.md "Deltas"):
 * what is stored, with the delta's deletions (and the children that go with them, as a whole
 * document without a parent holds none of its children, unless someone else changed the child
 * or a parent in between, after the writer's base) and its changed entities on top.
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
      // Changed by someone else after the writer's base: its parent now may not be where the
      // writer's copy holds it. The merge keeps it (and what it holds) as for a whole document.
      if (!changed.has(at.id) && at.rev > delta.revision) return false;
      const parent = nestedIn(at);
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
    const parent = nestedIn(entity);
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
