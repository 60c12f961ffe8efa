import { Link } from 'react-router';
import type { StaffTier } from '@portal/domain/staff/events';
import { useSession } from '../../../lib/auth/current-user';
import { useLogout } from '../../../lib/auth/logout';
import { canViewPayments } from '../../payments/utils/payments-access';
import { TierBadge } from '../../staff-admin/components/tier-badge';

interface Shortcut {
  to: string;
  label: string;
  description: string;
}

/** The pages this tier may open, as the nav bar has them. */
function shortcuts(tier: StaffTier | undefined): Shortcut[] {
  const isAdmin = tier === 'ADMIN';
  return [
    { to: '/staff/loads', label: 'Loads', description: 'Loads across all vendors' },
    { to: '/staff/vendors', label: 'Vendors', description: 'Carriers and their documents' },
    ...(canViewPayments(tier) ? [{ to: '/staff/payments', label: 'Payments', description: 'Loads awaiting payment and every payment change' }] : []),
    { to: '/staff/profile', label: 'Profile', description: 'Your staff profile' },
    ...(isAdmin ? [{ to: '/staff/accounts', label: 'Staff Accounts', description: 'Staff members and their tiers' }] : []),
    ...(isAdmin ? [{ to: '/staff/recycle-bin', label: 'Recycle Bin', description: 'Deleted loads, vendors and staff accounts, to restore' }] : []),
  ];
}

/** /staff/dashboard: who is signed in, with which tier, where to go next, and Logout. */
export function StaffDashboardPage() {
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  const tier = user.staff_profile?.tier;

  return (
    <section className="page">
      <div className="card dashboard-card">
        <h1>Welcome, {user.username}</h1>
        <p className="dashboard-tier">
          Tier: <TierBadge tier={tier ?? 'PENDING'} />
        </p>
        {(!tier || tier === 'PENDING') && (
          <p className="muted">No tier has been assigned to your account yet. An administrator can assign one.</p>
        )}
        <ul className="dashboard-links">
          {shortcuts(tier).map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to}>{shortcut.label}</Link>
              <span className="muted"> — {shortcut.description}</span>
            </li>
          ))}
        </ul>
        <button type="button" className="button button-secondary" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </section>
  );
}
