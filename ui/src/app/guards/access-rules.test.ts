import { describe, expect, it } from 'vitest';
import type { CurrentUser, StaffTier } from '../../lib/auth/current-user';
import { decideAccess, signedInRedirect } from './access-rules';

const base: CurrentUser = {
  id: 'u1',
  username: 'someone',
  email: 'someone@example.com',
  first_name: '',
  last_name: '',
  is_active: true,
  date_joined: '2025-01-01T00:00:00Z',
  last_login: null,
  user_type: 'VENDOR',
  staff_profile: null,
  vendor_profile: null,
};
const vendor: CurrentUser = { ...base, vendor_profile: { id: 'v1' } };
const staff = (tier: StaffTier): CurrentUser => ({
  ...base,
  user_type: 'STAFF',
  staff_profile: {
    tier,
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    phone_ext: '',
    department: '',
    position: '',
    bio: '',
  },
});
const unknown = base;

const target = (decision: ReturnType<typeof decideAccess>) => (decision.allowed ? 'allowed' : decision.redirectTo);

describe('decideAccess', () => {
  it('vendor routes: vendors only, everyone else to /', () => {
    expect(target(decideAccess('vendor', vendor))).toBe('allowed');
    expect(target(decideAccess('vendor', null))).toBe('/');
    expect(target(decideAccess('vendor', staff('ADMIN')))).toBe('/');
    expect(target(decideAccess('vendor', unknown))).toBe('/');
  });

  it('/settings: vendors and staff, everyone else to /', () => {
    expect(target(decideAccess('vendor-or-staff', vendor))).toBe('allowed');
    expect(target(decideAccess('vendor-or-staff', staff('PENDING')))).toBe('allowed');
    expect(target(decideAccess('vendor-or-staff', null))).toBe('/');
    expect(target(decideAccess('vendor-or-staff', unknown))).toBe('/');
  });

  it('staff routes: any tier, everyone else to /staff/login', () => {
    expect(target(decideAccess('staff', staff('PENDING')))).toBe('allowed');
    expect(target(decideAccess('staff', vendor))).toBe('/staff/login');
    expect(target(decideAccess('staff', null))).toBe('/staff/login');
  });

  it('admin routes: ADMIN only; other staff to /staff/dashboard, non-staff to /staff/login', () => {
    expect(target(decideAccess('staff-admin', staff('ADMIN')))).toBe('allowed');
    expect(target(decideAccess('staff-admin', staff('DISPATCH_OPS')))).toBe('/staff/dashboard');
    expect(target(decideAccess('staff-admin', staff('ACCOUNTING')))).toBe('/staff/dashboard');
    expect(target(decideAccess('staff-admin', staff('PENDING')))).toBe('/staff/dashboard');
    expect(target(decideAccess('staff-admin', vendor))).toBe('/staff/login');
    expect(target(decideAccess('staff-admin', null))).toBe('/staff/login');
  });
});

describe('signedInRedirect', () => {
  it('sends signed-in visitors away from login and sign-up pages as the route table says', () => {
    expect(signedInRedirect('vendor-login', vendor)).toBe('/profile');
    expect(signedInRedirect('vendor-login', staff('ADMIN'))).toBeNull();
    expect(signedInRedirect('vendor-login', null)).toBeNull();
    expect(signedInRedirect('staff-login', staff('ACCOUNTING'))).toBe('/staff/loads');
    expect(signedInRedirect('staff-login', vendor)).toBeNull();
    expect(signedInRedirect('vendor-signup', staff('ADMIN'))).toBe('/');
    expect(signedInRedirect('vendor-signup', null)).toBeNull();
    expect(signedInRedirect('staff-signup', vendor)).toBe('/staff/loads');
    expect(signedInRedirect('staff-signup', null)).toBeNull();
  });
});
