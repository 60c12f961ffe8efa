import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValue, LoadStatus, PaymentStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { sentAgainIfUnanswered } from '../../../lib/send-again';
import { storeLoad } from './load-cache';

/** One PATCH: a status (maybe with dates), a payment status, one date, or the changed fields of one section. */
export type LoadPatch = {
  status?: LoadStatus;
  payment_status?: PaymentStatus;
  pickup_date?: string | null;
  delivery_date?: string | null;
} & Record<string, FieldValue | undefined>;

/**
 * `expected`: what the user saw of the fields the patch changes (a section's values as its form opened), as value
 * digests (domain/src/expected.ts). Someone else having changed one meanwhile, the server refuses the whole patch
 * with 409, and the fields as they are now, instead of writing over it unseen.
 */
export function updateLoad(loadId: string, patch: LoadPatch, expected?: Record<string, string>): Promise<LoadView> {
  const headers = expected ? { 'X-Expected-Values': JSON.stringify(expected) } : undefined;
  return apiClient.patch<LoadView>(`/loads/${encodeURIComponent(loadId)}/`, patch, { headers });
}

/** The answer is the load after the change (the server may add to it, e.g. a pickup date when picked up). */
export function useUpdateLoad(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Each of these sets a value outright: sent again when its answer was lost, it ends the same (a section save,
    // which depends on what it was made over, is not; see useUpdateLoadSection).
    mutationFn: (patch: LoadPatch) => sentAgainIfUnanswered(() => updateLoad(loadId, patch)),
    onSuccess: (load) => storeLoad(queryClient, load),
  });
}

/** A section's save: its changed fields, with what the form saw of them when it opened (see updateLoad). */
export function useUpdateLoadSection(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, expected }: { patch: LoadPatch; expected: Record<string, string> }) => updateLoad(loadId, patch, expected),
    onSuccess: (load) => storeLoad(queryClient, load),
  });
}
