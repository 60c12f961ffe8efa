import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { loadKeys, LOADS_FRESH_MS } from './load-query-keys';

export function getLoad(loadId: string, signal?: AbortSignal): Promise<LoadView> {
  return apiClient.get<LoadView>(`/loads/${encodeURIComponent(loadId)}/`, { signal });
}

export function loadQueryOptions(loadId: string) {
  return queryOptions({
    queryKey: loadKeys.detail(loadId),
    queryFn: ({ signal }) => getLoad(loadId, signal),
    staleTime: LOADS_FRESH_MS,
  });
}

export function useLoad(loadId: string) {
  return useQuery(loadQueryOptions(loadId));
}
