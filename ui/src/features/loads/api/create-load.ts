import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import type { CreateLoadRequest } from '../utils/create-load-form';
import { storeLoad } from './load-cache';
import { loadKeys } from './load-query-keys';

export function createLoad(body: CreateLoadRequest): Promise<LoadView> {
  return apiClient.post<LoadView>('/loads/', body);
}

export function useCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoad,
    onSuccess: (load) => {
      storeLoad(queryClient, load);
      // The number is taken now; a cached "available" must not outlive that.
      void queryClient.invalidateQueries({ queryKey: loadKeys.idCheck(load.kdt_id) });
    },
  });
}
