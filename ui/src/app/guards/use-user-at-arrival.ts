import { useState } from 'react';
import { useLocation } from 'react-router';
import { type CurrentUser, useSession } from '../../lib/auth/current-user';

/** `value` as it was when the browser arrived at the current location (the value now, at each new location). */
export function useAtArrival<T>(value: T): T {
  const { key } = useLocation();
  const [arrival, setArrival] = useState({ key, value });
  if (arrival.key !== key) {
    setArrival({ key, value });
    return value;
  }
  return arrival.value;
}

/**
 * The session as it was when the browser arrived at the current location. Guards decide on this, so a
 * login or logout on a page does not fight the navigation that login and logout make themselves.
 */
export function useUserAtArrival(): CurrentUser | null {
  return useAtArrival(useSession().user);
}
