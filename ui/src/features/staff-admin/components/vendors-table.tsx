import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { columnLabel } from '../utils/column-label';
import { createColumnHelper, rowSortingFeature, type SortingState, tableFeatures, useTable } from '@tanstack/react-table';
import { StatusBadge } from '../../../components/status-badge';
import type { VendorListEntry } from '../api/vendors';
import { VENDOR_MESSAGES } from '../utils/staff-admin-messages';
import { sortVendors, vendorStatusLabel, vendorStatusTone } from '../utils/vendor-list';
import { SortableHeaderCell } from './sort-arrow';
import { SortStatus, useAnnouncedSorting } from '../../../lib/announced-sorting';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, VendorListEntry>();

const orDash = (value: string | null) => (value && value.trim() !== '' ? value : '—');

const columns = column.columns([
  column.accessor('username', {
    header: 'Username',
    cell: ({ row }) => (
      <Link className="sa-row-link" to={`/staff/vendors/${row.original.id}`} onClick={(event) => event.stopPropagation()}>
        {row.original.username}
      </Link>
    ),
  }),
  column.accessor('legal_name', {
    header: 'Legal Name',
    cell: ({ row }) => (
      <>
        {orDash(row.original.legal_name)}
        {row.original.business_name && row.original.business_name !== row.original.legal_name && (
          <span className="sa-secondary-line">DBA {row.original.business_name}</span>
        )}
      </>
    ),
  }),
  column.accessor('contact_name', {
    header: 'Contact',
    cell: ({ row }) => (
      <>
        {orDash(row.original.contact_name)}
        {row.original.contact_email && (
          <span className="sa-secondary-line" title={row.original.contact_email}>
            {row.original.contact_email}
          </span>
        )}
      </>
    ),
  }),
  column.accessor('mc_number', { header: 'MC Number', cell: ({ row }) => <span className="sa-mono">{orDash(row.original.mc_number)}</span> }),
  column.accessor('dot_number', { header: 'DOT Number', cell: ({ row }) => <span className="sa-mono">{orDash(row.original.dot_number)}</span> }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <StatusBadge tone={vendorStatusTone(row.original.status)}>{vendorStatusLabel(row.original.status)}</StatusBadge>,
  }),
]);

interface VendorsTableProps {
  /** Already searched. */
  vendors: VendorListEntry[];
  searching: boolean;
}

export function VendorsTable({ vendors, searching }: VendorsTableProps) {
  const navigate = useNavigate();
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = useAnnouncedSorting(columns, sorting, setSorting);
  const rows = useMemo(() => sortVendors(vendors, sorting), [vendors, sorting]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (vendor) => vendor.id,
    manualSorting: true,
    sortDescFirst: false,
    // Clicks toggle between ascending and descending (staff-side.md section 2), never back to unsorted.
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: sort.onSortingChange,
  });

  return (
    <>
      <SortStatus said={sort.said} />
      <div className="sa-table-scroll">
        <table role="table" className="sa-table sa-vendor-table cards-on-phone cards-stacked" aria-label="Vendors">
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
            {rows.length === 0 ? (
              <tr role="row">
                <td role="cell" className="sa-empty" colSpan={columns.length}>
                  {searching ? VENDOR_MESSAGES.listNoMatch : VENDOR_MESSAGES.listEmpty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr role="row" key={row.id} className="sa-row" onClick={() => void navigate(`/staff/vendors/${row.original.id}`)}>
                  {row.getAllCells().map((cell) => (
                    <td role="cell" key={cell.id} className={`cell-${cell.column.id}`} data-label={columnLabel(cell.column.columnDef.header)}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
