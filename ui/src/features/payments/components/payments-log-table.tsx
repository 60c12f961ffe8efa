import { memo, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DeletedBadge } from '../../../components/deleted-badge';
import { isAdminUser, useSession } from '../../../lib/auth/current-user';
import { formatAuditTime } from '../../history/utils/audit-format';
import type { PaymentLogEntry } from '../api/payments-api';
import { changeSummary, sortByTime } from '../utils/payments-log';
import { ActorCell } from './actor-cell';
import { PaymentStatusBadge } from './payment-status-badge';
import { ShowMore } from './show-more';

/** The columns, by the cell class each row's cells carry; only When sorts. */
const COLUMNS = [
  { id: 'at', header: 'When' },
  { id: 'kdt_id', header: 'Load' },
  { id: 'vendor_name', header: 'Vendor' },
  { id: 'summary', header: 'Change' },
  { id: 'actor', header: 'By' },
  { id: 'payment_status', header: 'Status After' },
] as const;

const ARROWS = { asc: '▲', desc: '▼' } as const;
/** Rows drawn at first, and added by each Show more. */
export const LOG_ROWS_SHOWN = 250;

interface PaymentsLogTableProps {
  entries: PaymentLogEntry[];
  filtered: boolean;
  busy: boolean;
  /** The filters, as text: other filters start again from the first rows. */
  view: string;
}

/**
 * One row. The same entry (a re-read keeps the objects of unchanged rows) is not drawn again, so a re-read after a
 * push draws only the new rows.
 */
const LogRow = memo(function LogRow({ entry, admin }: { entry: PaymentLogEntry; admin: boolean }) {
  return (
    <tr role="row">
      <td role="cell" className="cell-at">
        <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
      </td>
      <td role="cell" className="cell-kdt_id">
        {/* A deleted load opens for the ADMIN only (its page points to the recycle bin); for others it is not there. */}
        {entry.load_deleted && !admin ? (
          <span className="pay-row-link">{entry.kdt_id}</span>
        ) : (
          <Link className="pay-row-link" to={`/staff/load/${encodeURIComponent(entry.load_id)}`}>
            {entry.kdt_id}
          </Link>
        )}
        {entry.load_deleted && (
          <DeletedBadge className="pay-deleted-tag" title={admin ? 'This load is deleted: restore it from the Recycle Bin.' : 'This load is deleted: an admin can restore it.'} />
        )}
      </td>
      <td role="cell" className="cell-vendor_name">{entry.vendor_name ?? <span className="pay-muted">Not assigned</span>}</td>
      <td role="cell" className="cell-summary">
        <span className="pay-change">{changeSummary(entry)}</span>
      </td>
      <td role="cell" className="cell-actor">
        <ActorCell actor={entry.actor} />
      </td>
      <td role="cell" className="cell-payment_status">
        <PaymentStatusBadge status={entry.payment_status} />
      </td>
    </tr>
  );
});

/**
 * The cross-load log, newest first; the When header flips the order. Up to 5,000 rows come at once: the first
 * LOG_ROWS_SHOWN are drawn and Show more adds as many again, so a filter change or a re-read (every load change
 * anywhere may add rows) does not draw thousands of rows while the accountant waits. Memoised: the page re-renders at
 * every push, and nothing here changes unless the rows do.
 */
export const PaymentsLogTable = memo(function PaymentsLogTable({ entries, filtered, busy, view }: PaymentsLogTableProps) {
  const { user } = useSession();
  const admin = isAdminUser(user);
  const [newestFirst, setNewestFirst] = useState(true);
  const [shown, setShown] = useState({ view, count: LOG_ROWS_SHOWN });
  if (shown.view !== view) setShown({ view, count: LOG_ROWS_SHOWN });
  const count = shown.view === view ? shown.count : LOG_ROWS_SHOWN;
  const rows = useMemo(() => sortByTime(entries, newestFirst), [entries, newestFirst]);
  const drawn = rows.length > count ? rows.slice(0, count) : rows;
  const body = useRef<HTMLTableSectionElement>(null);

  return (
    <>
      <div className="pay-table-scroll" aria-busy={busy}>
        <table role="table" className="pay-table pay-log-table cards-on-phone" aria-label="Payments log">
          <thead role="rowgroup">
            <tr role="row">
              {COLUMNS.map(({ id, header }) =>
                id === 'at' ? (
                  <th role="columnheader" key={id} scope="col" className={`col-${id}`} aria-sort={newestFirst ? 'descending' : 'ascending'}>
                    <button type="button" className="pay-sort-button tap-target" onClick={() => setNewestFirst((desc) => !desc)}>
                      {header}
                      <span className="pay-sort-arrow" aria-hidden="true">
                        {newestFirst ? ARROWS.desc : ARROWS.asc}
                      </span>
                    </button>
                  </th>
                ) : (
                  <th role="columnheader" key={id} scope="col" className={`col-${id}`}>
                    {header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody role="rowgroup" ref={body}>
            {rows.length === 0 ? (
              <tr role="row">
                <td role="cell" className="pay-empty" colSpan={COLUMNS.length}>
                  {filtered ? 'No payment changes match these filters.' : 'No payment changes recorded yet.'}
                </td>
              </tr>
            ) : (
              drawn.map((entry) => <LogRow key={rowKey(entry)} entry={entry} admin={admin} />)
            )}
          </tbody>
        </table>
      </div>
      <ShowMore shown={count} total={rows.length} step={LOG_ROWS_SHOWN} onMore={() => setShown({ view, count: count + LOG_ROWS_SHOWN })} rows={body} />
    </>
  );
});

const rowKey = (entry: PaymentLogEntry) => `${entry.position}-${entry.field}`;
