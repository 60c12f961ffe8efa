import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/current-user';
import { resumePathFor } from '../../lib/auth/resume';
import { sessionChangesElsewhere } from '../../lib/auth/session-sync';
import { signedInRedirect, type SignedInRule } from './access-rules';
import { useAtArrival, useUserAtArrival } from './use-user-at-arrival';

/** Whether someone signed in or out elsewhere (another tab) since the browser arrived at the current location. */
function useSessionChangedElsewhereSinceArrival(): boolean {
  const count = useSyncExternalStore(sessionChangesElsewhere.subscribe, sessionChangesElsewhere.count);
  return count !== useAtArrival(count);
}

/**
 * Layout route for public pages that a signed-in visitor skips (login and sign-up pages). It decides on the user at
 * arrival, so this tab's own login is not fought while its login navigates; but when another tab signs someone in
 * meanwhile, this page follows: a login form under "acme1 / Logout" in the nav bar would be neither.
 */
export function RedirectSignedIn({ rule }: { rule: SignedInRule }) {
  const arrivedAs = useUserAtArrival();
  const { user } = useSession();
  const { state } = useLocation();
  const followed = useSessionChangedElsewhereSinceArrival() ? user : arrivedAs;
  const redirectTo = signedInRedirect(rule, followed);
  // A user whose session had ended here, signed in again elsewhere: back to where they were (resume.ts).
  return redirectTo ? <Navigate to={resumePathFor(state, followed) ?? redirectTo} replace /> : <Outlet />;
}
