// The staff accounts list and detail (staff-side.md section 2): names, tiers, search, sorting and padding, free of React.
import { STAFF_TIERS, type StaffTier } from '@portal/domain/staff/events';
import type { StaffAccount } from '../api/staff-accounts';

type Named = Pick<StaffAccount, 'first_name' | 'last_name'>;
type Listed = Pick<StaffAccount, 'username' | 'email' | 'first_name' | 'last_name' | 'is_active' | 'staff_profile' | 'is_builtin_admin'>;

export const NO_NAME = '-';

const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** First and last name, or whichever exists, or '' when neither does. */
export function fullName(account: Named): string {
  return [clean(account.first_name), clean(account.last_name)].filter(Boolean).join(' ');
}

/** The list's Name column: the full name, or a dash. */
export const listName = (account: Named): string => fullName(account) || NO_NAME;

/** The detail page's heading: the full name, or the username. */
export const displayName = (account: Named & Pick<StaffAccount, 'username'>): string => fullName(account) || account.username;

const isTier = (value: unknown): value is StaffTier => (STAFF_TIERS as readonly unknown[]).includes(value);

/** The built-in admin is always ADMIN; a missing or unknown tier reads as PENDING (No Tier Assigned). */
export function effectiveTier(account: Pick<StaffAccount, 'staff_profile' | 'is_builtin_admin'>): StaffTier {
  if (account.is_builtin_admin) return 'ADMIN';
  const tier = account.staff_profile?.tier;
  return isTier(tier) ? tier : 'PENDING';
}

export const activeLabel = (isActive: boolean): string => (isActive ? 'Active' : 'Inactive');

/** Case-insensitive over username, email, first name and last name. */
export function matchesStaffSearch(account: Listed, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [account.username, account.email, account.first_name, account.last_name].some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(needle),
  );
}

export const filterStaffAccounts = <T extends Listed>(accounts: readonly T[], search: string): T[] =>
  accounts.filter((account) => matchesStaffSearch(account, search));

export const STAFF_SORT_COLUMNS = ['name', 'username', 'email', 'status', 'tier'] as const;
export type StaffSortColumn = (typeof STAFF_SORT_COLUMNS)[number];
export interface StaffSort {
  id: string;
  desc: boolean;
}

const text = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Ascending order of one column; a missing name or email goes last either way (the caller keeps that). */
function compare(a: Listed, b: Listed, column: StaffSortColumn): number {
  switch (column) {
    case 'name':
      return text.compare(fullName(a), fullName(b));
    case 'username':
      return text.compare(a.username, b.username);
    case 'email':
      return text.compare(clean(a.email), clean(b.email));
    case 'status':
      // Active first.
      return Number(!a.is_active) - Number(!b.is_active);
    case 'tier':
      // Rank order, highest first: Admin, Dispatch/Ops, Accounting, No Tier Assigned.
      return STAFF_TIERS.indexOf(effectiveTier(a)) - STAFF_TIERS.indexOf(effectiveTier(b));
    default: {
      const unhandled: never = column;
      throw new Error(`Unknown column ${String(unhandled)}`);
    }
  }
}

const missing = (account: Listed, column: StaffSortColumn): boolean =>
  (column === 'name' && fullName(account) === '') || (column === 'email' && clean(account.email) === '');

const isSortColumn = (sort: StaffSort): sort is { id: StaffSortColumn; desc: boolean } => (STAFF_SORT_COLUMNS as readonly string[]).includes(sort.id);

/** A new array in the sort's order; blanks go last in both directions and ties keep the server's order. */
export function sortStaffAccounts<T extends Listed>(accounts: readonly T[], sorting: readonly StaffSort[]): T[] {
  const active = sorting.filter(isSortColumn);
  if (active.length === 0) return [...accounts];
  return [...accounts].sort((a, b) => {
    for (const { id, desc } of active) {
      const [blankA, blankB] = [missing(a, id), missing(b, id)];
      if (blankA !== blankB) return blankA ? 1 : -1;
      const order = compare(a, b, id);
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}

/** Blank rows that keep a short table from collapsing: 4 when empty, 4 when fewer than 2 results, else none. */
export const fillerRowCount = (shown: number): number => (shown < 2 ? 4 : 0);

/** 'January 5, 2026 at 3:04 PM' in the user's zone, or N/A. */
export function formatLongDateTime(iso: string | null | undefined, notAvailable = 'N/A', timeZone?: string): string {
  if (!iso) return notAvailable;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return notAvailable;
  const text = date.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
  return text.replace(/\u202f/g, ' ');
}

/** The tier badge's colour: Admin purple, Dispatch/Ops blue, Accounting green, No Tier Assigned yellow. */
export const TIER_COLOURS: Record<StaffTier, 'purple' | 'blue' | 'green' | 'yellow'> = {
  ADMIN: 'purple',
  DISPATCH_OPS: 'blue',
  ACCOUNTING: 'green',
  PENDING: 'yellow',
};
