import { Link } from 'react-router';
import { isAdminUser, useSession } from '../lib/auth/current-user';
import './recycle-bin-hint.css';

export const RECYCLE_BIN_PATH = '/staff/recycle-bin';

/** The hint under a "not found" for the one tier that can see deleted records; the spec's wording above stays as is. */
export const recycleBinHintText = (noun: string) => `If this ${noun} was deleted, you can restore it from the`;

/**
 * For an ADMIN who opened the link of a record that is not there: a deleted load, vendor or staff account waits in the
 * recycle bin. Renders nothing for other tiers, who cannot see deleted records.
 */
export function RecycleBinHint({ noun }: { noun: string }) {
  const { user } = useSession();
  if (!isAdminUser(user)) return null;
  return (
    <p className="recycle-bin-hint">
      {recycleBinHintText(noun)} <Link to={RECYCLE_BIN_PATH}>Recycle Bin</Link>.
    </p>
  );
}
