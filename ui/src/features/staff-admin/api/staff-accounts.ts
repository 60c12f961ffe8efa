import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffTier } from '@portal/domain/staff/events';
import { apiClient } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/auth/current-user';

/** GET /api/staff-accounts/ and /api/staff-accounts/{id}/ (ADMIN only). */
export interface StaffAccount {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  staff_profile: { tier: StaffTier | null; phone: string | null; bio: string | null } | null;
  last_login: string | null;
  date_joined: string | null;
  /** The bootstrap admin: always ADMIN, whatever its stored tier. */
  is_builtin_admin: boolean;
}

export const STAFF_ACCOUNTS_KEY = ['staff-accounts'] as const;
export const staffAccountKey = (id: string) => [...STAFF_ACCOUNTS_KEY, id] as const;

export function staffAccountsQueryOptions() {
  return queryOptions({
    queryKey: STAFF_ACCOUNTS_KEY,
    queryFn: () => apiClient.get<StaffAccount[]>('/staff-accounts/'),
  });
}

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());

export function staffAccountQueryOptions(id: string) {
  return queryOptions({
    queryKey: staffAccountKey(id),
    queryFn: () => apiClient.get<StaffAccount>(`/staff-accounts/${encodeURIComponent(id)}/`),
  });
}

export const useStaffAccount = (id: string) => useQuery(staffAccountQueryOptions(id));

/** PATCH /api/staff-accounts/{id}/update-tier/ `{ tier }`; the spec reads no field of the answer. */
export function useUpdateStaffTier(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: StaffTier) => apiClient.patch<unknown>(`/staff-accounts/${encodeURIComponent(id)}/update-tier/`, { tier }),
    onSuccess: (_answer, tier) => {
      // The tier asked for is what the account now holds.
      queryClient.setQueryData<StaffAccount>(
        staffAccountKey(id),
        (current) => current && { ...current, staff_profile: { phone: null, bio: null, ...current.staff_profile, tier } },
      );
      // The list and this account re-read at the change's position (api-client's read-your-writes).
      void queryClient.invalidateQueries({ queryKey: STAFF_ACCOUNTS_KEY });
      // Someone changing their own tier changes what the app lets them do.
      const me = queryClient.getQueryData<{ id: string } | null>(CURRENT_USER_KEY);
      if (me?.id === id) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

/** DELETE /api/staff-accounts/{id}/ (soft): 204. */
export function useDeleteStaffAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<null>(`/staff-accounts/${encodeURIComponent(id)}/`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffAccountKey(id), exact: true });
      queryClient.setQueryData<StaffAccount[]>(STAFF_ACCOUNTS_KEY, (list) => list?.filter((account) => account.id !== id));
      void queryClient.invalidateQueries({ queryKey: STAFF_ACCOUNTS_KEY, exact: true });
    },
  });
}
