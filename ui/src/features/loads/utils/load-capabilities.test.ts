import { describe, expect, it } from 'vitest';
import type { CurrentUser, StaffTier } from '../../../lib/auth/current-user';
import { actorOf, loadCapabilities, sectionEditRefusal, VENDOR_LOAD_CAPABILITIES } from './load-capabilities';

const staff = (tier: StaffTier) =>
  actorOf({ id: 'u1', username: 'someone', staff_profile: { tier }, vendor_profile: null } as unknown as CurrentUser);

// staff-side.md section 6, copied rather than computed.
describe('load capabilities by tier', () => {
  it('ADMIN may do everything', () => {
    expect(loadCapabilities(staff('ADMIN'))).toEqual({
      create: true,
      changeStatus: true,
      setDates: true,
      editSection: { pickup: true, delivery: true, rate: true, equipment: true, tracking: true },
      assignVendor: true,
      manageDocuments: true,
      changePaymentStatus: true,
      delete: true,
    });
  });

  it('DISPATCH_OPS may not change the payment status or delete', () => {
    const can = loadCapabilities(staff('DISPATCH_OPS'));
    expect(can).toMatchObject({ changeStatus: true, setDates: true, assignVendor: true, manageDocuments: true, changePaymentStatus: false, delete: false });
    expect(Object.values(can.editSection).every(Boolean)).toBe(true);
  });

  it('ACCOUNTING sees status and dates read-only, edits only Rate & Payment, changes the payment status', () => {
    expect(loadCapabilities(staff('ACCOUNTING'))).toEqual({
      create: false,
      changeStatus: false,
      setDates: false,
      editSection: { pickup: false, delivery: false, rate: true, equipment: false, tracking: false },
      assignVendor: false,
      manageDocuments: true,
      changePaymentStatus: true,
      delete: false,
    });
  });

  it('PENDING, a staff user without a tier and a guest may do nothing', () => {
    const none = loadCapabilities(null);
    expect(Object.values(none).filter((value) => value === true)).toEqual([]);
    expect(loadCapabilities(staff('PENDING'))).toEqual(none);
    expect(loadCapabilities({ userId: 'u', username: 'x', type: 'STAFF', tier: null, vendorId: null })).toEqual(none);
  });

  it('a vendor does everything to its own loads except choose their vendor, and nothing to another vendor’s', () => {
    const vendor = actorOf({ id: 'u2', username: 'carrier', staff_profile: null, vendor_profile: { id: 'v1' } } as unknown as CurrentUser);
    expect(loadCapabilities(vendor, { vendor: 'v1' })).toEqual({ ...VENDOR_LOAD_CAPABILITIES });
    expect(VENDOR_LOAD_CAPABILITIES.assignVendor).toBe(false);
    expect(VENDOR_LOAD_CAPABILITIES.delete).toBe(true);
    expect(loadCapabilities(vendor, { vendor: 'v2' }).changeStatus).toBe(false);
  });

  it('a refused pencil says why, with the rate section’s own words', () => {
    expect(sectionEditRefusal('pickup')).toBe('You do not have permission to edit this section');
    expect(sectionEditRefusal('rate')).toBe('You do not have permission to edit rate details.');
  });
});
