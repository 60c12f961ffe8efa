import { useSyncExternalStore } from 'react';

// How many times the live connection has said loads changed (a push, or a resync after missed ones), the payments
// log changed, or a vendor or staff member was deleted or restored. Screens that show data derived from them but kept
// in caches of their own (the payments log, the recycle bin) follow these counts.
let loadsPushed = 0;
let recycleBinPushed = 0;
let paymentsPushed = 0;
let accountsPushed = 0;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** Loads changed (pushed, or everything may have: a resync). */
export function noteLoadsPushed(): void {
  loadsPushed += 1;
  changed();
}

/** The payments log changed (or everything may have: a resync). */
export function notePaymentsPushed(): void {
  paymentsPushed += 1;
  changed();
}

/** An account changed (a staff tier or profile, a sign-in, an activation, a deletion), or everything may have. */
export function noteAccountsPushed(): void {
  accountsPushed += 1;
  changed();
}

/** A vendor or staff member was deleted or restored. */
export function noteRecycleBinPushed(): void {
  recycleBinPushed += 1;
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes with every live push about loads, and at a resync. */
export const useLoadsPushed = (): number => useSyncExternalStore(subscribe, () => loadsPushed);

/** Changes with every live push saying the payments log changed, and at a resync. */
export const usePaymentsPushed = (): number => useSyncExternalStore(subscribe, () => paymentsPushed);

/** Changes with every live push about loads or about deleted and restored vendors and staff members (a resync too). */
export const useRecycleBinPushed = (): string => useSyncExternalStore(subscribe, () => `${loadsPushed}:${recycleBinPushed}`);

/** Changes with every live push about accounts, and at a resync. */
export const useAccountsPushed = (): number => useSyncExternalStore(subscribe, () => accountsPushed);
