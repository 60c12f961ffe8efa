import type { StaffTier } from './auth/current-user';

export const STAFF_TIER_LABELS: Record<StaffTier, string> = {
  ADMIN: 'Admin',
  DISPATCH_OPS: 'Dispatch/Ops',
  ACCOUNTING: 'Accounting',
  PENDING: 'No Tier Assigned',
};

/** A missing or unknown tier reads as PENDING, the spec's default. */
export function staffTierLabel(tier: StaffTier | null | undefined): string {
  return (tier && STAFF_TIER_LABELS[tier]) || STAFF_TIER_LABELS.PENDING;
}
