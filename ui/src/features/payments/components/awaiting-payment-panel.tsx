import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { formatDetailDateTime } from '../../../lib/format-date';
import { useLoadsPushed } from '../../../lib/live-changes';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { serverDetail } from '../../history/utils/history-messages';
import { paymentKeys, useAwaitingPayment } from '../api/payments-api';
import { awaitingSummary, daysWaiting, formatAmount, waitingText } from '../utils/awaiting-payment';
import { PaymentStatusBadge } from './payment-status-badge';
import { ShowMore } from './show-more';

/** Rows drawn at first (the log below stays in reach), and added by each Show more. */
export const AWAITING_ROWS_SHOWN = 10;
const AWAITING_ROWS_MORE = 25;

/**
 * The delivered loads not paid in full, the longest waiting first: the list accounting works through, which the
 * payments log (changes only) cannot give, as a load never paid has no change in it. Followed live: a load delivered,
 * paid or deleted anywhere re-reads it (at most every 2 s).
 */
export function AwaitingPaymentPanel() {
  const headingId = useId();
  const awaiting = useAwaitingPayment();
  useFollowChanges(paymentKeys.awaiting(), useLoadsPushed(), { minIntervalMs: 2_000 });
  const [count, setCount] = useState(AWAITING_ROWS_SHOWN);
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = awaiting.data ?? [];
  const now = new Date();

  return (
    <section className="pay-awaiting" aria-labelledby={headingId}>
      <h2 id={headingId}>Awaiting payment</h2>
      {awaiting.isPending ? (
        <Spinner size="sm" label="Loading the loads awaiting payment" />
      ) : awaiting.isError && !awaiting.data ? (
        <p className="pay-error" role="alert">
          {serverDetail(awaiting.error) ?? 'Failed to load the loads awaiting payment.'}
        </p>
      ) : (
        <>
          <p className="pay-awaiting-summary" aria-live="polite">
            {awaitingSummary(rows)}
          </p>
          {rows.length > 0 && (
            <div className="pay-table-scroll">
              <table role="table" className="pay-table pay-awaiting-table cards-on-phone cards-hide-head" aria-label="Delivered loads awaiting payment">
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">Load</th>
                    <th role="columnheader" scope="col">Vendor</th>
                    <th role="columnheader" scope="col">Delivery date</th>
                    <th role="columnheader" scope="col">Waiting</th>
                    <th role="columnheader" scope="col" className="pay-amount">Rate</th>
                    <th role="columnheader" scope="col" className="pay-amount">Paid</th>
                    <th role="columnheader" scope="col" className="pay-amount">Balance</th>
                    <th role="columnheader" scope="col">Status</th>
                  </tr>
                </thead>
                <tbody role="rowgroup" ref={body}>
                  {rows.slice(0, count).map((row) => (
                    <tr role="row" key={row.id}>
                      <td role="cell" className="cell-kdt_id">
                        <Link className="pay-row-link" to={`/staff/load/${encodeURIComponent(row.id)}`}>
                          {row.kdt_id}
                        </Link>
                      </td>
                      <td role="cell" className="cell-vendor_name">{row.vendor_name ?? <span className="pay-muted">Not assigned</span>}</td>
                      <td role="cell" className="cell-delivery_date" data-label="Delivery">{row.delivery_date ? <time dateTime={row.delivery_date}>{formatDetailDateTime(row.delivery_date)}</time> : <span className="pay-muted">Not set</span>}</td>
                      <td role="cell" className="cell-waiting" data-label="Waiting">{waitingText(daysWaiting(row.delivery_date, now))}</td>
                      <td role="cell" className="pay-amount" data-label="Rate">{formatAmount(row.rate_amount)}</td>
                      <td role="cell" className="pay-amount" data-label="Paid">{formatAmount(row.amount_paid ?? 0)}</td>
                      <td role="cell" className="pay-amount cell-balance" data-label="Balance">{formatAmount(row.balance)}</td>
                      <td role="cell" className="cell-payment_status">
                        <PaymentStatusBadge status={row.payment_status} />
                        {/* Marked Paid with less than the rate recorded as paid: why a paid load is listed here. */}
                        {row.payment_status === 'paid' && <span className="pay-muted"> short</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ShowMore shown={count} total={rows.length} step={AWAITING_ROWS_MORE} onMore={() => setCount((shown) => shown + AWAITING_ROWS_MORE)} rows={body} />
        </>
      )}
    </section>
  );
}
