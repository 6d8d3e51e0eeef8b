import {
  appointmentStatusLabel,
  de,
  describeMaterial,
  EDITABLE_PROJECT_FIELD_KEYS,
  formatHours,
  type ProjectFieldsDto,
} from '@werkboard/common';
import { type CardContent, type Entity, type EntityMap, sameValue } from './projectEntities';

/**
 * The change log of a merging write, written by the server from what the merge did (issue 13,
 * finding 3): the same German actions the board and the panels show for their operations
 * (`de.board.log`, `de.projectPanels.log`), found by comparing the project before and after.
 * The client's own entries are not taken. A deletion is logged at its top: a column with its
 * cards is one entry, a card with its entries is one entry.
 */

export interface LogNames {
  /** The name of an assignee (user id or 'ext-<id>'). */
  assignee(id: string): string;
  /** The name of an image (the thumbnail). */
  image(id: string): string;
}

export interface ProjectState {
  fields: ProjectFieldsDto;
  entities: EntityMap;
}

type Of<K extends Entity['kind']> = Extract<Entity, { kind: K }>;

/** How the change log names an entity ('die Aufgabe „…“'). */
export function describeEntity(entity: Entity): string {
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
      return `${formatHours(entity.content.hours)} h`;
    case 'signoff':
      return e.signoff(entity.content.signerName);
  }
}

