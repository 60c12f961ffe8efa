import type { StaffTier } from '../../../lib/auth/current-user';

/** Payment history and the payments log: accounting and admins (the server enforces the same). */
export const PAYMENT_AUDIT_TIERS: readonly StaffTier[] = ['ACCOUNTING', 'ADMIN'];

export const canViewPayments = (tier: StaffTier | null | undefined): boolean => tier !== null && tier !== undefined && PAYMENT_AUDIT_TIERS.includes(tier);

export const PAYMENTS_PATH = '/staff/payments';
