import { useMemo } from 'react';
import { useSession } from '../../../lib/auth/current-user';
import { actorOf, type LoadCapabilities, loadCapabilities } from '../utils/load-capabilities';

/** The signed-in user's capabilities, on loads in general or on `load`. */
export function useLoadCapabilities(load?: { vendor: string | null }): LoadCapabilities {
  const { user } = useSession();
  const scoped = load !== undefined;
  const vendor = load?.vendor ?? null;
  return useMemo(() => loadCapabilities(user ? actorOf(user) : null, scoped ? { vendor } : undefined), [user, scoped, vendor]);
}
