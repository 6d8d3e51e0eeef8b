/** Roles from highest to lowest rank (spec section 6). */
export const ROLES = ['Admin', 'Firmenleiter', 'Projektleiter', 'Monteur', 'Auszubildender', 'Helfer'] as const;

export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'Monteur';

/** The spec spells the apprentice role both ways; the canonical form is 'Auszubildender'. */
const ROLE_ALIASES: Readonly<Record<string, Role>> = { Auszubildende: 'Auszubildender' };

export function normalizeRole(value: string): Role | null {
  if ((ROLES as readonly string[]).includes(value)) return value as Role;
  return ROLE_ALIASES[value] ?? null;
}

/** Higher number = higher rank. Admin is 5, Helfer 0. */
export function roleRank(role: Role): number {
  return ROLES.length - 1 - ROLES.indexOf(role);
}

export function isRankedBelow(role: Role, other: Role): boolean {
  return roleRank(role) < roleRank(other);
}

/** Admin and Firmenleiter see all project information and own the role-only routes. */
export function isManagementRole(role: Role): boolean {
  return role === 'Admin' || role === 'Firmenleiter';
}
