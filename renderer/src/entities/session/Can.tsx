import type { ReactNode } from 'react';
import type { Actor, PermissionKey } from '@werkboard/common';
import { usePolicy } from './usePolicy';

interface CanProps {
  /** A permission key the user must hold. */
  permission?: PermissionKey;
  /** A rule from common/src/policies the user must pass (e.g. canManageLicense). */
  when?: (actor: Actor) => boolean;
  /** A route that must open for the user (links are shown only where they lead). */
  route?: string;
  children: ReactNode;
  fallback?: ReactNode;
}

/**
 * Renders its children only when every given check passes, so a rule is written once (in
 * common, shared with the server) instead of being repeated inline in components.
 */
export function Can({ permission, when, route, children, fallback = null }: CanProps) {
  const policy = usePolicy();
  const allowed =
    policy.actor !== null &&
    (permission === undefined || policy.can(permission)) &&
    (when === undefined || policy.allows(when)) &&
    (route === undefined || policy.canOpen(route));
  return allowed ? children : fallback;
}