/** The actions of one write, in the order they read best (structure first, deletions last). */
export function describeChanges(
  before: ProjectState,
  after: ProjectState,
  /** Entities the merge itself logs (brought back, restored): not logged again here. */
  loggedByMerge: ReadonlySet<string>,
  names: LogNames,
): string[] {
  const actions: string[] = [];
  const board = de.board.log;
  const panels = de.projectPanels.log;
  const groups = groupChanges(before.fields, after.fields);
  // Only what differs: new or replaced objects after, missing ones before (the merge keeps the
  // objects it did not touch, so a board of thousands is compared in two passes).
  const afterByKind = byKind(after.entities.values(), (entity) => before.entities.get(entity.id) !== entity);
  const beforeByKind = byKind(before.entities.values(), (entity) => !after.entities.has(entity.id));
  const ofKind = <K extends Entity['kind']>(grouped: Map<Entity['kind'], Entity[]>, kind: K) =>
    (grouped.get(kind) ?? []) as Of<K>[];
  const titleIn = (state: ProjectState, id: string) => {
    const entity = state.entities.get(id);
    return entity?.kind === 'column' || entity?.kind === 'card' ? entity.content.title : '';
  };
  const added = <K extends Entity['kind']>(kind: K) =>
    ofKind(afterByKind, kind).filter((entity) => !before.entities.has(entity.id) && !loggedByMerge.has(entity.id));
  const changed = <K extends Entity['kind']>(kind: K) =>
    ofKind(afterByKind, kind).flatMap((entity) => {
      const old = before.entities.get(entity.id) as Of<K> | undefined;
      return old && !sameValue(old.content, entity.content) ? [[old, entity] as const] : [];
    });
  const removed = <K extends Entity['kind']>(kind: K) => ofKind(beforeByKind, kind);

  for (const column of added('column')) actions.push(board.columnAdded(column.content.title));
  for (const [old, column] of changed('column')) {
    if (old.content.title !== column.content.title)
      actions.push(board.columnRenamed(old.content.title, column.content.title));
    // Sort keys compare bytewise: a smaller key is further left.
    if (old.content.position !== column.content.position)
      actions.push(
        column.content.position < old.content.position
          ? board.columnMovedLeft(column.content.title)
          : board.columnMovedRight(column.content.title),
      );
  }

  for (const card of added('card'))
    actions.push(board.cardAdded(card.content.title, titleIn(after, card.content.columnId)));
  for (const [old, card] of changed('card')) {
    const edits = cardEdits(old.content, card.content, groups, after.fields);
    if (edits.length === 1 && edits[0] === 'title')
      actions.push(board.cardRenamed(old.content.title, card.content.title));
    else if (edits.length > 0) actions.push(board.cardEdited(card.content.title));
    const column = titleIn(after, card.content.columnId);
    if (old.content.columnId !== card.content.columnId) actions.push(board.cardMoved(card.content.title, column));
    else if (old.content.position !== card.content.position)
      actions.push(board.cardReordered(card.content.title, column));
  }

  for (const entry of added('timeEntry'))
    actions.push(board.timeAdded(formatHours(entry.content.hours), titleIn(after, entry.content.cardId)));
  for (const entry of added('materialEntry'))
    actions.push(board.materialAdded(describeMaterial(entry.content), titleIn(after, entry.content.cardId)));
  for (const [, entry] of changed('materialEntry'))
    actions.push(de.projects.log.materialEdited(describeMaterial(entry.content), titleIn(after, entry.content.cardId)));

  for (const appointment of added('appointment')) actions.push(panels.appointmentAdded(appointment.content.title));
  for (const [old, appointment] of changed('appointment')) {
    const { title, status } = appointment.content;
    if (status !== old.content.status)
      actions.push(
        status === 'active'
          ? panels.appointmentReactivated(title)
          : panels.appointmentStatus(title, appointmentStatusLabel(status)),
      );
    if (!sameValue({ ...old.content, status }, appointment.content)) actions.push(panels.appointmentEdited(title));
  }
  for (const note of added('note')) actions.push(panels.noteAdded(note.content.title));
  for (const [, note] of changed('note')) actions.push(panels.noteEdited(note.content.title));

  actions.push(...fieldActions(before.fields, after.fields, groups, names));

  // Deletions, each at its top: the column, else the card, else the entry.
  const removedCards = removed('card');
  const cardsOf = new Map<string, number>();
  for (const card of removedCards) cardsOf.set(card.content.columnId, (cardsOf.get(card.content.columnId) ?? 0) + 1);
  for (const column of removed('column')) {
    const cards = cardsOf.get(column.id) ?? 0;
    actions.push(
      cards === 0
        ? board.columnDeleted(column.content.title)
        : de.projects.log.columnDeletedWithCards(column.content.title, cards),
    );
  }
  const removedTimes = removed('timeEntry');
  const hundredthsOf = new Map<string, number>();
  for (const entry of removedTimes)
    hundredthsOf.set(
      entry.content.cardId,
      (hundredthsOf.get(entry.content.cardId) ?? 0) + Math.round(entry.content.hours * 100),
    );
  for (const card of removedCards) {
    if (!after.entities.has(card.content.columnId)) continue;
    const hundredths = hundredthsOf.get(card.id) ?? 0;
    actions.push(
      hundredths === 0
        ? board.cardDeleted(card.content.title)
        : de.projects.log.cardDeletedWithHours(card.content.title, formatHours(hundredths / 100)),
    );
  }
  for (const entry of removedTimes)
    if (after.entities.has(entry.content.cardId))
      actions.push(board.timeDeleted(formatHours(entry.content.hours), titleIn(after, entry.content.cardId)));
  for (const entry of removed('materialEntry'))
    if (after.entities.has(entry.content.cardId))
      actions.push(board.materialDeleted(describeMaterial(entry.content), titleIn(after, entry.content.cardId)));
  for (const appointment of removed('appointment')) actions.push(panels.appointmentDeleted(appointment.content.title));
  for (const note of removed('note')) actions.push(panels.noteDeleted(note.content.title));
  const signedWhat = (state: ProjectState, cardId: string | null) =>
    cardId === null ? de.projects.entity.wholeProject : de.projects.entity.card(titleIn(state, cardId));
  for (const signoff of added('signoff'))
    actions.push(de.projects.log.signoffAdded(signoff.content.signerName, signedWhat(after, signoff.content.cardId)));
  for (const signoff of removed('signoff'))
    actions.push(
      de.projects.log.signoffRevoked(signoff.content.signerName, signedWhat(before, signoff.content.cardId)),
    );
  return actions;
}

function byKind(entities: Iterable<Entity>, wanted: (entity: Entity) => boolean): Map<Entity['kind'], Entity[]> {
  const groups = new Map<Entity['kind'], Entity[]>();
  for (const entity of entities) {
    if (!wanted(entity)) continue;
    const group = groups.get(entity.kind);
    if (group) group.push(entity);
    else groups.set(entity.kind, [entity]);
  }
  return groups;
}

