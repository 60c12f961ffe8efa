import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileField } from '@portal/domain/vendors/profile-fields';
import { type PositionedAnswer, sendWithPosition } from '../../../lib/api-with-position';
import { VENDOR_PROFILE_KEY, type VendorProfile } from './get-vendor-profile';

export type VendorProfilePatch = Partial<Record<ProfileField, string>>;

/** PATCH of the non-empty profile fields; 400 `{ field: [messages] }` on a refused value. */
export function updateVendorProfile(patch: VendorProfilePatch): Promise<PositionedAnswer<VendorProfile>> {
  return sendWithPosition<VendorProfile>('PATCH', '/profiles/vendor/', patch);
}

/** The answer is the profile as the command side now holds it: it replaces the cached one. */
export function useUpdateVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorProfile,
    onSuccess: ({ data }) => queryClient.setQueryData(VENDOR_PROFILE_KEY, data),
  });
}
