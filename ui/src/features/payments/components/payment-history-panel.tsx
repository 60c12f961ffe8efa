import { useId, useMemo, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/auth/current-user';
import { formatAuditTime } from '../../history/utils/audit-format';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { historyErrorText } from '../../history/utils/history-messages';
import { paymentKeys, useLoadPaymentHistory } from '../api/payments-api';
import { canViewPayments } from '../utils/payments-access';
import { changeSummary, newestRows, PAYMENT_HISTORY_PREVIEW, sortByTime } from '../utils/payments-log';
import { ActorCell } from './actor-cell';
import '../payments.css';

export interface PaymentHistoryPanelProps {
  loadId: string;
  /** Anything that changes when the load does (e.g. the load object the screen shows): the history is read again. */
  watch?: unknown;
}

/**
 * The changes to the load's payment status, amount paid, last payment date and payment notes, oldest first, with
 * who and when: the newest few, and all of them on request. Renders nothing for anyone but ACCOUNTING and ADMIN.
 */
export function PaymentHistoryPanel({ loadId, watch }: PaymentHistoryPanelProps) {
  const { user } = useSession();
  const allowed = canViewPayments(user?.staff_profile?.tier);
  if (!allowed) return null;
  return <PaymentHistoryCard loadId={loadId} watch={watch} />;
}

function PaymentHistoryCard({ loadId, watch }: PaymentHistoryPanelProps) {
  const headingId = useId();
  const tableId = useId();
  const query = useLoadPaymentHistory(loadId, true);
  useFollowChanges(paymentKeys.loadHistory(loadId), watch);
  const changes = useMemo(() => sortByTime(query.data ?? [], false), [query.data]);
  // A load edited often would otherwise push the History panel below thousands of pixels of rows.
  const [showAll, setShowAll] = useState(false);
  const shown = newestRows(changes, showAll);
  const bounded = changes.length > PAYMENT_HISTORY_PREVIEW;

  return (
    <section className="card pay-panel" aria-labelledby={headingId}>
      <header className="pay-panel-header">
        <h2 id={headingId}>Payment History</h2>
        {changes.length > 0 && (
          <span className="pay-muted">
            {changes.length} {changes.length === 1 ? 'change' : 'changes'}
          </span>
        )}
        <span className="pay-spacer" />
        {query.isFetching && !query.isPending && <Spinner size="sm" label="Refreshing payment history" />}
      </header>
      {query.isPending ? (
        <div className="pay-state">
          <Spinner label="Loading payment history" />
        </div>
      ) : query.isError ? (
        <p className="pay-error" role="alert">
          {historyErrorText(query.error)}
        </p>
      ) : changes.length === 0 ? (
        <p className="pay-muted">No payment changes recorded yet.</p>
      ) : (
        <>
          {bounded && (
            <p className="pay-history-bound">
              <span className="pay-muted">
                {showAll ? `Showing all ${changes.length} changes` : `Showing the newest ${shown.length} of ${changes.length} changes`}
              </span>
              <button type="button" className="pay-link-button" aria-controls={tableId} aria-expanded={showAll} onClick={() => setShowAll((all) => !all)}>
                {showAll ? 'Show fewer' : `Show all ${changes.length} changes`}
              </button>
            </p>
          )}
          <div className="pay-table-scroll">
            <table role="table" id={tableId} className="pay-table pay-history-table cards-on-phone cards-hide-head" aria-label="Payment history">
              <thead role="rowgroup">
                <tr role="row">
                  <th role="columnheader" scope="col" className="col-at">
                    When
                  </th>
                  <th role="columnheader" scope="col" className="col-actor">
                    By
                  </th>
                  <th role="columnheader" scope="col" className="col-change">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {shown.map((change) => (
                  <tr role="row" key={`${change.position}-${change.field}`}>
                    <td role="cell" className="cell-at">
                      <time dateTime={change.at}>{formatAuditTime(change.at)}</time>
                    </td>
                    <td role="cell" className="cell-actor">
                      <ActorCell actor={change.actor} />
                    </td>
                    <td role="cell" className="cell-change">{changeSummary(change)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
