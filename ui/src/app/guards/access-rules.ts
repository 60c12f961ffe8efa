import { type CurrentUser, isAdminUser, userTypeOf, type UserType } from '../../lib/auth/current-user';

// The route table's access column (vendor-side.md and staff-side.md section 2) as data.
export type Access = 'vendor' | 'vendor-or-staff' | 'staff' | 'staff-admin';

/** `byTier`: a signed-in staff member whose tier may not open the route (told so where they land). */
export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string; reason: string; byTier?: boolean };

function refuse(redirectTo: string, userType: UserType, wanted: string): AccessDecision {
  const who = userType === 'GUEST' ? 'not signed in' : `user type ${userType}`;
  return { allowed: false, redirectTo, reason: `${who}; this route is for ${wanted}` };
}

export function decideAccess(access: Access, user: CurrentUser | null): AccessDecision {
  const userType = userTypeOf(user);
  switch (access) {
    case 'vendor':
      return userType === 'VENDOR' ? { allowed: true } : refuse('/', userType, 'vendors');
    case 'vendor-or-staff':
      return userType === 'VENDOR' || userType === 'STAFF' ? { allowed: true } : refuse('/', userType, 'vendors and staff');
    case 'staff':
      return userType === 'STAFF' ? { allowed: true } : refuse('/staff/login', userType, 'staff');
    case 'staff-admin':
      if (userType !== 'STAFF') return refuse('/staff/login', userType, 'staff admins');
      if (!isAdminUser(user)) {
        return {
          allowed: false,
          redirectTo: '/staff/dashboard',
          reason: `staff tier ${user?.staff_profile?.tier ?? 'none'}; this route is for staff admins`,
          byTier: true,
        };
      }
      return { allowed: true };
    default: {
      const unhandled: never = access;
      throw new Error(`Unknown access rule ${String(unhandled)}`);
    }
  }
}

/** Public pages that send a visitor who is already signed in elsewhere. */
export type SignedInRule = 'vendor-login' | 'staff-login' | 'vendor-signup' | 'staff-signup';

export function signedInRedirect(rule: SignedInRule, user: CurrentUser | null): string | null {
  const userType = userTypeOf(user);
  switch (rule) {
    case 'vendor-login':
      return userType === 'VENDOR' ? '/profile' : null;
    case 'staff-login':
      return userType === 'STAFF' ? '/staff/loads' : null;
    case 'vendor-signup':
      return userType === 'GUEST' ? null : '/';
    case 'staff-signup':
      return userType === 'GUEST' ? null : '/staff/loads';
    default: {
      const unhandled: never = rule;
      throw new Error(`Unknown signed-in rule ${String(unhandled)}`);
    }
  }
}
