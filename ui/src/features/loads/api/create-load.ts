import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import type { CreateLoadRequest } from '../utils/create-load-form';
import { storeLoad } from './load-cache';
import { loadKeys } from './load-query-keys';

/**
 * `key` names this creation: sent again with the same key (its answer lost), the server answers the load it created
 * instead of 'ID already taken.' for the user's own new load.
 */
export function createLoad(body: CreateLoadRequest, key?: string): Promise<LoadView> {
  return apiClient.post<LoadView>('/loads/', body, { idempotencyKey: key });
}

export function useCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateLoadRequest; key?: string }) => createLoad(body, key),
    onSuccess: (load) => {
      storeLoad(queryClient, load);
      // The number is taken now; a cached "available" must not outlive that.
      void queryClient.invalidateQueries({ queryKey: loadKeys.idCheck(load.kdt_id) });
    },
  });
}
