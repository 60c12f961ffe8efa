import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { recheckSession } from '../lib/auth/session-sync';
import { retryServerErrorsOnce } from '../lib/retry';

/** A 401 means the session ended (signed out in another tab, expired, the account removed): ask who is signed in. */
function onRequestError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) void recheckSession(queryClient);
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
