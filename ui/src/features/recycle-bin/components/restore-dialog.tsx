import { useEffect, useRef } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { Modal } from '../../../components/modal';
import { RECYCLE_SECTIONS, type RecycleKind } from '../utils/recycle-bin';

export interface RestoreTarget {
  kind: RecycleKind;
  id: string;
  name: string;
}

interface RestoreDialogProps {
  target: RestoreTarget | null;
  busy: boolean;
  /** The server's refusal (e.g. 409 'This record is not deleted: ...'). */
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

const WHERE_IT_RETURNS: Record<RecycleKind, string> = {
  loads: 'It returns to the loads board, with its documents and history.',
  vendors: 'The vendor returns to the vendor list and can log in and be assigned to loads again.',
  staff: 'The staff account returns to the staff accounts list and can log in again.',
};

/** The confirmation before a restore. */
export function RestoreDialog({ target, busy, error, onConfirm, onClose }: RestoreDialogProps) {
  const noun = target ? RECYCLE_SECTIONS[target.kind].noun : '';
  const cancel = useRef<HTMLButtonElement>(null);
  // Refused (restored elsewhere, say): Restore can do nothing more, so the focus goes to Cancel, the way out, once the
  // alert has said why; it fell to <body> when Restore was disabled under it.
  useEffect(() => {
    if (error !== null) cancel.current?.focus();
  }, [error]);
  return (
    <Modal
      open={target !== null}
      size="sm"
      title={`Restore ${noun}`}
      onClose={() => !busy && onClose()}
      footer={
        <>
          {/* Refused rather than disabled (while restoring, or once refused), so the focus stays in the dialog. */}
          <BusyButton ref={cancel} className="button button-secondary" unavailable={busy} onClick={onClose}>
            Cancel
          </BusyButton>
          <BusyButton className="button button-primary" busy={busy} unavailable={error !== null} onClick={onConfirm}>
            {busy ? 'Restoring...' : 'Restore'}
          </BusyButton>
        </>
      }
    >
      {target && (
        <>
          <p>
            Restore {noun.toLowerCase()} <strong>{target.name}</strong>? {WHERE_IT_RETURNS[target.kind]}
          </p>
          {error && (
            <p className="rb-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
