import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { loadKeys, LOADS_FRESH_MS } from './load-query-keys';

/** The signed-in vendor's loads (the server answers a vendor with its own loads only), newest first. */
export function getLoads(signal?: AbortSignal): Promise<LoadView[]> {
  return apiClient.get<LoadView[]>('/loads/', { signal });
}

export function loadsQueryOptions() {
  return queryOptions({ queryKey: loadKeys.list(), queryFn: ({ signal }) => getLoads(signal), staleTime: LOADS_FRESH_MS });
}

export function useLoads() {
  return useQuery(loadsQueryOptions());
}
