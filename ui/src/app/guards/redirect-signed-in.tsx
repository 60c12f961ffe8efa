import { Navigate, Outlet } from 'react-router';
import { signedInRedirect, type SignedInRule } from './access-rules';
import { useUserAtArrival } from './use-user-at-arrival';

/** Layout route for public pages that a signed-in visitor skips (login and sign-up pages). */
export function RedirectSignedIn({ rule }: { rule: SignedInRule }) {
  const redirectTo = signedInRedirect(rule, useUserAtArrival());
  return redirectTo ? <Navigate to={redirectTo} replace /> : <Outlet />;
}
