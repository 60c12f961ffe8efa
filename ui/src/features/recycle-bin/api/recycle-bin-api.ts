import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { type RecycleBin, type RecycleKind, withoutRecord } from '../utils/recycle-bin';

export const RECYCLE_BIN_KEY = ['recycle-bin'] as const;

// Lists elsewhere in the app that a restored record comes back to (their features' query keys, by first segment):
// loads for the boards and details, vendors for the vendor list and pickers, staff for the staff accounts list.
const RESTORED_INTO: Record<RecycleKind, readonly (readonly string[])[]> = {
  loads: [['loads'], ['history']],
  vendors: [['staff-vendors'], ['vendors'], ['payments', 'vendor-choices'], ['history']],
  staff: [['staff-accounts'], ['history']],
};

export function recycleBinQueryOptions() {
  return queryOptions({
    queryKey: RECYCLE_BIN_KEY,
    queryFn: ({ signal }) => apiClient.get<RecycleBin>('/recycle-bin/', { signal }),
  });
}

/** Kept current by the live connection's pushes (see RecycleBinPage). */
export const useRecycleBin = () => useQuery(recycleBinQueryOptions());

export function restoreRecord(kind: RecycleKind, id: string): Promise<{ detail: string }> {
  return apiClient.post<{ detail: string }>(`/recycle-bin/${kind}/${encodeURIComponent(id)}/restore/`);
}

/** Restores one record: it leaves the bin at once, and the lists it returns to are read again. */
export function useRestoreRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: RecycleKind; id: string }) => restoreRecord(kind, id),
    onSuccess: (_answer, { kind, id }) => {
      queryClient.setQueryData<RecycleBin>(RECYCLE_BIN_KEY, (bin) => (bin ? withoutRecord(bin, kind, id) : bin));
      for (const queryKey of RESTORED_INTO[kind]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, { kind, id }) => {
      if (!(error instanceof ApiError)) return;
      // 409: restored elsewhere meanwhile, so not in the bin (a re-read could still lag behind and show it again).
      if (error.status === 409) queryClient.setQueryData<RecycleBin>(RECYCLE_BIN_KEY, (bin) => (bin ? withoutRecord(bin, kind, id) : bin));
      // 404: the bin on screen is out of date.
      if (error.status === 404) void queryClient.invalidateQueries({ queryKey: RECYCLE_BIN_KEY });
    },
  });
}
