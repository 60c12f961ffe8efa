import { describe, expect, it } from 'vitest';
import { canAuditPayments, isAdmin, type Actor } from './permissions';

const staff = (tier: Actor['tier']): Actor => ({ userId: 'u', username: 'u', type: 'STAFF', tier, vendorId: null });
const vendor: Actor = { userId: 'v', username: 'v', type: 'VENDOR', tier: null, vendorId: 'vendor-1' };

describe('staff permissions beyond loads', () => {
  it('lets only ADMIN staff administer', () => {
    expect(isAdmin(staff('ADMIN'))).toBe(true);
    for (const tier of ['DISPATCH_OPS', 'ACCOUNTING', 'PENDING', null] as const) expect(isAdmin(staff(tier)), String(tier)).toBe(false);
    expect(isAdmin(vendor)).toBe(false);
  });

  it('shows payment history to ACCOUNTING and ADMIN only', () => {
    expect(canAuditPayments(staff('ACCOUNTING'))).toBe(true);
    expect(canAuditPayments(staff('ADMIN'))).toBe(true);
    for (const tier of ['DISPATCH_OPS', 'PENDING', null] as const) expect(canAuditPayments(staff(tier)), String(tier)).toBe(false);
    expect(canAuditPayments(vendor)).toBe(false);
  });
});
