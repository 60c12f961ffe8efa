import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { ApiError, apiClient } from '../../../lib/api-client';
import { loadKeys, LOADS_FRESH_MS } from './load-query-keys';

export function getLoad(loadId: string, signal?: AbortSignal): Promise<LoadView> {
  return apiClient.get<LoadView>(`/loads/${encodeURIComponent(loadId)}/`, { signal });
}

export function loadQueryOptions(loadId: string) {
  return queryOptions({
    queryKey: loadKeys.detail(loadId),
    queryFn: ({ signal }) => getLoad(loadId, signal),
    staleTime: LOADS_FRESH_MS,
    // A 404 (not this vendor's, or deleted) or 403 stays that way.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function useLoad(loadId: string) {
  return useQuery(loadQueryOptions(loadId));
}
