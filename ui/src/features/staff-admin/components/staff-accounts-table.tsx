import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { columnLabel } from '../utils/column-label';
import { createColumnHelper, rowSortingFeature, type SortingState, tableFeatures, useTable } from '@tanstack/react-table';
import { StatusBadge } from '../../../components/status-badge';
import type { StaffAccount } from '../api/staff-accounts';
import { activeLabel, effectiveTier, fillerRowCount, listName, sortStaffAccounts } from '../utils/staff-account-list';
import { STAFF_ACCOUNT_MESSAGES } from '../utils/staff-admin-messages';
import { SortableHeaderCell } from './sort-arrow';
import { TierBadge } from './tier-badge';
import { SortStatus, useAnnouncedSorting } from '../../../lib/announced-sorting';

// Sorting state and arrows come from the table; the order itself from sortStaffAccounts, which the tests pin down.
const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, StaffAccount>();

const columns = column.columns([
  column.accessor((account) => listName(account), { id: 'name', header: 'Name' }),
  column.accessor('username', {
    header: 'Username',
    cell: ({ row }) => (
      // The whole row opens the account; the link is the keyboard's way there.
      <Link className="sa-row-link" to={`/staff/${row.original.id}`} onClick={(event) => event.stopPropagation()}>
        {row.original.username}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'Email' }),
  column.accessor((account) => activeLabel(account.is_active), {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge tone={row.original.is_active ? 'success' : 'neutral'}>{activeLabel(row.original.is_active)}</StatusBadge>,
  }),
  column.accessor((account) => effectiveTier(account), {
    id: 'tier',
    header: 'Tier',
    cell: ({ row }) => <TierBadge tier={effectiveTier(row.original)} />,
  }),
]);

interface StaffAccountsTableProps {
  /** Already searched. */
  accounts: StaffAccount[];
  searching: boolean;
}

export function StaffAccountsTable({ accounts, searching }: StaffAccountsTableProps) {
  const navigate = useNavigate();
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = useAnnouncedSorting(columns, sorting, setSorting);
  const rows = useMemo(() => sortStaffAccounts(accounts, sorting), [accounts, sorting]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (account) => account.id,
    manualSorting: true,
    sortDescFirst: false,
    // Clicks toggle between ascending and descending (staff-side.md section 2), never back to unsorted.
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: sort.onSortingChange,
  });
  const fillers = fillerRowCount(rows.length);

  return (
    <>
      <SortStatus said={sort.said} />
      <div className="sa-table-scroll">
        <table role="table" className="sa-table sa-staff-table cards-on-phone cards-stacked" aria-label={STAFF_ACCOUNT_MESSAGES.title}>
          <thead role="rowgroup">
            {table.getHeaderGroups().map((group) => (
              <tr role="row" key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeaderCell key={header.id} columnId={header.column.id} sorted={header.column.getIsSorted()} onToggle={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                  </SortableHeaderCell>
                ))}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup">
            {rows.length === 0 && (
              <tr role="row">
                <td role="cell" className="sa-empty" colSpan={columns.length}>
                  {searching ? STAFF_ACCOUNT_MESSAGES.listNoMatch : STAFF_ACCOUNT_MESSAGES.listEmpty}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <tr role="row" key={row.id} className="sa-row" onClick={() => void navigate(`/staff/${row.original.id}`)}>
                {row.getAllCells().map((cell) => (
                  <td role="cell" key={cell.id} className={`cell-${cell.column.id}`} data-label={columnLabel(cell.column.columnDef.header)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {Array.from({ length: fillers }, (_, index) => (
              <tr key={`filler-${index}`} className="sa-filler-row" role="presentation" aria-hidden="true">
                <td colSpan={columns.length} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
