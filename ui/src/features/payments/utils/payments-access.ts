import { PAYMENT_AUDIT_TIERS } from '@portal/domain/permissions';
import type { StaffTier } from '../../../lib/auth/current-user';

/** Payment history and the payments log: accounting and admins (the tiers the read API checks, domain/permissions). */
export const canViewPayments = (tier: StaffTier | null | undefined): boolean => tier !== null && tier !== undefined && PAYMENT_AUDIT_TIERS.includes(tier);

export const PAYMENTS_PATH = '/staff/payments';
