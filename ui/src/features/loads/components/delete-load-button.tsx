import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoadView } from '@portal/domain/loads/view';
import { BusyButton } from '../../../components/busy-button';
import { Modal } from '../../../components/modal';
import { DISCARDS_UNSAVED } from '../../../components/unsaved-changes-guard';
import { focusNewPageWhenLost } from '../../../lib/focus';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { useDeleteLoad } from '../api/delete-load';
import { errorText, LOAD_MESSAGES } from '../utils/load-messages';

/** Deletes after a confirmation, then returns to `listPath`, the list the user came from. */
export function DeleteLoadButton({ load, listPath = '/loads' }: { load: LoadView; listPath?: string }) {
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteLoad(load.id);
  const button = useRef<HTMLButtonElement>(null);
  const once = useOneAtATime();

  function confirm() {
    if (!once.begin()) return;
    remove.mutate(undefined, {
      onSettled: once.end,
      onSuccess: () => {
        toast.success(LOAD_MESSAGES.deleted);
        const opener = button.current;
        // Gone: a section's unsaved edits went with it, and nothing is asked about them.
        void navigate(listPath, { replace: true, state: DISCARDS_UNSAVED });
        // This page and its button go; the focus would be left on <body>. Once the list is shown, its heading takes
        // it, unless a route-change focus manager (or the user) has already put it somewhere.
        focusNewPageWhenLost(() => !opener?.isConnected && window.location.pathname === listPath);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorText(error) ?? LOAD_MESSAGES.deleteFailed);
      },
    });
  }

  return (
    <>
      <button ref={button} type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete Load
      </button>
      <Modal
        open={confirming}
        size="sm"
        title={`Delete Load ${load.kdt_id}?`}
        onClose={() => !remove.isPending && setConfirming(false)}
        footer={
          <>
            <BusyButton className="button button-secondary" onClick={() => setConfirming(false)} unavailable={remove.isPending}>
              Cancel
            </BusyButton>
            <BusyButton className="button button-danger" onClick={confirm} busy={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Load'}
            </BusyButton>
          </>
        }
      >
        <p>{LOAD_MESSAGES.deleteConfirm}</p>
      </Modal>
    </>
  );
}
