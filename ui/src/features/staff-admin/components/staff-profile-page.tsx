import { isAdminUser, useSession } from '../../../lib/auth/current-user';
import { useStaffProfile } from '../api/staff-profile';
import { isStatus } from '../utils/server-detail';
import { PROFILE_MESSAGES } from '../utils/staff-admin-messages';
import { StaffProfileForm } from './staff-profile-form';
import '../staff-admin.css';

/** /staff/profile: the signed-in staff member's own profile; only admins may change it. */
export function StaffProfilePage() {
  const { user } = useSession();
  const profile = useStaffProfile();

  if (profile.isPending) {
    return (
      <p className="page-status" role="status">
        Loading profile...
      </p>
    );
  }
  // A 404 (no staff profile) is tolerated: the form starts empty.
  if (profile.isError && !isStatus(profile.error, 404)) {
    return (
      <div className="form-error sa-page-narrow" role="alert">
        {PROFILE_MESSAGES.loadFailed}
      </div>
    );
  }
  return <StaffProfileForm profile={profile.data ?? null} username={user?.username ?? ''} canEdit={isAdminUser(user)} />;
}
