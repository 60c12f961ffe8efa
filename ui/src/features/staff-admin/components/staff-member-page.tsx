import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffTier } from '@portal/domain/staff/events';
import { RecycleBinHint } from '../../../components/recycle-bin-hint';
import { StatusBadge } from '../../../components/status-badge';
import { isAdminUser, useSession } from '../../../lib/auth/current-user';
import { useRecordTitle } from '../../../lib/record-title';
import { useToast } from '../../../lib/toast-context';
import { useAccountsPushed } from '../../../lib/live-changes';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { type StaffAccount, staffAccountKey, useStaffAccount, useUpdateStaffTier } from '../api/staff-accounts';
import { isStatus, serverDetail } from '../utils/server-detail';
import { activeLabel, displayName, effectiveTier, formatLongDateTime } from '../utils/staff-account-list';
import { STAFF_ACCOUNT_MESSAGES } from '../utils/staff-admin-messages';
import { AccessDenied } from './access-denied';
import { DeleteStaffAccountButton } from './delete-staff-account-button';
import { ErrorBox } from './error-box';
import { TierBadge } from './tier-badge';
import { TierSelector } from './tier-selector';
import { tierChangeQuestion } from '../utils/tier-change';
import '../staff-admin.css';
import { RecordHistoryPanel } from '../../history/components/record-history-panel';

function BackLink() {
  return (
    <Link to="/staff/accounts" className="button button-secondary sa-back">
      <span aria-hidden="true">← </span>
      {STAFF_ACCOUNT_MESSAGES.back}
    </Link>
  );
}

/** /staff/{id} (ADMIN only): one staff member, their tier, and deletion of non-admin accounts. */
export function StaffMemberPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const isAdmin = isAdminUser(user);
  const account = useStaffAccount(id);
  // Another admin's change to this account (its tier, a deletion), or its sign-in: the page reads it again.
  useFollowChanges(staffAccountKey(id), useAccountsPushed(), { minIntervalMs: 2_000 });
  useRecordTitle(account.data ? displayName(account.data) : null);

  if (!isAdmin || isStatus(account.error, 403)) return <AccessDenied message={STAFF_ACCOUNT_MESSAGES.detailNoPermission} />;
  if (account.isPending) {
    return (
      <p className="page-status" role="status">
        {STAFF_ACCOUNT_MESSAGES.detailLoading}
      </p>
    );
  }
  if (account.isError || !account.data) {
    const notFound = isStatus(account.error, 404) || !account.isError;
    const message = notFound ? STAFF_ACCOUNT_MESSAGES.notFound : (serverDetail(account.error) ?? STAFF_ACCOUNT_MESSAGES.detailFailed);
    return (
      <section className="sa-page-narrow">
        <BackLink />
        <ErrorBox title="Error" message={message}>
          {notFound && <RecycleBinHint noun="staff account" />}
        </ErrorBox>
      </section>
    );
  }
  return <StaffMemberDetail account={account.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const NotProvided = ({ text = STAFF_ACCOUNT_MESSAGES.notProvided }: { text?: string }) => <span className="sa-not-provided">{text}</span>;

function StaffMemberDetail({ account }: { account: StaffAccount }) {
  const { user } = useSession();
  const updateTier = useUpdateStaffTier(account.id);
  const toast = useToast();
  const tier = effectiveTier(account);
  const phone = account.staff_profile?.phone?.trim();
  const bio = account.staff_profile?.bio?.trim();

  async function changeTier(next: StaffTier) {
    try {
      await updateTier.mutateAsync(next);
    } catch (error) {
      toast.error(serverDetail(error) ?? STAFF_ACCOUNT_MESSAGES.tierFailedPage);
      throw error;
    }
  }

  return (
    <section className="sa-page-narrow">
      <BackLink />
      <header className="card sa-member-header">
        <div>
          <h1>{displayName(account)}</h1>
          <p className="sa-subtitle">@{account.username}</p>
          <div className="sa-member-badges">
            <StatusBadge tone={account.is_active ? 'success' : 'neutral'}>{activeLabel(account.is_active)}</StatusBadge>
            {account.is_builtin_admin ? (
              <TierBadge tier="ADMIN" />
            ) : (
              <TierSelector
                tier={tier}
                updating={updateTier.isPending}
                onChange={changeTier}
                question={(next) => tierChangeQuestion(next, { self: user?.id === account.id, name: displayName(account) })}
              />
            )}
          </div>
        </div>
      </header>

      <div className="sa-sections">
        <section className="card sa-section" aria-labelledby="sa-contact">
          <h2 id="sa-contact">Contact Information</h2>
          <dl className="sa-facts">
            <Fact label="Email">{account.email ? <a href={`mailto:${account.email}`}>{account.email}</a> : <NotProvided />}</Fact>
            <Fact label="Phone">{phone ? phone : <NotProvided />}</Fact>
          </dl>
        </section>
        <section className="card sa-section" aria-labelledby="sa-account">
          <h2 id="sa-account">Account Information</h2>
          <dl className="sa-facts">
            <Fact label="Last Login">{formatLongDateTime(account.last_login, STAFF_ACCOUNT_MESSAGES.notAvailable)}</Fact>
            <Fact label="Joined">{formatLongDateTime(account.date_joined, STAFF_ACCOUNT_MESSAGES.notAvailable)}</Fact>
          </dl>
        </section>
        <section className="card sa-section sa-section-wide" aria-labelledby="sa-bio">
          <h2 id="sa-bio">Bio</h2>
          {bio ? <p className="sa-bio">{bio}</p> : <NotProvided text={STAFF_ACCOUNT_MESSAGES.noBio} />}
        </section>
      </div>

      <RecordHistoryPanel kind="staff" id={account.id} watch={account} />

      {tier !== 'ADMIN' && (
        <div className="sa-danger-zone">
          <DeleteStaffAccountButton account={account} />
        </div>
      )}
    </section>
  );
}
