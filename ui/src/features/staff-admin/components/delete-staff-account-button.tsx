import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { type StaffAccount, useDeleteStaffAccount } from '../api/staff-accounts';
import { serverDetail } from '../utils/server-detail';
import { displayName, effectiveTier } from '../utils/staff-account-list';
import { STAFF_ACCOUNT_MESSAGES } from '../utils/staff-admin-messages';

/** Soft-deletes a non-admin staff account after a confirmation, then goes back to the list. */
export function DeleteStaffAccountButton({ account }: { account: StaffAccount }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteStaffAccount(account.id);
  const toast = useToast();
  const navigate = useNavigate();
  const once = useOneAtATime();

  async function confirm() {
    // Refused here already; the server refuses it too.
    if (!account.id || effectiveTier(account) === 'ADMIN') {
      toast.error(STAFF_ACCOUNT_MESSAGES.adminNotDeletable);
      setConfirming(false);
      return;
    }
    if (!once.begin()) return;
    try {
      await remove.mutateAsync();
      toast.success(STAFF_ACCOUNT_MESSAGES.deleted);
      setConfirming(false);
      await navigate('/staff/accounts');
    } catch (error) {
      toast.error(serverDetail(error) ?? STAFF_ACCOUNT_MESSAGES.deleteFailed);
    } finally {
      once.end();
    }
  }

  const busy = remove.isPending;
  return (
    <>
      <button type="button" className="button sa-danger" onClick={() => setConfirming(true)}>
        {STAFF_ACCOUNT_MESSAGES.deleteButton}
      </button>
      <Modal
        open={confirming}
        title={STAFF_ACCOUNT_MESSAGES.deleteTitle}
        size="sm"
        onClose={() => !busy && setConfirming(false)}
        footer={
          <div className="sa-dialog-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button sa-danger-solid" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              {busy ? STAFF_ACCOUNT_MESSAGES.deleting : STAFF_ACCOUNT_MESSAGES.deleteButton}
            </button>
          </div>
        }
      >
        <p>
          Delete the staff account of <strong>{displayName(account)}</strong> ({account.username})? They will no longer be able to sign
          in, and the account disappears from staff lists. It can be recovered later.
        </p>
      </Modal>
    </>
  );
}
