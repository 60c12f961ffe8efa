// The staff vendor list (staff-side.md section 2): which records show, search and sorting, free of React.
import type { StatusTone } from '../../../components/status-badge';
import type { VendorListEntry, VendorStatus } from '../api/vendors';

type Listed = Pick<VendorListEntry, 'username' | 'legal_name' | 'business_name' | 'contact_name' | 'mc_number' | 'dot_number' | 'status' | 'is_staff' | 'staff_tier'>;

export const VENDOR_SEARCH_PLACEHOLDER = 'Search vendors...';

export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = { active: 'Active', pending: 'Pending', other: 'Other' };
/** Other is shown red (section 4). */
export const VENDOR_STATUS_TONES: Record<VendorStatus, StatusTone> = { active: 'success', pending: 'warning', other: 'error' };

export const vendorStatusLabel = (status: string): string => VENDOR_STATUS_LABELS[status as VendorStatus] ?? VENDOR_STATUS_LABELS.other;
export const vendorStatusTone = (status: string): StatusTone => VENDOR_STATUS_TONES[status as VendorStatus] ?? VENDOR_STATUS_TONES.other;

/** Records that are staff or carry a staff tier are never listed as vendors. */
export const isListedVendor = (vendor: Pick<Listed, 'is_staff' | 'staff_tier'>): boolean => !vendor.is_staff && !vendor.staff_tier;

/**
 * Case-insensitive over username, legal name, business name, contact name, MC number and DOT number. The numbers are
 * stored as digits, and staff type them as carriers write them ('MC-123456', 'USDOT 1234567'): a search starting with
 * MC or (US)DOT also looks for the digits after it in that number.
 */
export function matchesVendorSearch(vendor: Listed, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const found = [vendor.username, vendor.legal_name, vendor.business_name, vendor.contact_name, vendor.mc_number, vendor.dot_number].some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(needle),
  );
  if (found) return true;
  const mc = /^mc[\s#:-]*(\d[\d\s-]*)$/.exec(needle);
  if (mc && vendor.mc_number?.includes(mc[1]!.replace(/\D/g, ''))) return true;
  const dot = /^(?:us)?dot[\s#:-]*(\d[\d\s-]*)$/.exec(needle);
  return Boolean(dot && vendor.dot_number?.includes(dot[1]!.replace(/\D/g, '')));
}

export const filterVendors = <T extends Listed>(vendors: readonly T[], search: string): T[] =>
  vendors.filter((vendor) => isListedVendor(vendor) && matchesVendorSearch(vendor, search));

export const VENDOR_SORT_COLUMNS = ['username', 'legal_name', 'contact_name', 'mc_number', 'dot_number', 'status'] as const;
export type VendorSortColumn = (typeof VENDOR_SORT_COLUMNS)[number];
export interface VendorSort {
  id: string;
  desc: boolean;
}

// Natural order, so MC 9999 comes before MC 10000.
const text = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
const STATUS_ORDER: readonly VendorStatus[] = ['active', 'pending', 'other'];
const statusRank = (status: string) => {
  const rank = STATUS_ORDER.indexOf(status as VendorStatus);
  return rank === -1 ? STATUS_ORDER.length : rank;
};
const valueOf = (vendor: Listed, column: Exclude<VendorSortColumn, 'status'>) => (vendor[column] ?? '').trim();

const isSortColumn = (sort: VendorSort): sort is { id: VendorSortColumn; desc: boolean } => (VENDOR_SORT_COLUMNS as readonly string[]).includes(sort.id);

/** A new array in the sort's order; a blank value goes last in both directions and ties keep the server's order. */
export function sortVendors<T extends Listed>(vendors: readonly T[], sorting: readonly VendorSort[]): T[] {
  const active = sorting.filter(isSortColumn);
  if (active.length === 0) return [...vendors];
  return [...vendors].sort((a, b) => {
    for (const { id, desc } of active) {
      let order: number;
      if (id === 'status') {
        order = statusRank(a.status) - statusRank(b.status);
      } else {
        const [valueA, valueB] = [valueOf(a, id), valueOf(b, id)];
        if ((valueA === '') !== (valueB === '')) return valueA === '' ? 1 : -1;
        order = text.compare(valueA, valueB);
      }
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}
