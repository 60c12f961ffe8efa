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
  return (
    <Modal
      open={target !== null}
      size="sm"
      title={`Restore ${noun}`}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={busy || error !== null} aria-busy={busy} onClick={onConfirm}>
            {busy ? 'Restoring...' : 'Restore'}
          </button>
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
