import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffTier } from '@portal/domain/staff/events';
import { apiClient } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/auth/current-user';
import { STAFF_ACCOUNTS_KEY } from './staff-accounts';

/** GET/PATCH /api/profiles/staff/: the signed-in staff member's own profile. */
export interface StaffProfile {
  id: string;
  username: string;
  tier: StaffTier | null;
  department: string | null;
  position: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  phone_ext: string | null;
  bio: string | null;
  last_login: string | null;
  date_joined: string | null;
  is_builtin_admin: boolean;
}

export type StaffProfilePatch = Partial<Record<'tier' | 'department' | 'position' | 'first_name' | 'last_name' | 'email' | 'phone' | 'phone_ext' | 'bio', string>>;

export const STAFF_PROFILE_KEY = ['profiles', 'staff'] as const;

export function staffProfileQueryOptions() {
  return queryOptions({
    queryKey: STAFF_PROFILE_KEY,
    queryFn: () => apiClient.get<StaffProfile>('/profiles/staff/'),
  });
}

export const useStaffProfile = () => useQuery(staffProfileQueryOptions());

/** PATCH of the non-empty changed fields; 400 `{ field: [messages] }`, 403 `{ detail }` for non-admins. */
export function useUpdateStaffProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: StaffProfilePatch) => apiClient.patch<StaffProfile>('/profiles/staff/', patch),
    onSuccess: (profile, patch) => {
      queryClient.setQueryData(STAFF_PROFILE_KEY, profile);
      // Names and the tier also show in the nav bar, the dashboard and the staff accounts screens.
      if (patch.tier || patch.first_name || patch.last_name || patch.email) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: STAFF_ACCOUNTS_KEY });
    },
  });
}
