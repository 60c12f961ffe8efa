import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { VendorPickerEntry } from '../utils/vendor-choices';

export function getVendorPicker(signal?: AbortSignal): Promise<VendorPickerEntry[]> {
  return apiClient.get<VendorPickerEntry[]>('/vendors/picker/', { signal });
}

export function vendorPickerQueryOptions() {
  // Vendors come and go rarely; a minute is fresh enough for a picker.
  return queryOptions({ queryKey: ['vendors', 'picker'] as const, queryFn: ({ signal }) => getVendorPicker(signal), staleTime: 60_000 });
}

/** The vendors a load can be created for or assigned to; fetched only when the user may do either. */
export function useVendorPicker(enabled: boolean) {
  return useQuery({ ...vendorPickerQueryOptions(), enabled });
}
