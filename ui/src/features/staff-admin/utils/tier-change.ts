// The tier changes that are asked about before they are made: the menu saves the others on one press (staff-side.md
// section 4), but granting the Admin tier hands over every staff account, and an admin changing their own tier loses the
// admin pages at once, with only another admin able to give them back.
import type { StaffTier } from '@portal/domain/staff/events';
import { staffTierLabel } from '../../../lib/staff-tier';

export interface TierChangeQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

export function tierChangeQuestion(next: StaffTier, target: { self: boolean; name: string }): TierChangeQuestion | null {
  if (target.self) {
    return {
      title: 'Change your own tier?',
      message: `You will be ${staffTierLabel(next)}. The Admin pages (Staff Accounts, Recycle Bin) close to you at once, and only another admin can give you the Admin tier back.`,
      confirmLabel: 'Change My Tier',
    };
  }
  if (next === 'ADMIN') {
    return {
      title: `Make ${target.name} an Admin?`,
      message: "An Admin can change anyone's tier, delete and restore loads, vendors and staff accounts, and see every payment.",
      confirmLabel: 'Make Admin',
    };
  }
  return null;
}
