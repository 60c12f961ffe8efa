import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileField, withClearedFields } from '@portal/domain/vendors/profile-fields';
import { type PositionedAnswer, sendWithPosition } from '../../../lib/api-with-position';
import { VENDOR_PROFILE_KEY, type VendorProfile } from './get-vendor-profile';

export type VendorProfilePatch = Partial<Record<ProfileField, string>>;

/**
 * PATCH of the non-empty profile fields; 400 `{ field: [messages] }` on a refused value. `expected`: the profile's
 * values as this form last read them, of the fields it sends, as digests (profileValueDigest). Someone else having
 * changed one meanwhile, the server refuses the whole save with 409 and `current` (those fields as they are now).
 */
export function updateVendorProfile({
  patch,
  expected,
  cleared = [],
}: {
  patch: VendorProfilePatch;
  expected?: Partial<Record<ProfileField, string>>;
  /** Optional fields this save empties (`cleared_fields`): empty values in `patch` are not applied. */
  cleared?: readonly ProfileField[];
}): Promise<PositionedAnswer<VendorProfile>> {
  return sendWithPosition<VendorProfile>('PATCH', '/profiles/vendor/', withClearedFields(patch, cleared), expected ? { 'X-Expected-Values': JSON.stringify(expected) } : {});
}

/** The answer is the profile as the command side now holds it: it replaces the cached one. */
export function useUpdateVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorProfile,
    onSuccess: ({ data }) => queryClient.setQueryData(VENDOR_PROFILE_KEY, data),
  });
}
