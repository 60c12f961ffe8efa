import { DeletedBadge } from '../../../components/deleted-badge';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useLoadAsOf, useVendorAsOf, type HistoryEntry } from '../api/history-api';
import { actorLabel, formatAuditTime } from '../utils/audit-format';
import { asOfDeletedText, asOfErrorText, changeName, HISTORY_MESSAGES } from '../utils/history-messages';
import { loadSnapshotGroups } from '../utils/load-snapshot';
import type { SnapshotGroup } from '../utils/snapshot';
import { vendorSnapshotGroups } from '../utils/vendor-snapshot';
import { SnapshotView } from './snapshot-view';

export type TimeTravelKind = 'load' | 'vendor';

interface AsOfDialogProps {
  kind: TimeTravelKind;
  id: string;
  /** The change to look back from; null keeps the dialog closed. */
  entry: HistoryEntry | null;
  onClose(): void;
}

/** "View as of this change": the record read-only, as it stood right after `entry`. */
export function AsOfDialog({ kind, id, entry, onClose }: AsOfDialogProps) {
  return (
    <Modal
      open={entry !== null}
      size="lg"
      title={entry ? `${kind === 'load' ? 'Load' : 'Vendor'} as of ${formatAuditTime(entry.at)}` : ''}
      onClose={onClose}
      scrollableBody
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {entry && (
        <>
          <p className="hist-asof-note">
            {HISTORY_MESSAGES.asOfReadOnly} {changeName(entry)}, by {actorLabel(entry.actor)}.
          </p>
          {kind === 'load' ? <LoadAsOf id={id} entry={entry} /> : <VendorAsOf id={id} entry={entry} />}
        </>
      )}
    </Modal>
  );
}

function LoadAsOf({ id, entry }: { id: string; entry: HistoryEntry }) {
  const query = useLoadAsOf(id, entry.position);
  const groups = query.data ? loadSnapshotGroups(query.data) : null;
  return <AsOfBody noun="load" entry={entry} isPending={query.isPending} error={query.error} groups={groups} deleted={query.data?.deleted === true} />;
}

function VendorAsOf({ id, entry }: { id: string; entry: HistoryEntry }) {
  const query = useVendorAsOf(id, entry.position);
  const groups = query.data ? vendorSnapshotGroups(query.data) : null;
  return <AsOfBody noun="vendor" entry={entry} isPending={query.isPending} error={query.error} groups={groups} deleted={query.data?.deleted === true} />;
}

interface AsOfBodyProps {
  noun: string;
  entry: HistoryEntry;
  isPending: boolean;
  error: unknown;
  groups: SnapshotGroup[] | null;
  /** Deleted by then: its last values are shown, but it was no longer live. */
  deleted: boolean;
}

function AsOfBody({ noun, entry, isPending, error, groups, deleted }: AsOfBodyProps) {
  if (isPending) {
    return (
      <div className="hist-state">
        <Spinner label={`Loading the ${noun} as it was`} />
      </div>
    );
  }
  if (error || !groups) {
    return (
      <p className="hist-error" role="alert">
        {asOfErrorText(error, noun, entry.event_type)}
      </p>
    );
  }
  return (
    <>
      {deleted && (
        <p className="hist-asof-deleted">
          <DeletedBadge className="hist-deleted-badge" /> {asOfDeletedText(noun)}
        </p>
      )}
      <SnapshotView groups={groups} />
    </>
  );
}
