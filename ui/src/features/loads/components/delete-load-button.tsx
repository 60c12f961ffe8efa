import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoadView } from '@portal/domain/loads/view';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../lib/toast-context';
import { useDeleteLoad } from '../api/delete-load';
import { errorText, LOAD_MESSAGES } from '../utils/load-messages';

/** Deletes after a confirmation, then returns to `listPath`, the list the user came from. */
export function DeleteLoadButton({ load, listPath = '/loads' }: { load: LoadView; listPath?: string }) {
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteLoad(load.id);

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(LOAD_MESSAGES.deleted);
        void navigate(listPath, { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorText(error) ?? LOAD_MESSAGES.deleteFailed);
      },
    });
  }

  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete Load
      </button>
      <Modal
        open={confirming}
        size="sm"
        title={`Delete Load ${load.kdt_id}?`}
        onClose={() => !remove.isPending && setConfirming(false)}
        footer={
          <>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </button>
            <button type="button" className="button button-danger" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Load'}
            </button>
          </>
        }
      >
        <p>{LOAD_MESSAGES.deleteConfirm}</p>
      </Modal>
    </>
  );
}
