import type { NavLinkId, UserDto } from '@werkboard/common';
import { can, PERMISSION_NAV_LINKS, resolveRoute } from '@werkboard/common';

export interface VisibleNavLink {
  id: NavLinkId;
  path: string;
}

/**
 * The permission links this user sees: the permission alone is not enough, the route must
 * also be open to the role (a Monteur granted can_manage_users still cannot open /users, so
 * showing the link would only bounce back to the dashboard).
 */
export function visiblePermissionLinks(user: UserDto): VisibleNavLink[] {
  return PERMISSION_NAV_LINKS.filter(
    (link) => can(user, link.permission) && resolveRoute(user, link.path) === link.path,
  ).map(({ id, path }) => ({ id, path }));
}
