import { useEffect, useRef } from 'react';
import { staffTierLabel } from '../staff-tier';
import { useToast } from '../toast-context';
import { type StaffTier, useSession } from './current-user';

/** What a staff member is told when their tier changes while the portal is open. */
export const tierChangedNotice = (tier: StaffTier | null | undefined) =>
  `Your tier is now ${staffTierLabel(tier)}: the pages and actions open to you have changed with it.`;

/**
 * Tells a staff member when their tier changes under them (an admin changed it, here or elsewhere; the change is pushed
 * live). Their pages and controls follow at once, and a page they may no longer open sends them to the dashboard: with
 * nothing said, both came unexplained. Not at sign-in, nor when another user signs in here.
 */
export function useTierChangeNotice(): void {
  const { user } = useSession();
  const toast = useToast();
  const seen = useRef<{ id: string; tier: StaffTier | null } | null>(null);
  const id = user?.user_type === 'STAFF' ? user.id : null;
  const tier = user?.staff_profile?.tier ?? null;
  useEffect(() => {
    const before = seen.current;
    seen.current = id ? { id, tier } : null;
    if (id && before?.id === id && before.tier !== tier) toast.info(tierChangedNotice(tier));
  }, [id, tier, toast]);
}
