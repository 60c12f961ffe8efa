import { QueryClient } from '@tanstack/react-query';
import { retryServerErrorsOnce } from '../lib/retry';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryServerErrorsOnce, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
