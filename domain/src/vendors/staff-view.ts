import { profileCompleteness } from './completeness';
import { insuranceStanding } from './insurance';
import type { Vendor } from './decider';
import { vendorProfileView } from './view';

export type VendorStatus = 'active' | 'pending' | 'other';

/** Only the last 4 digits ever reach staff: '****5678'. */
export const maskDigits = (value: string | null): string | null => (value ? `****${value.slice(-4)}` : null);

/**
 * active: the profile is complete and the insurance has not expired; pending: the profile is incomplete;
 * other: complete, but the insurance certificate has expired (the carrier may not haul until it is renewed).
 */
export function vendorStatus(vendor: Vendor, now: Date): VendorStatus {
  const complete = profileCompleteness({
    values: vendor.values,
    documents: vendor.documents,
    agreement: { status: vendor.agreement !== null, date: vendor.agreement?.date ?? null, hasDocument: Boolean(vendor.agreement) },
  }).profile;
  if (!complete) return 'pending';
  return insuranceStanding(vendor.values.insurance_expiration, now.toISOString().slice(0, 10))?.kind === 'expired' ? 'other' : 'active';
}

/** A vendor as staff see it (staff-side.md section 3), bank numbers masked by the server itself. */
export function staffVendorView(vendor: Vendor, meta: { createdAt: string | null; updatedAt: string | null }, now: Date) {
  const profile = vendorProfileView(vendor);
  const values = vendor.values as Record<string, string | null>;
  return {
    ...profile,
    bank_account_number: maskDigits(vendor.values.bank_account_number),
    bank_routing_number: maskDigits(vendor.values.bank_routing_number),
    liability_amount: values.liability_amount ?? null,
    cargo_amount: values.cargo_amount ?? null,
    contact_name: vendor.values.contact_name_1,
    contact_email: vendor.values.email_1,
    status: vendorStatus(vendor, now),
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
    is_staff: false,
    staff_tier: null,
  };
}
