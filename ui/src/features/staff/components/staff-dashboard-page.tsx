import { Link } from 'react-router';
import { useSession } from '../../../lib/auth/current-user';
import { useLogout } from '../../../lib/auth/logout';
import { TierBadge } from '../../staff-admin/components/tier-badge';
import { staffPages } from '../utils/staff-pages';

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
          {staffPages(tier).map((shortcut) => (
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
