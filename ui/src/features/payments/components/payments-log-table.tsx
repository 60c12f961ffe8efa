import { useMemo, useState } from 'react';
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

const columns = column.columns([
  column.accessor('at', {
    header: 'When',
    cell: ({ row }) => <time dateTime={row.original.at}>{formatAuditTime(row.original.at)}</time>,
  }),
  column.accessor('kdt_id', {
    header: 'Load',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <Link className="pay-row-link" to={`/staff/load/${encodeURIComponent(row.original.load_id)}`}>
          {row.original.kdt_id}
        </Link>
        {row.original.load_deleted && <DeletedBadge className="pay-deleted-tag" title="This load is deleted: restore it from the Recycle Bin." />}
      </>
    ),
  }),
  column.accessor('vendor_name', {
    header: 'Vendor',
    enableSorting: false,
    cell: ({ row }) => row.original.vendor_name ?? <span className="pay-muted">Not assigned</span>,
  }),
  column.accessor('summary', {
    header: 'Change',
    enableSorting: false,
    cell: ({ row }) => <span className="pay-change">{changeSummary(row.original)}</span>,
  }),
  column.accessor('actor', {
    header: 'By',
    enableSorting: false,
    cell: ({ row }) => <ActorCell actor={row.original.actor} />,
  }),
  column.accessor('payment_status', {
    header: 'Status After',
    enableSorting: false,
    cell: ({ row }) => <PaymentStatusBadge status={row.original.payment_status} />,
  }),
]);

const ARROWS = { asc: '▲', desc: '▼' } as const;

interface PaymentsLogTableProps {
  entries: PaymentLogEntry[];
  filtered: boolean;
  busy: boolean;
}

/** The cross-load log, newest first; the When header flips the order. */
export function PaymentsLogTable({ entries, filtered, busy }: PaymentsLogTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'at', desc: true }]);
  const newestFirst = sorting[0]?.desc ?? true;
  const rows = useMemo(() => sortByTime(entries, newestFirst), [entries, newestFirst]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (entry) => `${entry.position}-${entry.field}`,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: setSorting,
  });

  return (
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
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={`cell-${cell.column.id}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
