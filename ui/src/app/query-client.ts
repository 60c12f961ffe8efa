import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { recheckSession } from '../lib/auth/session-sync';
import { retryServerErrorsOnce } from '../lib/retry';

/**
 * A 401 means the session ended (signed out in another tab, expired, the account removed), and so may a CSRF refusal
 * (403): its cookie goes with the session's when the browser's cookies are cleared. Ask who is signed in: a session
 * that ended goes to the login page, unsaved forms kept (lib/drafts.ts); one still there gets its CSRF cookie again.
 */
export function sessionMayHaveEnded(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) return true;
  const body = error.body as { detail?: unknown } | null;
  return error.status === 403 && typeof body?.detail === 'string' && body.detail.startsWith('CSRF Failed');
}

function onRequestError(error: unknown): void {
  if (sessionMayHaveEnded(error)) void recheckSession(queryClient);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onRequestError }),
  mutationCache: new MutationCache({ onError: onRequestError }),
  defaultOptions: {
    queries: { retry: retryServerErrorsOnce, refetchOnWindowFocus: false },
    // A change is sent now or fails now, offline too (the control reverts and says so): TanStack Query's default holds
    // it while the browser is offline and sends it once back online, minutes later, over what others changed meanwhile.
    mutations: { retry: false, networkMode: 'always' },
  },
});
