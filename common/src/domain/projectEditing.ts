import type { CardDto, ProjectDocument, ProjectFieldsDto } from '../dto/projects';
import { projectMessages } from '../messages/projects';
import { panelMessages } from '../messages/panels';

/**
 * The edit modal's changes to a project document (spec section 4, project edit side effects),
 * as operations on an immer draft (or any mutable copy). The modal records operations while
 * the user works and replays them in its `update` recipe, which may run again on a newer copy
 * from the server: everything is found by group name and card id, never by index.
 *
 * - Renaming a task group renames it on all cards and in groupAssignments.
 * - Deleting a task group clears it on its cards (they keep their assignee).
 * - Assigning a group to a user or external worker assigns all its cards; removing the
 *   assignment clears it on the group's cards that still carried it.
 * - Group names are unique case-insensitively; a blank name is ignored.
 */

export type TaskGroupOperation =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'delete'; name: string }
  /** `assignee` a user id, 'ext-<id>' or null; `assigneeName` for the change log. */
  | { kind: 'assign'; name: string; assignee: string | null; assigneeName: string };

export type TaskGroupResult =
  /** `actions`: the change-log texts (none when the operation changed nothing). */
  { ok: true; actions: string[] } | { ok: false; error: string };

type Draft = Pick<ProjectDocument, 'cardGroups' | 'groupAssignments' | 'columns'>;

const sameName = (a: string, b: string) => a.toLocaleLowerCase('de') === b.toLocaleLowerCase('de');

/** The group of that name as stored (names compare case-insensitively), or undefined. */
export function findTaskGroup(groups: readonly string[], name: string): string | undefined {
  return groups.find((group) => sameName(group, name.trim()));
}

function* cardsOf(draft: Pick<ProjectDocument, 'columns'>): Generator<CardDto> {
  for (const column of draft.columns) yield* column.cards;
}

/** Cards of a task group. */
export function countGroupCards(document: Pick<ProjectDocument, 'columns'>, group: string): number {
  let count = 0;
  for (const card of cardsOf(document)) if (card.group === group) count++;
  return count;
}

const unchanged: TaskGroupResult = { ok: true, actions: [] };
const taken: TaskGroupResult = { ok: false, error: projectMessages.groupNameTaken };

function addGroup(draft: Draft, rawName: string): TaskGroupResult {
  const name = rawName.trim();
  if (!name) return unchanged;
  if (findTaskGroup(draft.cardGroups, name) !== undefined) return taken;
  draft.cardGroups.push(name);
  return { ok: true, actions: [panelMessages.log.groupAdded(name)] };
}

function renameGroup(draft: Draft, rawFrom: string, rawTo: string): TaskGroupResult {
  const from = findTaskGroup(draft.cardGroups, rawFrom);
  const to = rawTo.trim();
  if (from === undefined || !to || from === to) return unchanged;
  // Another group of that name; the same group in other letter case is a plain rename.
  if (draft.cardGroups.some((group) => group !== from && sameName(group, to))) return taken;
  draft.cardGroups = draft.cardGroups.map((group) => (group === from ? to : group));
  for (const card of cardsOf(draft)) if (card.group === from) card.group = to;
  const assignee = draft.groupAssignments[from];
  if (assignee !== undefined) {
    delete draft.groupAssignments[from];
    draft.groupAssignments[to] = assignee;
  }
  return { ok: true, actions: [panelMessages.log.groupRenamed(from, to)] };
}

function deleteGroup(draft: Draft, rawName: string): TaskGroupResult {
  const name = findTaskGroup(draft.cardGroups, rawName);
  if (name === undefined) return unchanged;
  draft.cardGroups = draft.cardGroups.filter((group) => group !== name);
  for (const card of cardsOf(draft)) if (card.group === name) card.group = null;
  delete draft.groupAssignments[name];
  return { ok: true, actions: [panelMessages.log.groupDeleted(name)] };
}

function assignGroup(draft: Draft, rawName: string, assignee: string | null, assigneeName: string): TaskGroupResult {
  const name = findTaskGroup(draft.cardGroups, rawName);
  if (name === undefined) return unchanged;
  const previous = draft.groupAssignments[name] ?? null;
  if (assignee === null) {
    if (previous === null) return unchanged;
    delete draft.groupAssignments[name];
    // Cards that got their assignee through the group lose it; others keep theirs.
    for (const card of cardsOf(draft)) if (card.group === name && card.assignedTo === previous) card.assignedTo = null;
    return { ok: true, actions: [panelMessages.log.groupUnassigned(name)] };
  }
  let changedCards = false;
  for (const card of cardsOf(draft)) {
    if (card.group === name && card.assignedTo !== assignee) {
      card.assignedTo = assignee;
      changedCards = true;
    }
  }
  if (previous === assignee && !changedCards) return unchanged;
  draft.groupAssignments[name] = assignee;
  return { ok: true, actions: [panelMessages.log.groupAssigned(name, assigneeName)] };
}

/** Applies one operation to the draft; on an error the draft is unchanged. */
export function applyTaskGroupOperation(draft: Draft, operation: TaskGroupOperation): TaskGroupResult {
  switch (operation.kind) {
    case 'add':
      return addGroup(draft, operation.name);
    case 'rename':
      return renameGroup(draft, operation.from, operation.to);
    case 'delete':
      return deleteGroup(draft, operation.name);
    case 'assign':
      return assignGroup(draft, operation.name, operation.assignee, operation.assigneeName);
  }
}

/**
 * Replays recorded operations (in the modal's save recipe). One that no longer fits the newer
 * copy (someone else took the name meanwhile) is skipped; returns the actions of those applied.
 */
export function applyTaskGroupOperations(draft: Draft, operations: readonly TaskGroupOperation[]): string[] {
  const actions: string[] = [];
  for (const operation of operations) {
    const result = applyTaskGroupOperation(draft, operation);
    if (result.ok) actions.push(...result.actions);
  }
  return actions;
}

/** The plain project fields of the modal's first sections. */
export type EditableProjectFields = Pick<
  ProjectFieldsDto,
  'name' | 'projectNumber' | 'description' | 'icon' | 'customerType' | 'tagIds'
>;

export const EDITABLE_PROJECT_FIELD_KEYS = [
  'name',
  'projectNumber',
  'description',
  'icon',
  'customerType',
  'tagIds',
] as const satisfies readonly (keyof EditableProjectFields)[];

function sameValue(a: EditableProjectFields[keyof EditableProjectFields], b: typeof a): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => value === b[i]);
  return a === b;
}

/** The fields the user changed compared with what the modal opened with. */
export function changedProjectFields(
  base: EditableProjectFields,
  values: EditableProjectFields,
): (keyof EditableProjectFields)[] {
  return EDITABLE_PROJECT_FIELD_KEYS.filter((key) => !sameValue(base[key], values[key]));
}

/**
 * Writes only the fields the user changed, so a concurrent change of another field survives a
 * replay; returns the change-log action (or none).
 */
export function applyProjectFields(
  draft: EditableProjectFields,
  base: EditableProjectFields,
  values: EditableProjectFields,
): string[] {
  const changed = changedProjectFields(base, values);
  if (changed.length === 0) return [];
  for (const key of changed) {
    if (key === 'tagIds') draft.tagIds = [...values.tagIds];
    else if (key === 'icon') draft.icon = values.icon;
    else draft[key] = values[key];
  }
  return [panelMessages.log.projectEdited(changed.map((key) => panelMessages.log.fieldNames[key]).join(', '))];
}
