import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/current-user';
import { type Access, decideAccess } from './access-rules';
import { RefusalRedirect } from './refusal-redirect';
import { useUserAtArrival } from './use-user-at-arrival';

/** Layout route that lets its child routes render only for the users `access` allows. */
export function RequireAccess({ access }: { access: Access }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const atArrival = decideAccess(access, useUserAtArrival());

  if (!atArrival.allowed) return <RefusalRedirect from={pathname} to={atArrival.redirectTo} reason={atArrival.reason} />;
  const now = decideAccess(access, user);
  if (!now.allowed) {
    // Signed out while here: the logout flow is already navigating away; show nothing meanwhile. Still signed in but
    // no longer allowed (a tier change pushed while here): sent where a refused user goes.
    return user ? <RefusalRedirect from={pathname} to={now.redirectTo} reason={now.reason} /> : null;
  }
  return <Outlet />;
}
