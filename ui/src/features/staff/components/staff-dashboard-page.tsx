import { useSession } from '../../../lib/auth/current-user';
import { useLogout } from '../../../lib/auth/logout';
import { staffTierLabel } from '../../../lib/staff-tier';

export function StaffDashboardPage() {
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;

  return (
    <section className="page">
      <div className="card dashboard-card">
        <h1>Welcome, {user.username}</h1>
        <p className="dashboard-tier">
          Tier: <span className="tier-badge">{staffTierLabel(user.staff_profile?.tier)}</span>
        </p>
        <button type="button" className="button button-secondary" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </section>
  );
}
