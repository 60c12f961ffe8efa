import type { StaffTier } from '@portal/domain/staff/events';
import { staffTierLabel } from '../../../lib/staff-tier';
import { TIER_COLOURS } from '../utils/staff-account-list';
import './tier-badge.css';

export function TierBadge({ tier }: { tier: StaffTier }) {
  return <span className={`sa-tier sa-tier-${TIER_COLOURS[tier]}`}>{staffTierLabel(tier)}</span>;
}
