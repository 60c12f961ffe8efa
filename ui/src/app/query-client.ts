import { QueryClient } from '@tanstack/react-query';
import { retryServerErrorsOnce } from '../lib/retry';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryServerErrorsOnce, refetchOnWindowFocus: false },
    // A change is sent now or fails now, offline too (the control reverts and says so): TanStack Query's default holds
    // it while the browser is offline and sends it once back online, minutes later, over what others changed meanwhile.
    mutations: { retry: false, networkMode: 'always' },
  },
});
