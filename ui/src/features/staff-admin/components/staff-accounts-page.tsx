import { useMemo, useState } from 'react';
import { isAdminUser, useSession } from '../../../lib/auth/current-user';
import { useAccountsPushed } from '../../../lib/live-changes';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { STAFF_ACCOUNTS_KEY, useStaffAccounts } from '../api/staff-accounts';
import { isStatus } from '../utils/server-detail';
import { filterStaffAccounts } from '../utils/staff-account-list';
import { STAFF_ACCOUNT_MESSAGES } from '../utils/staff-admin-messages';
import { AccessDenied } from './access-denied';
import { StaffAccountsTable } from './staff-accounts-table';
import '../staff-admin.css';

/** /staff/accounts (ADMIN only): every staff account, searchable and sortable; a row opens /staff/{id}. */
export function StaffAccountsPage() {
  const { user } = useSession();
  const isAdmin = isAdminUser(user);
  const accounts = useStaffAccounts();
  // Another admin's change (a tier, a deletion) or anyone's sign-in: the list reads itself again.
  useFollowChanges(STAFF_ACCOUNTS_KEY, useAccountsPushed(), { minIntervalMs: 2_000 });
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterStaffAccounts(accounts.data ?? [], search), [accounts.data, search]);

  // The router keeps non-admins out; this covers a tier taken away meanwhile, which the API then refuses.
  if (!isAdmin || isStatus(accounts.error, 403)) return <AccessDenied message={STAFF_ACCOUNT_MESSAGES.listNoPermission} />;

  return (
    <section className="sa-page">
      <header className="sa-page-header">
        <h1>{STAFF_ACCOUNT_MESSAGES.title}</h1>
      </header>
      {accounts.isError && (
        <div className="form-error sa-banner" role="alert">
          {STAFF_ACCOUNT_MESSAGES.listFailed}
        </div>
      )}
      <div className="sa-toolbar">
        <input
          type="search"
          className="sa-search"
          placeholder={STAFF_ACCOUNT_MESSAGES.searchPlaceholder}
          aria-label="Search staff accounts"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {accounts.isSuccess && (
          <span className="sa-count" aria-live="polite">
            {shown.length} of {accounts.data.length} accounts
          </span>
        )}
      </div>
      {accounts.isPending ? (
        <p className="page-status" role="status">
          {STAFF_ACCOUNT_MESSAGES.listLoading}
        </p>
      ) : (
        <StaffAccountsTable accounts={shown} searching={search.trim() !== ''} />
      )}
    </section>
  );
}
