import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPECTABLE_OUTSIDE_SECTIONS, type FieldValue, type LoadStatus, type PaymentStatus } from '@portal/domain/loads/fields';
import { valueDigest } from '@portal/domain/expected';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { currentOfConflict } from '../../../lib/changed-meanwhile';
import { sentAgainIfUnanswered } from '../../../lib/send-again';
import { mergeLoadFields, storeLoad } from './load-cache';

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

/**
 * What a change that sets values outright expects of them: each of the status, payment status and date fields it
 * sets, as the page showed them (`seen`), as digests. Others (a vendor) expect nothing.
 */
export function expectedOfPatch(patch: LoadPatch, seen: LoadView): Record<string, string> {
  const fields = EXPECTABLE_OUTSIDE_SECTIONS.filter((field) => patch[field] !== undefined);
  return Object.fromEntries(fields.map((field) => [field, valueDigest(seen[field] ?? null)]));
}

/** The fields a refused change (409) says someone else changed meanwhile, as they are now; null for other errors. */
export function loadChangedMeanwhile(error: unknown): Partial<LoadView> | null {
  return currentOfConflict(error, (name): name is keyof LoadView => true) as Partial<LoadView> | null;
}

/**
 * The answer is the load after the change (the server may add to it, e.g. a pickup date when picked up). With `seen`
 * (the load as the page shows it), the change expects what it sets to be as shown: two people changing one load's
 * payment status at once, the second is refused (409) rather than both told it worked, and the caches take the value
 * now, which the control then shows.
 */
export function useUpdateLoad(loadId: string, options: { seen?: LoadView } = {}) {
  const queryClient = useQueryClient();
  const { seen } = options;
  return useMutation({
    // Each of these sets a value outright: sent again when its answer was lost, it ends the same, as the server takes
    // a value already set to what a change sets as no clash (a section save, which depends on what it was made over,
    // is not sent again; see useUpdateLoadSection).
    mutationFn: (patch: LoadPatch) => sentAgainIfUnanswered(() => updateLoad(loadId, patch, seen ? expectedOfPatch(patch, seen) : undefined)),
    onSuccess: (load) => storeLoad(queryClient, load),
    onError: (error) => {
      const now = loadChangedMeanwhile(error);
      if (now) mergeLoadFields(queryClient, loadId, now);
    },
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
