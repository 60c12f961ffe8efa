import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../api-client';

export type StaffTier = 'ADMIN' | 'DISPATCH_OPS' | 'ACCOUNTING' | 'PENDING';

export interface StaffProfileSummary {
  tier: StaffTier;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  phone_ext: string;
  department: string;
  position: string;
  bio: string;
}

/** The signed-in user as `GET /api/auth/user/` returns it. */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  date_joined: string;
  last_login: string | null;
  user_type: 'VENDOR' | 'STAFF';
  staff_profile: StaffProfileSummary | null;
  vendor_profile: { id: string } | null;
}

export type UserType = 'STAFF' | 'VENDOR' | 'UNKNOWN' | 'GUEST';

/** The spec's derived user type: the profiles decide, not `user_type`. */
export function userTypeOf(user: CurrentUser | null | undefined): UserType {
  if (!user) return 'GUEST';
  if (user.staff_profile) return 'STAFF';
  if (user.vendor_profile) return 'VENDOR';
  return 'UNKNOWN';
}

/** An ADMIN staff member (staff administration, vendor edits and deletions, the recycle bin): the UI only hides what the server refuses. */
export const isAdminUser = (user: CurrentUser | null | undefined): boolean => user?.staff_profile?.tier === 'ADMIN';

export const CURRENT_USER_KEY = ['auth', 'user'] as const;

/** The login page of the portal this user signs in to (the vendors' for a guest): where a signed-out user goes. */
export const loginPageOf = (user: CurrentUser | null | undefined): string => (userTypeOf(user) === 'STAFF' ? '/staff/login' : '/');

/** The first read fell back to a guest: the server could not answer (see currentUserQueryOptions). */
let guestByFailure = false;

/**
 * The signed-in user, or null when the server says there is none (401/403). Anything else (the server or the network
 * failing) is an error: a re-read (after a reconnect, or a pushed tier change) then keeps the user it had, and a first
 * read that fails shows a guest, as before.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const user = await apiClient.get<CurrentUser>('/auth/user/');
    guestByFailure = false;
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      guestByFailure = false;
      return null;
    }
    throw error;
  }
}

/**
 * The app shows a guest because its first session check could not be answered (not because the server said so):
 * useRecheckWhileUnanswered (in the root layout) asks again every few seconds until the server answers.
 */
export const shownAsGuestByFailure = (): boolean => guestByFailure;

/** The first read's second try, after a failure of the server or the network. */
const FIRST_READ_RETRY_MS = 500;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    // The first read, failing twice (the server or the network down), shows a guest (spec section 8: 'Initial auth
    // failure: silently treated as guest'). Left an error, every page that mounted asked again and put the app back
    // to 'Loading App...', for as long as the server was down. A re-read that fails keeps the user it had (an error).
    // Such a guest is looked at again every few seconds until the server answers (RootLayout), so a session that is
    // still good (the server was restarting) comes back by itself, without signing in again.
    queryFn: async ({ client }) => {
      const first = client.getQueryData(CURRENT_USER_KEY) === undefined;
      try {
        return await fetchCurrentUser();
      } catch (error) {
        if (!first) throw error;
        await new Promise((resolve) => setTimeout(resolve, FIRST_READ_RETRY_MS));
        try {
          return await fetchCurrentUser();
        } catch {
          guestByFailure = true;
          return null;
        }
      }
    },
    // The session changes through login and logout, which write this query themselves; a tier change is pushed
    // (me:changed), which invalidates it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export interface Session {
  user: CurrentUser | null;
  userType: UserType;
  /** True until the first answer to the session check. */
  isChecking: boolean;
}

export function useSession(): Session {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, userType: userTypeOf(user), isChecking: query.isPending };
}
