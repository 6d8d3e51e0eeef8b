import type { ProjectGroupDto, ProjectSummaryDto } from '@werkboard/common';
import { DEFAULT_CUSTOMER_TYPE } from '@werkboard/common';

/**
 * The dashboard's 'Suchen & Filtern' (spec section 2) and the grouping of running projects by
 * project group. Pure functions, so the rules are tested without rendering.
 */

export const DASHBOARD_SORTS = ['nameAsc', 'nameDesc', 'modifiedAsc', 'modifiedDesc'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];

/** The value of 'Alle' in the employee and customer type selects. */
export const ALL = '';

export interface DashboardFilters {
  /** Part of the name or the project number, case-insensitive. */
  text: string;
  /** A user id (owner, deputy or member), or ALL. */
  employeeId: string;
  /** A customer type, or ALL. */
  customerType: string;
  sort: DashboardSort;
}

/** Spec section 9: the default sort is modified descending. */
export const DEFAULT_DASHBOARD_FILTERS: DashboardFilters = {
  text: '',
  employeeId: ALL,
  customerType: ALL,
  sort: 'modifiedDesc',
};

const normalise = (value: string) => value.trim().toLocaleLowerCase('de-DE');

/** A filter that can hide projects is set (the sort order hides none). */
export function hasActiveFilters(filters: DashboardFilters): boolean {
  return normalise(filters.text) !== '' || filters.employeeId !== ALL || filters.customerType !== ALL;
}

/** Owner, deputy and members count as the project's employees. */
export function isProjectEmployee(project: ProjectSummaryDto, userId: string): boolean {
  return project.ownerId === userId || project.deputyOwnerId === userId || project.memberIds.includes(userId);
}

export function matchesFilters(project: ProjectSummaryDto, filters: DashboardFilters): boolean {
  const text = normalise(filters.text);
  if (text && !normalise(project.name).includes(text) && !normalise(project.projectNumber).includes(text)) return false;
  if (filters.employeeId !== ALL && !isProjectEmployee(project, filters.employeeId)) return false;
  if (filters.customerType !== ALL && normalise(project.customerType) !== normalise(filters.customerType)) return false;
  return true;
}

const byName = (a: ProjectSummaryDto, b: ProjectSummaryDto) =>
  a.name.localeCompare(b.name, 'de-DE', { sensitivity: 'base', numeric: true });
const modified = (project: ProjectSummaryDto) => Date.parse(project.lastModified) || 0;

const COMPARATORS: Record<DashboardSort, (a: ProjectSummaryDto, b: ProjectSummaryDto) => number> = {
  nameAsc: (a, b) => byName(a, b) || modified(b) - modified(a),
  nameDesc: (a, b) => byName(b, a) || modified(b) - modified(a),
  modifiedAsc: (a, b) => modified(a) - modified(b) || byName(a, b),
  modifiedDesc: (a, b) => modified(b) - modified(a) || byName(a, b),
};

/** A sorted copy; equal names fall back to the newest change, equal times to the name. */
export function sortProjects(projects: readonly ProjectSummaryDto[], sort: DashboardSort): ProjectSummaryDto[] {
  return [...projects].sort(COMPARATORS[sort]);
}

export function filterAndSortProjects(
  projects: readonly ProjectSummaryDto[],
  filters: DashboardFilters,
): ProjectSummaryDto[] {
  return sortProjects(
    projects.filter((project) => matchesFilters(project, filters)),
    filters.sort,
  );
}

export interface EmployeeOption {
  id: string;
  name: string;
}

/**
 * The employee filter's people, sorted by name: the users of GET /users when the user may read
 * them, otherwise the projects' owners (the only names a project summary carries) and oneself.
 */
export function employeeOptions(
  projects: readonly ProjectSummaryDto[],
  users: readonly EmployeeOption[] | null,
  me: EmployeeOption | null,
): EmployeeOption[] {
  const byId = new Map<string, EmployeeOption>();
  if (users) for (const user of users) byId.set(user.id, { id: user.id, name: user.name });
  else {
    for (const project of projects)
      if (project.ownerId && project.ownerUsername)
        byId.set(project.ownerId, { id: project.ownerId, name: project.ownerUsername });
  }
  if (me && !byId.has(me.id)) byId.set(me.id, me);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'de-DE', { sensitivity: 'base' }));
}

/** The customer type filter's choices: the known types and those the projects carry, Allgemein first. */
export function customerTypeOptions(types: readonly string[], projects: readonly ProjectSummaryDto[]): string[] {
  const seen = new Map<string, string>();
  for (const name of [DEFAULT_CUSTOMER_TYPE, ...types, ...projects.map((project) => project.customerType)]) {
    const trimmed = name.trim();
    if (trimmed && !seen.has(normalise(trimmed))) seen.set(normalise(trimmed), trimmed);
  }
  return [...seen.values()];
}

export interface GroupSection {
  group: ProjectGroupDto;
  projects: ProjectSummaryDto[];
}

export interface ProjectSections {
  /** In the order of the groups given (the server sorts them by name). */
  groups: GroupSection[];
  /** 'Weitere Projekte': no group, or a group that is unknown here. */
  ungrouped: ProjectSummaryDto[];
}

/**
 * Running projects by project group, keeping the order of `projects` inside each section.
 * Groups without projects are kept only with `includeEmptyGroups` (no filter is hiding their
 * projects, so an empty group is really empty and stays reachable for its actions).
 */
export function groupProjectSections(
  projects: readonly ProjectSummaryDto[],
  groups: readonly ProjectGroupDto[],
  { includeEmptyGroups }: { includeEmptyGroups: boolean },
): ProjectSections {
  const byGroup = new Map<string, ProjectSummaryDto[]>(groups.map((group) => [group.id, []]));
  const ungrouped: ProjectSummaryDto[] = [];
  for (const project of projects) {
    const list = project.groupId ? byGroup.get(project.groupId) : undefined;
    if (list) list.push(project);
    else ungrouped.push(project);
  }
  return {
    groups: groups
      .map((group) => ({ group, projects: byGroup.get(group.id) ?? [] }))
      .filter((section) => includeEmptyGroups || section.projects.length > 0),
    ungrouped,
  };
}
