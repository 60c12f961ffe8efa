import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProfileField, type ProfileValues, type VendorField, withClearedFields } from '@portal/domain/vendors/profile-fields';
import { apiClient } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/format-date';
import { vendorChangedMeanwhile } from '../utils/vendor-detail';

export type VendorStatus = 'active' | 'pending' | 'other';

/**
 * One row of GET /api/vendors/ (any staff tier). The list, the detail and an ADMIN's save send the browser's zone
 * (`tz`), in which the server counts the day a vendor's insurance expires (status other), as the screens do.
 */
export interface VendorListEntry {
  id: string;
  username: string;
  legal_name: string | null;
  business_name: string | null;
  contact_name: string | null;
  contact_email: string | null;
  mc_number: string | null;
  dot_number: string | null;
  status: VendorStatus;
  created_at: string | null;
  updated_at: string | null;
  is_staff: boolean;
  staff_tier: string | null;
}

/**
 * GET /api/vendors/{id}/: every profile field, the coverage amounts ('1000000.00' or null), documents and agreement.
 * The bank account and routing numbers arrive already masked ('****' + last 4).
 */
export type VendorDetail = ProfileValues & {
  id: string;
  username: string;
  status: VendorStatus;
  liability_amount: string | null;
  cargo_amount: string | null;
  company_authority_doc_url: string | null;
  insurance_document_url: string | null;
  carrier_agreement_document_url: string | null;
  bank_document_url: string | null;
  w9_document_url: string | null;
  company_authority_doc?: boolean;
  insurance_document?: boolean;
  carrier_agreement_document?: boolean;
  bank_document?: boolean;
  w9_document?: boolean;
  carrier_agreement_status: boolean;
  carrier_agreement_date: string | null;
  created_at: string | null;
  updated_at: string | null;
};

export type VendorPatch = Partial<Record<VendorField, string>>;

export const STAFF_VENDORS_KEY = ['staff-vendors'] as const;
export const staffVendorKey = (id: string) => [...STAFF_VENDORS_KEY, id] as const;

export function vendorsQueryOptions() {
  return queryOptions({
    queryKey: STAFF_VENDORS_KEY,
    queryFn: () => apiClient.get<VendorListEntry[]>(withBrowserZone('/vendors/')),
  });
}

export const useVendors = () => useQuery(vendorsQueryOptions());

export function vendorQueryOptions(id: string) {
  return queryOptions({
    queryKey: staffVendorKey(id),
    queryFn: () => apiClient.get<VendorDetail>(withBrowserZone(`/vendors/${encodeURIComponent(id)}/`)),
  });
}

export const useVendor = (id: string) => useQuery(vendorQueryOptions(id));

/**
 * PATCH /api/vendors/{id}/ (ADMIN) with the changed fields of one section: the answer replaces the cached vendor.
 * `expected`: those fields as the screen read them, as digests (vendorExpected); someone else having changed one
 * meanwhile, the server refuses the save with 409 and the fields as they are now, which the cached vendor takes.
 */
export function useUpdateVendor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, expected, cleared = [] }: { patch: VendorPatch; expected?: Partial<Record<VendorField, string>>; cleared?: readonly VendorField[] }) =>
      apiClient.patch<VendorDetail>(withBrowserZone(`/vendors/${encodeURIComponent(id)}/`), withClearedFields(patch, cleared), {
        headers: expected && Object.keys(expected).length > 0 ? { 'X-Expected-Values': JSON.stringify(expected) } : undefined,
      }),
    onError: (error) => {
      const now = vendorChangedMeanwhile(error);
      if (now) queryClient.setQueryData<VendorDetail>(staffVendorKey(id), (vendor) => (vendor ? { ...vendor, ...now } : vendor));
    },
    onSuccess: (vendor) => {
      if (vendor && typeof vendor === 'object' && 'id' in vendor) queryClient.setQueryData(staffVendorKey(id), vendor);
      else void queryClient.invalidateQueries({ queryKey: staffVendorKey(id), exact: true });
      // Names, numbers and status show in the list too.
      void queryClient.invalidateQueries({ queryKey: STAFF_VENDORS_KEY, exact: true });
    },
  });
}

/** DELETE /api/vendors/{id}/ (ADMIN, soft): 204. */
export function useDeleteVendor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<null>(`/vendors/${encodeURIComponent(id)}/`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffVendorKey(id), exact: true });
      queryClient.setQueryData<VendorListEntry[]>(STAFF_VENDORS_KEY, (list) => list?.filter((vendor) => vendor.id !== id));
      void queryClient.invalidateQueries({ queryKey: STAFF_VENDORS_KEY, exact: true });
    },
  });
}
