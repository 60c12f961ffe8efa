import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { loadKeys } from './load-query-keys';

/** Whether a load already uses this kdt_ id (deleted loads keep theirs). */
export async function checkLoadId(kdtId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiClient.get<{ exists: boolean }>(`/loads/check-id/?id_to_check=${encodeURIComponent(kdtId)}`, { signal });
  return answer.exists;
}

export function loadIdCheckQueryOptions(kdtId: string) {
  return queryOptions({
    queryKey: loadKeys.idCheck(kdtId),
    queryFn: ({ signal }) => checkLoadId(kdtId, signal),
    // Someone else may take the number at any moment: always ask again, and show an error at once.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });
}

export function useLoadIdCheck(kdtId: string, enabled: boolean) {
  return useQuery({ ...loadIdCheckQueryOptions(kdtId), enabled });
}
