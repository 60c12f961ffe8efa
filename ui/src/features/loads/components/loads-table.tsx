import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, metaHelper, rowSortingFeature, type SortingState, tableFeatures, useTable } from '@tanstack/react-table';
import { LOAD_STATUS_LABELS } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { formatListDateTime } from '../../../lib/format-date';
import type { LoadDateField } from '../utils/date-dialog';
import { documentCellText, hasDocument, LOAD_DOCUMENT_KINDS, type LoadDocumentKind } from '../utils/load-documents';
import { LOAD_MESSAGES } from '../utils/load-messages';
import { sortLoads } from '../utils/load-list';
import { LOAD_STATUS_TONES } from '../utils/status-tones';

/** What a cell can open: the date dialog or a document dialog of its load. */
export type LoadsTableDialog = { kind: 'date'; load: LoadView; field: LoadDateField } | { kind: 'document'; load: LoadView; document: LoadDocumentKind };

interface LoadsTableMeta {
  open(dialog: LoadsTableDialog): void;
}

// Sorting state and arrows come from the table; the order itself from sortLoads, which the tests pin down.
const features = tableFeatures({ rowSortingFeature, tableMeta: metaHelper<LoadsTableMeta>() });
const column = createColumnHelper<typeof features, LoadView>();

const dateColumn = (field: LoadDateField, header: string) =>
  column.accessor(field, {
    header,
    cell: ({ row, table }) => {
      const load = row.original;
      return (
        <button
          type="button"
          className="cell-button date-cell"
          // The name starts with the date the button shows (label in name, WCAG 2.5.3), then says what it does.
          aria-label={`${formatListDateTime(load[field])}: change ${header.toLowerCase()} of ${load.kdt_id}`}
          onClick={() => table.options.meta?.open({ kind: 'date', load, field })}
        >
          {formatListDateTime(load[field])}
        </button>
      );
    },
  });

const columns = column.columns([
  column.accessor('load_number', {
    header: 'Load ID',
    cell: ({ row }) => (
      <Link className="load-id-link" to={`/load/${row.original.id}`}>
        {row.original.kdt_id}
      </Link>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <StatusBadge tone={LOAD_STATUS_TONES[row.original.status]}>{LOAD_STATUS_LABELS[row.original.status]}</StatusBadge>,
  }),
  dateColumn('pickup_date', 'Pick-Up Date'),
  dateColumn('delivery_date', 'Delivery Date'),
  ...LOAD_DOCUMENT_KINDS.map((document) =>
    column.display({
      id: document.type,
      header: document.column,
      enableSorting: false,
      cell: ({ row, table }) => {
        const present = hasDocument(row.original, document);
        return (
          <button
            type="button"
            className={`cell-button document-cell ${present ? 'is-present' : 'is-missing'}`}
            aria-label={`${document.label} for Load ${row.original.kdt_id}: ${documentCellText(present)}`}
            onClick={() => table.options.meta?.open({ kind: 'document', load: row.original, document })}
          >
            {documentCellText(present)}
          </button>
        );
      },
    }),
  ),
]);

const ARROWS = { asc: '▲', desc: '▼' } as const;

interface LoadsTableProps {
  /** Already searched and filtered. */
  loads: LoadView[];
  onOpen(dialog: LoadsTableDialog): void;
}

export function LoadsTable({ loads, onOpen }: LoadsTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const rows = useMemo(() => sortLoads(loads, sorting), [loads, sorting]);
  const meta = useMemo<LoadsTableMeta>(() => ({ open: onOpen }), [onOpen]);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (load) => load.id,
    manualSorting: true,
    sortDescFirst: false,
    // The spec's columns toggle between ascending and descending: no third, unsorted click.
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: setSorting,
    meta,
  });

  return (
    <>
      {/* Phones only (loads.css): touch scrollbars are invisible, so nothing else says the table goes on. */}
      <p className="loads-scroll-hint" aria-hidden="true">
        Swipe sideways for dates and documents →
      </p>
      <div className="loads-table-scroll">
        <table className="loads-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className={`sort-arrow${sorted ? ' is-active' : ''}`} aria-hidden="true">
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
                <td className="loads-empty" colSpan={columns.length}>
                  {LOAD_MESSAGES.listEmpty}
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
    </>
  );
}
