import { vendorProfileQueryOptions } from '../features/vendor-profile/api/get-vendor-profile';
import { queryClient } from './query-client';

/** A vendor with a complete profile goes to the loads; anyone else (or any failure) to the profile. */
export async function vendorLoginDestination(): Promise<string> {
  try {
    const profile = await queryClient.fetchQuery(vendorProfileQueryOptions());
    return profile.is_complete === true ? '/loads' : '/profile';
  } catch {
    return '/profile';
  }
}

export async function staffLoginDestination(): Promise<string> {
  return '/staff/loads';
}
