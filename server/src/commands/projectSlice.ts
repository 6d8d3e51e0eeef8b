import type { ProjectDeltaInput } from '@werkboard/common';
import { type Entity, type EntityKind, type EntityMap, entitiesOf, parentOf } from './projectEntities';

/**
 * What a delta save (PATCH, issue 17) loads of the stored project: not all of it, but every
 * entity the one merge looks at for this delta (docs/decisions.md "Deltas"). The merge
 * (`mergeProject`) and `composeDelta` then run on this slice exactly as on the whole project,
 * because everything outside it is neither named by the delta nor reached by its rules:
 *
 * - the named entities as stored: a changed one in the table of its kind (an id stored as
 *   another kind is then new to the slice, and the merge refuses it by its history, as it
 *   refuses the kind's change for a whole document), a deleted one in every table; and the
 *   parents they name, up to the column;
 * - the parents of everything loaded so (a stored card's column, an entry's card);
 * - what goes with a deletion: the stored children of a deleted column or card, and of a
 *   changed card the delta moves into a deleted column, down to the entries;
 * - the entries a new sign-off covers, and all sign-offs (they seal entries and cards), asked
 *   in the first round, which the store reads with the counts;
 * - counts for the document's limits, by COUNT at the store (`StoredCounts`).
 *
 * Loading goes in rounds (`next`, then `add` what the store found) until nothing is missing:
 * one round for a changed card, more only for deletions and what they take along.
 */

/** What a delta save asks the store for in one round. */
export interface EntityReads {
  /** Ids by the table they are asked in. */
  byKind: Partial<Record<EntityKind, readonly string[]>>;
  /** Ids asked in every table (their kind is not known, or must be checked). */
  anyKind: readonly string[];
  /** Ids whose stored children are asked: cards of those columns, entries of those cards. */
  childrenOf: readonly string[];
  /** All the project's sign-offs. */
  signoffs: boolean;
}

/** The kind of parent an entity names (`parentOf`). */
const PARENT_KIND: Partial<Record<EntityKind, EntityKind>> = {
  card: 'column',
  timeEntry: 'card',
  materialEntry: 'card',
  signoff: 'card',
};

/** The tables read for `childrenOf`, as the store reads them. */
const CHILD_KINDS: ReadonlySet<EntityKind> = new Set<EntityKind>(['card', 'timeEntry', 'materialEntry']);

/**
 * The parent a whole document nests an entity in. A sign-off names its card but sits in the
 * document's own list: a document without the card still holds it (the merge then refuses
 * the card's deletion unless the sign-off is revoked too), and the merge checks its card.
 */
export function nestedIn(entity: Entity): string | null {
  return entity.kind === 'signoff' ? null : parentOf(entity);
}

/** Whether a stored entity answers a round's reads (what the store's queries select). */
export function answersRead(reads: EntityReads, entity: Entity): boolean {
  if (reads.signoffs && entity.kind === 'signoff') return true;
  if (reads.anyKind.includes(entity.id) || reads.byKind[entity.kind]?.includes(entity.id)) return true;
  const parent = parentOf(entity);
  return CHILD_KINDS.has(entity.kind) && parent !== null && reads.childrenOf.includes(parent);
}

export class DeltaSlice {
  /** The delta's changed and new entities. */
  readonly changed: EntityMap;
  readonly deleted: ReadonlySet<string>;
  /** The stored entities loaded so far. */
  readonly entities: EntityMap = new Map();
  private readonly asked = new Set<string>();
  private readonly childrenAsked = new Set<string>();
  private signoffsRead = false;
  /** Loaded entities whose parents the slice holds too (not the sign-offs read only for their seal). */
  private readonly closed = new Set<string>();

  constructor(delta: ProjectDeltaInput) {
    this.changed = entitiesOf(delta);
    this.deleted = new Set(delta.deleted);
  }

