import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValue, LoadStatus, PaymentStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { storeLoad } from './load-cache';

/** One PATCH: a status (maybe with dates), a payment status, one date, or the changed fields of one section. */
export type LoadPatch = {
  status?: LoadStatus;
  payment_status?: PaymentStatus;
  pickup_date?: string | null;
  delivery_date?: string | null;
} & Record<string, FieldValue | undefined>;

export function updateLoad(loadId: string, patch: LoadPatch): Promise<LoadView> {
  return apiClient.patch<LoadView>(`/loads/${encodeURIComponent(loadId)}/`, patch);
}

/** The answer is the load after the change (the server may add to it, e.g. a pickup date when picked up). */
export function useUpdateLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: LoadPatch) => updateLoad(loadId, patch),
    onSuccess: (load) => storeLoad(queryClient, load),
  });
}
