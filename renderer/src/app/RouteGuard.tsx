import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { resolveRoute } from '@werkboard/common';
import { useAppSelector } from '../store/hooks';

/**
 * Spec section 2 access rules, all in common's resolveRoute: logged out -> /login, role-only
 * routes -> /, unknown -> /, logged in on /login -> /. Renders the route only where it resolves
 * to itself. An Admin who must set up a second factor first is kept on /profile.
 */
export function RouteGuard() {
  const user = useAppSelector((state) => state.auth.user);
  const setupRequired = useAppSelector((state) => state.auth.secondFactorSetupRequired);
  const { pathname, key } = useLocation();
  // An Admin who must set up a second factor sees the profile (its enrolment) and nothing else.
  const target = user && setupRequired ? '/profile' : resolveRoute(user, pathname);
  // One redirect per arrival (`key`): <Navigate> redirects only when it mounts or its target
  // changes. The router's navigations are transitions, a logout is not: the redirect renders at
  // the old address first, and an address opened before the router shows /login arrives at that
  // same path again, which a kept <Navigate> left there (the login e2e's flake under load).
  if (target !== pathname) return <Navigate key={key} to={target} replace />;
  return <Outlet />;
}