  /** What to read next; null when the slice holds all the merge needs. */
  next(): EntityReads | null {
    const byKind = new Map<EntityKind, Set<string>>();
    const anyKind = new Set<string>();
    const childrenOf = new Set<string>();
    const ask = (kind: EntityKind, id: string) => {
      if (this.asked.has(id) || anyKind.has(id)) return;
      const ids = byKind.get(kind);
      if (ids) ids.add(id);
      else byKind.set(kind, new Set([id]));
    };
    const askParent = (entity: Entity) => {
      const parent = parentOf(entity);
      if (parent !== null) ask(PARENT_KIND[entity.kind]!, parent);
    };
    for (const id of this.deleted) if (!this.asked.has(id)) anyKind.add(id);
    for (const entity of this.changed.values()) {
      ask(entity.kind, entity.id);
      askParent(entity);
      if (entity.kind !== 'signoff') continue;
      for (const id of entity.content.coveredTimeEntryIds) ask('timeEntry', id);
      for (const id of entity.content.coveredMaterialEntryIds) ask('materialEntry', id);
    }
    for (const entity of this.entities.values()) if (this.closed.has(entity.id)) askParent(entity);
    // What goes with a deletion: the children of deleted ids (of any kind, found or not) and of
    // everything that sits in a deleted parent after the delta.
    for (const id of this.deleted) if (!this.childrenAsked.has(id)) childrenOf.add(id);
    for (const id of [...this.changed.keys(), ...this.closed]) {
      const entity = this.current(id);
      if (entity && (entity.kind === 'column' || entity.kind === 'card') && !this.childrenAsked.has(id))
        if (this.sitsInDeleted(entity)) childrenOf.add(id);
    }
    const reads: EntityReads = {
      byKind: Object.fromEntries([...byKind].map(([kind, ids]) => [kind, [...ids]])),
      anyKind: [...anyKind],
      childrenOf: [...childrenOf],
      signoffs: !this.signoffsRead,
    };
    const nothing = byKind.size === 0 && anyKind.size === 0 && childrenOf.size === 0 && this.signoffsRead;
    return nothing ? null : reads;
  }

  /** What the store found for `reads`. */
  add(reads: EntityReads, found: readonly Entity[]): void {
    for (const ids of [reads.anyKind, ...Object.values(reads.byKind)]) for (const id of ids) this.asked.add(id);
    for (const id of reads.childrenOf) this.childrenAsked.add(id);
    if (reads.signoffs) this.signoffsRead = true;
    const askedIds = new Set([...reads.anyKind, ...Object.values(reads.byKind).flat()]);
    for (const entity of found) {
      this.entities.set(entity.id, entity);
      if (entity.kind !== 'signoff' || askedIds.has(entity.id)) this.closed.add(entity.id);
    }
  }

  /** The cards whose entries the limits count: those of the delta's entries. */
  entryCards(): string[] {
    return entryCardsOf(this.changed);
  }

  private current(id: string): Entity | undefined {
    return this.changed.get(id) ?? this.entities.get(id);
  }

  /** Deleted, or nested in something deleted, as the delta leaves it (as far as loaded). */
  private sitsInDeleted(entity: Entity): boolean {
    for (let at: Entity | undefined = entity; at;) {
      if (this.deleted.has(at.id)) return true;
      const parent = nestedIn(at);
      if (parent === null) return false;
      if (this.deleted.has(parent)) return true;
      const next = this.current(parent);
      // Only up the document's nesting (cards naming each other as columns must not loop).
      at = next?.kind === PARENT_KIND[at.kind] ? next : undefined;
    }
    return false;
  }
}

/** The cards whose entries the document's limit counts for a delta: those its entries name. */
export function entryCardsOf(changed: EntityMap): string[] {
  const cards = new Set<string>();
  for (const entity of changed.values())
    if (entity.kind === 'timeEntry' || entity.kind === 'materialEntry') cards.add(entity.content.cardId);
  return [...cards];
}

/** How many entities of each kind the stored project holds, and entries per card (`${kind}:${cardId}`) of some cards. */
export interface StoredCounts {
  kinds: ReadonlyMap<EntityKind, number>;
  entriesOf: ReadonlyMap<string, number>;
}

export const entriesKey = (kind: 'timeEntry' | 'materialEntry', cardId: string) => `${kind}:${cardId}`;

/** StoredCounts of a project held whole in memory (what the store counts by COUNT). */
export function countsIn(entities: EntityMap, cardIds: readonly string[]): StoredCounts {
  const kinds = new Map<EntityKind, number>();
  const entriesOf = new Map<string, number>();
  for (const cardId of cardIds)
    for (const kind of ['timeEntry', 'materialEntry'] as const) entriesOf.set(entriesKey(kind, cardId), 0);
  for (const entity of entities.values()) {
    kinds.set(entity.kind, (kinds.get(entity.kind) ?? 0) + 1);
    if (entity.kind !== 'timeEntry' && entity.kind !== 'materialEntry') continue;
    const key = entriesKey(entity.kind, entity.content.cardId);
    const count = entriesOf.get(key);
    if (count !== undefined) entriesOf.set(key, count + 1);
  }
  return { kinds, entriesOf };
}
