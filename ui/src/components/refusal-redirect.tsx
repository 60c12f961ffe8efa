import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useToast } from '../lib/toast-context';

/**
 * Ours, not the spec's: said to a signed-in staff member whose tier may not open the page asked for (a link a colleague
 * sent, a typed address). The spec's redirect to the dashboard alone gave no word, and the page looked lost.
 */
export const PAGE_REFUSED = 'You do not have permission to view that page.';

interface RefusalRedirectProps {
  from: string;
  to: string;
  reason: string;
  /** Carried to the page redirected to (the login page's AskedState, lib/auth/resume.ts). */
  state?: unknown;
  /** Said in a toast where the user lands (a signed-in user turned away by tier). */
  notice?: string;
}

/** The spec logs a warning whenever a guard turns a user away. */
export function RefusalRedirect({ from, to, reason, state, notice }: RefusalRedirectProps) {
  const toast = useToast();
  const said = useRef(false);
  useEffect(() => {
    console.warn(`Access to ${from} refused (${reason}); redirecting to ${to}`);
    if (notice && !said.current) {
      said.current = true;
      toast.info(notice);
    }
  }, [from, to, reason, notice, toast]);
  return <Navigate to={to} replace state={state} />;
}
