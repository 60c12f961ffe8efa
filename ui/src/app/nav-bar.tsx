import { Link, NavLink, useLocation } from 'react-router';
import { ThemeToggle } from '../components/theme-toggle';
import { LiveIndicator } from '../features/realtime/components/live-indicator';
import { useLiveConnection } from '../features/realtime/hooks/use-live-connection';
import { staffPages } from '../features/staff/utils/staff-pages';
import { type StaffTier, useSession } from '../lib/auth/current-user';
import { useLogout } from '../lib/auth/logout';

interface NavItem {
  to: string;
  label: string;
}

/** A guest's links; on the staff portal's pages, Sign Up is the staff sign-up (it was the vendor's there too). */
const guestLinks = (pathname: string): NavItem[] => [
  { to: '/', label: 'Vendor Login' },
  { to: '/staff/login', label: 'Staff Login' },
  { to: pathname.startsWith('/staff/') ? '/staff/signup' : '/signup', label: 'Sign Up' },
];

/** The vendor's links; the loads list has two addresses (/loads and /vendor/loads), and Loads is current on either. */
const vendorLinks = (pathname: string): NavItem[] => [
  { to: '/profile', label: 'Profile' },
  { to: pathname === '/vendor/loads' ? '/vendor/loads' : '/loads', label: 'Loads' },
  { to: '/settings', label: 'Settings' },
];

/** Staff: the dashboard, the pages the tier may open (the dashboard's shortcuts too), and Settings. */
const staffLinks = (tier: StaffTier | null | undefined): NavItem[] => [
  { to: '/staff/dashboard', label: 'Dashboard' },
  ...staffPages(tier),
  { to: '/settings', label: 'Settings' },
];

export function NavBar() {
  const { user, userType } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  // The nav bar is on every page: it holds the live connection open for as long as someone is signed in.
  const signedIn = userType === 'VENDOR' || userType === 'STAFF';
  const live = useLiveConnection(signedIn && user ? user.id : null);

  let links: NavItem[] = [];
  if (userType === 'GUEST') links = guestLinks(pathname);
  else if (userType === 'VENDOR') links = vendorLinks(pathname);
  else if (userType === 'STAFF') links = staffLinks(user?.staff_profile?.tier);

  return (
    <header className="nav-bar">
      <div className="nav-inner">
        <Link to={userType === 'STAFF' ? '/staff/dashboard' : '/'} className="nav-brand">
          <span className="nav-brand-mark" aria-hidden="true" />
          Freight Portal
          {userType === 'STAFF' && <span className="nav-brand-tag">Staff</span>}
        </Link>
        <nav aria-label="Main">
          <ul className="nav-links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav-actions">
          {signedIn && <LiveIndicator state={live.state} />}
          {user && <span className="nav-user">{user.username}</span>}
          <ThemeToggle className="nav-button" />
          {user && (
            <button type="button" className="nav-button" onClick={() => void logout()}>
              Logout
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
