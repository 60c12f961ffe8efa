import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { useDeleteVendor } from '../api/vendors';
import { VENDOR_MESSAGES } from '../utils/staff-admin-messages';

/** ADMIN only: soft-deletes the vendor after a confirmation, then goes back to the vendor list. */
export function DeleteVendorButton({ vendorId, vendorName }: { vendorId: string; vendorName: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVendor(vendorId);
  const toast = useToast();
  const navigate = useNavigate();
  const once = useOneAtATime();

  async function confirm() {
    if (!once.begin()) return;
    try {
      await remove.mutateAsync();
      toast.success(VENDOR_MESSAGES.deleted);
      setConfirming(false);
      await navigate('/staff/vendors');
    } catch {
      toast.error(VENDOR_MESSAGES.deleteFailed);
    } finally {
      once.end();
    }
  }

  const busy = remove.isPending;
  return (
    <>
      <button type="button" className="button sa-danger" onClick={() => setConfirming(true)}>
        Delete Vendor
      </button>
      <Modal
        open={confirming}
        title="Delete Vendor"
        size="sm"
        onClose={() => !busy && setConfirming(false)}
        footer={
          <div className="sa-dialog-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button sa-danger-solid" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting...' : 'Delete Vendor'}
            </button>
          </div>
        }
      >
        <p>
          Delete <strong>{vendorName}</strong>? The vendor disappears from the vendor list and can no longer be assigned to loads. Its
          account is closed: its users are signed out at once and can no longer sign in. Its loads stay on the board under its
          name. The record is kept and can be restored from the Recycle Bin.
        </p>
      </Modal>
    </>
  );
}
