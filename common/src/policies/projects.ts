import type { ProjectStatus } from '../dto/projects';
import { isManagementRole } from '../domain/roles';
import { type Actor, can } from './access';
import { canEditTemplate } from './organisation';

/** The part of a project that its rules need. */
export interface ProjectAccessFacts {
  ownerId: string | null;
  deputyOwnerId: string | null;
  memberIds: readonly string[];
  status: ProjectStatus;
}

/** Admin and Firmenleiter see all project information (spec sections 1 and 6). */
export function canSeeAllProjects(actor: Pick<Actor, 'role'>): boolean {
  return isManagementRole(actor.role);
}

export function isProjectOwner(actor: Pick<Actor, 'id'>, project: Pick<ProjectAccessFacts, 'ownerId'>): boolean {
  return project.ownerId !== null && project.ownerId === actor.id;
}

/** Owner, deputy and members see a project; Admin and Firmenleiter see every project. */
export function canReadProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return (
    canSeeAllProjects(actor) ||
    isProjectOwner(actor, project) ||
    project.deputyOwnerId === actor.id ||
    project.memberIds.includes(actor.id)
  );
}

/** Completed and archived projects are read-only (spec section 4). */
export function isProjectReadOnly(project: Pick<ProjectAccessFacts, 'status'>): boolean {
  return project.status !== 'active';
}

/** Work on the board: cards, entries, columns, appointments, notes. */
export function canWorkOnProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return canReadProject(actor, project) && !isProjectReadOnly(project);
}

/** The edit modal's project fields, completing and reopening: can_edit_projects. */
export function canEditProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return canReadProject(actor, project) && can(actor, 'can_edit_projects');
}

export function canCompleteProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return canEditProject(actor, project) && project.status === 'active';
}

export function canReopenProject(actor: Actor, project: ProjectAccessFacts): boolean {
  return canEditProject(actor, project) && project.status === 'completed';
}

export function canCreateProject(actor: Actor): boolean {
  return can(actor, 'can_create_projects');
}

/** Deleting moves to the archive: any project with can_delete_any_project, own ones with can_delete_own_projects. */
export function canDeleteProject(actor: Actor, project: ProjectAccessFacts): boolean {
  if (project.status === 'archived') return false;
  if (can(actor, 'can_delete_any_project')) return canReadProject(actor, project);
  return isProjectOwner(actor, project) && can(actor, 'can_delete_own_projects');
}

/** The archive list: Admin and Firmenleiter with can_view_archive (spec sections 2 and 6). */
export function canViewArchive(actor: Actor): boolean {
  return isManagementRole(actor.role) && can(actor, 'can_view_archive');
}

/** Restore and permanent delete: Admins only (spec section 6). */
export function canManageArchivedProjects(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'Admin';
}

/** The change log is the owner's (spec section 6); Admin and Firmenleiter see all project information. */
export function canSeeChangeLog(actor: Actor, project: Pick<ProjectAccessFacts, 'ownerId'>): boolean {
  return canSeeAllProjects(actor) || isProjectOwner(actor, project);
}

/** Notes: the author, Admin and Firmenleiter may edit or delete. */
export function canChangeNote(actor: Pick<Actor, 'id' | 'role'>, note: { authorId: string | null }): boolean {
  return canSeeAllProjects(actor) || (note.authorId !== null && note.authorId === actor.id);
}

/** Time entries: only the author deletes. */
export function canDeleteTimeEntry(actor: Pick<Actor, 'id'>, entry: { userId: string | null }): boolean {
  return entry.userId !== null && entry.userId === actor.id;
}

/**
 * Who works on a board, for the rules of its entities: `mayEditProject` is the right to edit
 * this project (`canEditProject`) or, in a template, this template (`canEditTemplate`); see
 * `canEditBoard`.
 */
export interface BoardActor extends Pick<Actor, 'id' | 'role'> {
  mayEditProject: boolean;
}

/** The editing right of a board: a template's editors, a project's holders of can_edit_projects. */
export function canEditBoard(actor: Actor, board: ProjectAccessFacts & { isTemplate: boolean }): boolean {
  return board.isTemplate ? canEditTemplate(actor, board) : canEditProject(actor, board);
}

/** Columns shape the board (add, rename, move, delete): only who may edit the project. */
export function canChangeColumns(actor: BoardActor): boolean {
  return actor.mayEditProject;
}

/**
 * Deleting a card deletes its time entries. Only their author deletes a time entry (spec
 * section 6); who may edit the project may also clear a card holding other people's hours.
 */
export function canDeleteCard(actor: BoardActor, card: { timeEntries: readonly { userId: string | null }[] }): boolean {
  return actor.mayEditProject || card.timeEntries.every((entry) => canDeleteTimeEntry(actor, entry));
}

/** A column goes with its cards: the column right and every card's. */
export function canDeleteColumn(
  actor: BoardActor,
  column: { cards: readonly { timeEntries: readonly { userId: string | null }[] }[] },
): boolean {
  return canChangeColumns(actor) && column.cards.every((card) => canDeleteCard(actor, card));
}

/**
 * Revoking a customer's sign-off (deleting it) unseals its entries: only who answers for the
 * project (its Projektleiter and Vertretung) or the company (Admin, Firmenleiter), whatever the
 * permission matrix grants otherwise.
 */
export function canRevokeSignoff(
  actor: Pick<Actor, 'id' | 'role'>,
  project: Pick<ProjectAccessFacts, 'ownerId' | 'deputyOwnerId'>,
): boolean {
  return isManagementRole(actor.role) || isProjectOwner(actor, project) || project.deputyOwnerId === actor.id;
}

/** The ids of the time and material entries that the given sign-offs seal. */
export function sealedEntryIds(
  signoffs: Iterable<{ coveredTimeEntryIds: readonly string[]; coveredMaterialEntryIds: readonly string[] }>,
): Set<string> {
  const sealed = new Set<string>();
  for (const signoff of signoffs) {
    for (const id of signoff.coveredTimeEntryIds) sealed.add(id);
    for (const id of signoff.coveredMaterialEntryIds) sealed.add(id);
  }
  return sealed;
}
