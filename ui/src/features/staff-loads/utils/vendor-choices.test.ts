import { describe, expect, it } from 'vitest';
import { documentCountsOf } from './document-counts';
import { vendorChoices } from './vendor-choices';

describe('vendorChoices', () => {
  it('lists vendor profiles by business name and username, never staff or tiered entries', () => {
    expect(
      vendorChoices([
        { id: 'u1', vendor_profile_id: 'v1', business_name: 'Lone Star Carriers', username: 'carrier', is_staff: false, staff_tier: null },
        { id: 'u2', vendor_profile_id: 'v2', business_name: null, username: 'newcarrier', is_staff: false, staff_tier: null },
        { id: 'u3', vendor_profile_id: 'v3', business_name: 'Staff Co', username: 'dispatch', is_staff: true, staff_tier: null },
        { id: 'u4', vendor_profile_id: 'v4', business_name: 'Tiered', username: 'tiered', is_staff: false, staff_tier: 'ACCOUNTING' },
        { id: 'u5', vendor_profile_id: 'v5', business_name: 'same', username: 'same', is_staff: false, staff_tier: null },
      ]),
    ).toEqual([
      { id: 'v1', label: 'Lone Star Carriers (carrier)' },
      { id: 'v2', label: 'newcarrier' },
      { id: 'v5', label: 'same' },
    ]);
  });
});

describe('documentCountsOf', () => {
  it('reads every type, 0 for missing or odd values', () => {
    expect(documentCountsOf({ document_counts: { bill_of_lading: 2, photos: 5, invoice: -1, other: 1.5 } as never })).toEqual({
      bill_of_lading: 2,
      proof_of_delivery: 0,
      rate_confirmation: 0,
      scale_ticket: 0,
      invoice: 0,
      photos: 5,
      other: 0,
    });
    expect(Object.values(documentCountsOf({})).every((count) => count === 0)).toBe(true);
  });
});
