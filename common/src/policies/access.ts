import type { PermissionKey } from '../domain/permissions';
import type { Role } from '../domain/roles';
import { isManagementRole } from '../domain/roles';

/** The part of a user that authorization needs. */
export interface Actor {
  id: string;
  role: Role;
  permissions: readonly PermissionKey[];
}

export function can(actor: Actor, permission: PermissionKey): boolean {
  return actor.role === 'Admin' || actor.permissions.includes(permission);
}

/** How a route is guarded (spec section 2, access rules for routes). */
export type RouteGuard = 'public' | 'user' | 'management' | 'admin';

interface RouteRule {
  pattern: RegExp;
  guard: RouteGuard;
}

const ROUTE_RULES: readonly RouteRule[] = [
  { pattern: /^\/login$/, guard: 'public' },
  { pattern: /^\/$/, guard: 'user' },
  { pattern: /^\/project\/[^/]+$/, guard: 'user' },
  { pattern: /^\/templates$/, guard: 'user' },
  { pattern: /^\/template\/edit\/[^/]+$/, guard: 'user' },
  { pattern: /^\/messages(\/[^/]+)?$/, guard: 'user' },
  { pattern: /^\/search$/, guard: 'user' },
  { pattern: /^\/profile$/, guard: 'user' },
  { pattern: /^\/users$/, guard: 'management' },
  { pattern: /^\/project-groups$/, guard: 'management' },
  { pattern: /^\/archive$/, guard: 'management' },
  { pattern: /^\/admin$/, guard: 'management' },
  { pattern: /^\/admin\/permissions$/, guard: 'admin' },
];

function routeGuard(path: string): RouteGuard | null {
  return ROUTE_RULES.find((rule) => rule.pattern.test(path))?.guard ?? null;
}

/**
 * Where a path leads for this user: the path itself when allowed, otherwise the redirect
 * target. Logged out: everything but /login goes to /login. Logged in: /login, unknown
 * paths and paths of a higher role go to /.
 */
export function resolveRoute(actor: Pick<Actor, 'role'> | null, path: string): string {
  const guard = routeGuard(path);
  if (!actor) return guard === 'public' ? path : '/login';
  switch (guard) {
    case 'user':
      return path;
    case 'management':
      return isManagementRole(actor.role) ? path : '/';
    case 'admin':
      return actor.role === 'Admin' ? path : '/';
    default:
      return '/';
  }
}
