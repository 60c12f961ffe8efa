import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPageOf, shownAsGuestByFailure, useSession } from '../../lib/auth/current-user';
import { askedState, resumeState } from '../../lib/auth/resume';
import { type Access, decideAccess } from './access-rules';
import { PAGE_REFUSED, RefusalRedirect } from '../../components/refusal-redirect';
import { useUserAtArrival } from './use-user-at-arrival';

/** Layout route that lets its child routes render only for the users `access` allows. */
export function RequireAccess({ access }: { access: Access }) {
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const arrivedAs = useUserAtArrival();
  const atArrival = decideAccess(access, arrivedAs);

  if (!atArrival.allowed) {
    // A guest only because the session check went unanswered (the server down): the page asked goes along to the
    // login page, so the session, back by itself, or a sign-in there, goes on to it (lib/auth/resume.ts).
    const asked = !arrivedAs && shownAsGuestByFailure() ? askedState(pathname + search) : undefined;
    // Signed in, but the tier may not open it: told so where they land (the spec's redirect alone said nothing).
    const notice = atArrival.byTier ? PAGE_REFUSED : undefined;
    return <RefusalRedirect from={pathname} to={atArrival.redirectTo} reason={atArrival.reason} state={asked} notice={notice} />;
  }
  const now = decideAccess(access, user);
  if (!now.allowed) {
    // Still signed in but no longer allowed (a tier change pushed while here): sent where a refused user goes.
    if (user) return <RefusalRedirect from={pathname} to={now.redirectTo} reason={now.reason} />;
    // Signed out while here (a logout in this tab or another, or the session ended on the server): to the login page
    // of the portal the user was in, where this tab's own logout goes too. It carries where the user was, so the same
    // user signing in again comes back here, to any unsaved form kept for them (lib/drafts.ts).
    return <Navigate to={loginPageOf(arrivedAs)} replace state={resumeState(pathname + search, arrivedAs)} />;
  }
  // Keyed by the user: a tab switched from one user straight to another (a sign-in elsewhere it followed) starts its
  // pages afresh, so nothing typed as one user stays on screen, or is kept as a draft, for the next.
  return <Outlet key={user?.id} />;
}