/** What happened to the task groups: renames (old → new name), additions, deletions, new assignments. */
interface GroupChanges {
  renamed: Map<string, string>;
  added: string[];
  deleted: Set<string>;
  /** Groups (new names) whose assignment changed in this write. */
  reassigned: Set<string>;
}

function groupChanges(before: ProjectFieldsDto, after: ProjectFieldsDto): GroupChanges {
  const renamed = new Map<string, string>();
  // The edit modal renames a group in place: same index, a name that was not there before.
  if (before.cardGroups.length === after.cardGroups.length)
    before.cardGroups.forEach((name, index) => {
      const now = after.cardGroups[index]!;
      if (now !== name && !after.cardGroups.includes(name) && !before.cardGroups.includes(now)) renamed.set(name, now);
    });
  const renamedTo = new Set(renamed.values());
  const added = after.cardGroups.filter((name) => !before.cardGroups.includes(name) && !renamedTo.has(name));
  const deleted = new Set(before.cardGroups.filter((name) => !after.cardGroups.includes(name) && !renamed.has(name)));
  const reassigned = new Set<string>();
  const previousAssignee = (name: string) => {
    const old = [...renamed].find(([, to]) => to === name)?.[0] ?? name;
    return before.groupAssignments[old];
  };
  for (const name of after.cardGroups)
    if (previousAssignee(name) !== after.groupAssignments[name]) reassigned.add(name);
  return { renamed, added, deleted, reassigned };
}

/** The card fields a user changed, leaving out what a task group's rename, deletion or assignment did to it. */
function cardEdits(
  old: CardContent,
  card: CardContent,
  groups: GroupChanges,
  fields: ProjectFieldsDto,
): (keyof CardContent)[] {
  const edits: (keyof CardContent)[] = [];
  if (old.title !== card.title) edits.push('title');
  if (old.description !== card.description) edits.push('description');
  if (!sameValue(old.tagIds, card.tagIds)) edits.push('tagIds');
  const groupFollowed =
    (old.group !== null && groups.renamed.get(old.group) === card.group) ||
    (old.group !== null && groups.deleted.has(old.group) && card.group === null);
  if (old.group !== card.group && !groupFollowed) edits.push('group');
  const assigneeFollowed =
    card.group !== null &&
    groups.reassigned.has(card.group) &&
    card.assignedTo === (fields.groupAssignments[card.group] ?? null);
  if (old.assignedTo !== card.assignedTo && !assigneeFollowed) edits.push('assignedTo');
  return edits;
}

function fieldActions(
  before: ProjectFieldsDto,
  after: ProjectFieldsDto,
  groups: GroupChanges,
  names: LogNames,
): string[] {
  const log = de.projectPanels.log;
  const actions: string[] = [];
  const changedNames: string[] = EDITABLE_PROJECT_FIELD_KEYS.filter((key) => !sameValue(before[key], after[key])).map(
    (key) => log.fieldNames[key],
  );
  if (before.groupId !== after.groupId) changedNames.push(de.organise.groups.projectGroup);
  if (changedNames.length > 0) actions.push(log.projectEdited(changedNames.join(', ')));
  if (before.thumbnailImageId !== after.thumbnailImageId)
    actions.push(
      after.thumbnailImageId === null
        ? log.projectEdited(de.gallery.currentThumbnail)
        : de.gallery.log.thumbnailSet(names.image(after.thumbnailImageId)),
    );
  for (const name of groups.added) actions.push(log.groupAdded(name));
  for (const [from, to] of groups.renamed) actions.push(log.groupRenamed(from, to));
  for (const name of groups.deleted) actions.push(log.groupDeleted(name));
  for (const name of groups.reassigned) {
    const assignee = after.groupAssignments[name];
    actions.push(
      assignee === undefined ? log.groupUnassigned(name) : log.groupAssigned(name, names.assignee(assignee)),
    );
  }
  return actions;
}
