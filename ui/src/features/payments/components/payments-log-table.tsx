import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, rowSortingFeature, type SortingState, tableFeatures, useTable } from '@tanstack/react-table';
import { DeletedBadge } from '../../../components/deleted-badge';
import { formatAuditTime } from '../../history/utils/audit-format';
import type { PaymentLogEntry } from '../api/payments-api';
import { changeSummary, sortByTime } from '../utils/payments-log';
import { ActorCell } from './actor-cell';
import { PaymentStatusBadge } from './payment-status-badge';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, PaymentLogEntry>();

// The header row and the When order; the rows are drawn by LogRow.
const columns = column.columns([
  column.accessor('at', { header: 'When' }),
  column.accessor('kdt_id', { header: 'Load', enableSorting: false }),
  column.accessor('vendor_name', { header: 'Vendor', enableSorting: false }),
  column.accessor('summary', { header: 'Change', enableSorting: false }),
  column.accessor('actor', { header: 'By', enableSorting: false }),
  column.accessor('payment_status', { header: 'Status After', enableSorting: false }),
]);

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
const LogRow = memo(function LogRow({ entry }: { entry: PaymentLogEntry }) {
  return (
    <tr>
      <td className="cell-at">
        <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
      </td>
      <td className="cell-kdt_id">
        <Link className="pay-row-link" to={`/staff/load/${encodeURIComponent(entry.load_id)}`}>
          {entry.kdt_id}
        </Link>
        {entry.load_deleted && <DeletedBadge className="pay-deleted-tag" title="This load is deleted: restore it from the Recycle Bin." />}
      </td>
      <td className="cell-vendor_name">{entry.vendor_name ?? <span className="pay-muted">Not assigned</span>}</td>
      <td className="cell-summary">
        <span className="pay-change">{changeSummary(entry)}</span>
      </td>
      <td className="cell-actor">
        <ActorCell actor={entry.actor} />
      </td>
      <td className="cell-payment_status">
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
  const [sorting, setSorting] = useState<SortingState>([{ id: 'at', desc: true }]);
  const [shown, setShown] = useState({ view, count: LOG_ROWS_SHOWN });
  if (shown.view !== view) setShown({ view, count: LOG_ROWS_SHOWN });
  const count = shown.view === view ? shown.count : LOG_ROWS_SHOWN;
  const newestFirst = sorting[0]?.desc ?? true;
  const rows = useMemo(() => sortByTime(entries, newestFirst), [entries, newestFirst]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (entry) => rowKey(entry),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const drawn = rows.length > count ? rows.slice(0, count) : rows;

  return (
    <>
      <div className="pay-table-scroll" aria-busy={busy}>
        <table className="pay-table pay-log-table" aria-label="Payments log">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`col-${header.column.id}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="pay-sort-button" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="pay-sort-arrow" aria-hidden="true">
                            {sorted ? ARROWS[sorted] : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="pay-empty" colSpan={columns.length}>
                  {filtered ? 'No payment changes match these filters.' : 'No payment changes recorded yet.'}
                </td>
              </tr>
            ) : (
              drawn.map((entry) => <LogRow key={rowKey(entry)} entry={entry} />)
            )}
          </tbody>
        </table>
      </div>
      {rows.length > count && (
        <div className="pay-more">
          <span>
            Showing {count.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')}
          </span>
          <button type="button" className="button button-secondary" onClick={() => setShown({ view, count: count + LOG_ROWS_SHOWN })}>
            Show {Math.min(LOG_ROWS_SHOWN, rows.length - count).toLocaleString('en-US')} more
          </button>
        </div>
      )}
    </>
  );
});

const rowKey = (entry: PaymentLogEntry) => `${entry.position}-${entry.field}`;
