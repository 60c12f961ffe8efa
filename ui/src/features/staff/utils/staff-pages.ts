import type { StaffTier } from '@portal/domain/staff/events';
import { canViewPayments } from '../../payments/utils/payments-access';

/** A staff page a tier may open: the nav bar shows its label, the dashboard its label and description. */
export interface StaffPage {
  to: string;
  label: string;
  description: string;
}

/**
 * The staff pages this tier may open, in the nav bar's order (the payments log after Vendors; the ADMIN-only pages
 * last). The nav bar puts Dashboard before them and Settings after; the dashboard lists them as shortcuts.
 */
export function staffPages(tier: StaffTier | null | undefined): StaffPage[] {
  const isAdmin = tier === 'ADMIN';
  return [
    { to: '/staff/loads', label: 'Loads', description: 'Loads across all vendors' },
    { to: '/staff/vendors', label: 'Vendors', description: 'Carriers and their documents' },
    ...(canViewPayments(tier) ? [{ to: '/staff/payments', label: 'Payments', description: 'Loads awaiting payment and every payment change' }] : []),
    { to: '/staff/profile', label: 'Profile', description: 'Your staff profile' },
    ...(isAdmin ? [{ to: '/staff/accounts', label: 'Staff Accounts', description: 'Staff members and their tiers' }] : []),
    ...(isAdmin ? [{ to: '/staff/recycle-bin', label: 'Recycle Bin', description: 'Deleted loads, vendors and staff accounts, to restore' }] : []),
  ];
}
