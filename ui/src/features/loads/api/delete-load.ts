import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { forgetLoad } from './load-cache';

export function deleteLoad(loadId: string): Promise<void> {
  return apiClient.delete<void>(`/loads/${encodeURIComponent(loadId)}/`);
}

export function useDeleteLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLoad(loadId),
    onSuccess: () => forgetLoad(queryClient, loadId),
  });
}
