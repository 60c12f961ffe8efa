import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/current-user';
import { useVendorProfile } from '../api/get-vendor-profile';
import { LOAD_FAILED } from '../utils/profile-form';
import { VendorProfileForm } from './vendor-profile-form';
import '../vendor-profile.css';

/** /profile: the vendor's profile, documents and carrier agreement. */
export function VendorProfilePage() {
  const { user } = useSession();
  // The profile loads only when a user is signed in.
  const profile = useVendorProfile({ enabled: Boolean(user) });

  if (profile.isPending) {
    return (
      <p className="page-status" role="status">
        Loading profile data...
      </p>
    );
  }
  // A 404 (no vendor profile) is tolerated silently: the form starts empty.
  if (profile.isError && !(profile.error instanceof ApiError && profile.error.status === 404)) {
    return (
      <div className="form-error vp-load-error" role="alert">
        {LOAD_FAILED}
      </div>
    );
  }
  return <VendorProfileForm profile={profile.data} username={user?.username ?? ''} />;
}
