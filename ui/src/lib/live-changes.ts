import { useSyncExternalStore } from 'react';

// How many times the live connection has said loads changed (a push, or a resync after missed ones). Screens that
// show data derived from loads but kept in caches of their own (the payments log, the recycle bin) follow this count.
let loadsPushed = 0;
const listeners = new Set<() => void>();

export function noteLoadsPushed(): void {
  loadsPushed += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes with every live push about loads; pass it as `watch` to useFollowChanges. */
export const useLoadsPushed = (): number => useSyncExternalStore(subscribe, () => loadsPushed);
