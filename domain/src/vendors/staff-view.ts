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
 * `today` (yyyy-mm-dd) is the reader's day, as the screens' insurance notices count it: a policy expiring on the
 * 25th is still in force all evening of the 25th in Chicago, when it is already the 26th in UTC.
 */
export function vendorStatus(vendor: Vendor, today: string): VendorStatus {
  const complete = profileCompleteness({
    values: vendor.values,
    documents: vendor.documents,
    agreement: { status: vendor.agreement !== null, date: vendor.agreement?.date ?? null, hasDocument: Boolean(vendor.agreement) },
  }).profile;
  if (!complete) return 'pending';
  return insuranceStanding(vendor.values.insurance_expiration, today)?.kind === 'expired' ? 'other' : 'active';
}

/** A vendor as staff see it (staff-side.md section 3), bank numbers masked by the server itself. */
export function staffVendorView(vendor: Vendor, meta: { createdAt: string | null; updatedAt: string | null }, today: string) {
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
    status: vendorStatus(vendor, today),
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
    is_staff: false,
    staff_tier: null,
  };
}
