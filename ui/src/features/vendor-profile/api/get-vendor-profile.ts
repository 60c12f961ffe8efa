import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Completeness } from '@portal/domain/vendors/completeness';
import type { ProfileValues } from '@portal/domain/vendors/profile-fields';
import { apiClient } from '../../../lib/api-client';
import { withMinPosition } from '../../../lib/api-with-position';

/** The signed-in vendor's profile as GET/PATCH /api/profiles/vendor/ answer it (domain/src/vendors/view.ts). */
export type VendorProfile = ProfileValues & {
  id: string;
  user_id: string;
  username: string;
  company_authority_doc: boolean;
  insurance_document: boolean;
  carrier_agreement_document: boolean;
  bank_document: boolean;
  w9_document: boolean;
  company_authority_doc_url: string | null;
  insurance_document_url: string | null;
  carrier_agreement_document_url: string | null;
  bank_document_url: string | null;
  w9_document_url: string | null;
  carrier_agreement_status: boolean;
  carrier_agreement_date: string | null;
  carrier_agreement_version: string | null;
  completeness: Completeness;
  is_complete: boolean;
};

export const VENDOR_PROFILE_KEY = ['profiles', 'vendor'] as const;

/** `minPosition`: the event position a save answered, so the read waits until it shows that save. */
export function getVendorProfile(minPosition?: string | null): Promise<VendorProfile> {
  return apiClient.get<VendorProfile>(withMinPosition('/profiles/vendor/', minPosition));
}

export function vendorProfileQueryOptions() {
  return queryOptions({
    queryKey: VENDOR_PROFILE_KEY,
    queryFn: () => getVendorProfile(),
  });
}

export function useVendorProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorProfileQueryOptions(), enabled });
}

/** Re-reads the profile into the cache once the read side has caught up with `position`; failures are logged. */
export async function reloadVendorProfile(queryClient: QueryClient, position: string | null): Promise<void> {
  try {
    await queryClient.fetchQuery({ ...vendorProfileQueryOptions(), queryFn: () => getVendorProfile(position), staleTime: 0 });
  } catch (error) {
    console.error('Reloading the vendor profile failed', error);
  }
}

export function useReloadVendorProfile(): (position: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((position) => reloadVendorProfile(queryClient, position), [queryClient]);
}
