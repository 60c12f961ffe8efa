import { useEffect } from 'react';
import { Navigate } from 'react-router';

interface RefusalRedirectProps {
  from: string;
  to: string;
  reason: string;
  /** Carried to the page redirected to (the login page's AskedState, lib/auth/resume.ts). */
  state?: unknown;
}

/** The spec logs a warning whenever a guard turns a user away. */
export function RefusalRedirect({ from, to, reason, state }: RefusalRedirectProps) {
  useEffect(() => {
    console.warn(`Access to ${from} refused (${reason}); redirecting to ${to}`);
  }, [from, to, reason]);
  return <Navigate to={to} replace state={state} />;
}
