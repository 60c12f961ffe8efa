import type { VendorChoice } from '../../loads/components/create-load-form';

/** An entry of GET /api/vendors/picker/ (`id` is the user's; loads take `vendor_profile_id`). */
export interface VendorPickerEntry {
  id: string;
  vendor_profile_id: string;
  business_name: string | null;
  username: string;
  is_staff: boolean;
  staff_tier: string | null;
}

/** The picker lists only entries that are not staff and have no staff tier (staff-side.md section 3). */
export function vendorChoices(entries: readonly VendorPickerEntry[]): VendorChoice[] {
  return entries
    .filter((entry) => !entry.is_staff && !entry.staff_tier && entry.vendor_profile_id)
    .map((entry) => ({
      id: entry.vendor_profile_id,
      label: entry.business_name && entry.business_name !== entry.username ? `${entry.business_name} (${entry.username})` : entry.username,
    }));
}
