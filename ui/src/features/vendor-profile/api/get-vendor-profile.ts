import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

/** The signed-in vendor's profile. Only completeness is read so far; the profile issue adds the sections. */
export interface VendorProfile {
  is_complete: boolean;
}

export function getVendorProfile(): Promise<VendorProfile> {
  return apiClient.get<VendorProfile>('/profiles/vendor/');
}

export function vendorProfileQueryOptions() {
  return queryOptions({
    queryKey: ['profiles', 'vendor'],
    queryFn: getVendorProfile,
    // A 404 means "no profile yet", which retrying will not change.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function useVendorProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorProfileQueryOptions(), enabled });
}
