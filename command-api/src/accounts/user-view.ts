import type { AccountState } from '@portal/domain/accounts/decider';
import type { StaffState } from '@portal/domain/staff/decider';

/** The user as GET /api/auth/user/ shows it, computed from the account's own streams (login answers it). */
export function userView(account: Extract<AccountState, { status: 'registered' }>, staffState: StaffState, dateJoined: Date) {
  const staffProfile =
    staffState.status === 'active'
      ? {
          tier: staffState.builtin ? 'ADMIN' : staffState.tier,
          first_name: staffState.firstName,
          last_name: staffState.lastName,
          email: staffState.email,
          phone: '',
          phone_ext: '',
          department: '',
          position: '',
          bio: '',
        }
      : null;
  return {
    id: account.userId,
    username: account.username,
    email: account.email,
    first_name: staffState.status === 'active' ? staffState.firstName : '',
    last_name: staffState.status === 'active' ? staffState.lastName : '',
    is_active: account.activated,
    date_joined: dateJoined.toISOString(),
    last_login: account.lastLogin,
    user_type: account.kind,
    staff_profile: account.kind === 'STAFF' ? staffProfile : null,
    vendor_profile: account.kind === 'VENDOR' && account.vendorId ? { id: account.vendorId } : null,
  };
}
