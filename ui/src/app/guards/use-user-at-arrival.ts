import { useState } from 'react';
import { useLocation } from 'react-router';
import { type CurrentUser, useSession } from '../../lib/auth/current-user';

/**
 * The session as it was when the browser arrived at the current location. Guards decide on this, so a
 * login or logout on a page does not fight the navigation that login and logout make themselves.
 */
export function useUserAtArrival(): CurrentUser | null {
  const { user } = useSession();
  const { key } = useLocation();
  const [arrival, setArrival] = useState({ key, user });
  if (arrival.key !== key) {
    setArrival({ key, user });
    return user;
  }
  return arrival.user;
}
