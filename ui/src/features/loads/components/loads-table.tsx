import { type FocusEvent, memo, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, rowSortingFeature, type SortingState, tableFeatures, useTable } from '@tanstack/react-table';
import { LOAD_STATUS_LABELS } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { SortStatus, useAnnouncedSorting } from '../../../lib/announced-sorting';
import { formatListDateTime } from '../../../lib/format-date';
import type { LoadDateField } from '../utils/date-dialog';
import { documentCellText, hasDocument, LOAD_DOCUMENT_KINDS, type LoadDocumentKind } from '../utils/load-documents';
import { LOAD_MESSAGES } from '../utils/load-messages';
import { sortLoads } from '../utils/load-list';
import { LOAD_STATUS_TONES } from '../utils/status-tones';

/** What a cell can open: the date dialog or a document dialog of its load. */
export type LoadsTableDialog = { kind: 'date'; load: LoadView; field: LoadDateField } | { kind: 'document'; load: LoadView; document: LoadDocumentKind };


// Sorting state and arrows come from the table; the order itself from sortLoads, which the tests pin down.
const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, LoadView>();

type Open = (dialog: LoadsTableDialog) => void;

/** A date cell: the date it shows, a button that opens the date dialog. */
const dateCell = (field: LoadDateField, header: string) => (load: LoadView, open: Open) => (
  <button
    type="button"
    className="cell-button date-cell"
    // The name starts with the date the button shows (label in name, WCAG 2.5.3), then says what it does.
    aria-label={`${formatListDateTime(load[field])}: change ${header.toLowerCase()} of ${load.kdt_id}`}
    onClick={() => open({ kind: 'date', load, field })}
  >
    {formatListDateTime(load[field])}
  </button>
);

/**
 * Each column's cell, drawn from the load alone: the body's rows are memoised on their load (LoadRow), so a sort, a
 * search or a push redraws only the rows whose load changed (a sort of 600 loads redrew every cell, about 0.6 s).
 */
const CELLS: { id: string; render(load: LoadView, open: Open): ReactNode }[] = [
  {
    id: 'load_number',
    render: (load) => (
      // A long id (load numbers run to 64 characters) is cut with an ellipsis, the whole of it in the tooltip and on the
      // load's page: on a phone this column stays pinned while the others scroll under it, and a wide one hid them all.
      <Link className="load-id-link tap-target" to={`/load/${load.id}`} title={load.kdt_id}>
        <span className="load-id-text">{load.kdt_id}</span>
      </Link>
    ),
  },
  { id: 'status', render: (load) => <StatusBadge tone={LOAD_STATUS_TONES[load.status]}>{LOAD_STATUS_LABELS[load.status]}</StatusBadge> },
  { id: 'pickup_date', render: dateCell('pickup_date', 'Pick-Up Date') },
  { id: 'delivery_date', render: dateCell('delivery_date', 'Delivery Date') },
  ...LOAD_DOCUMENT_KINDS.map((document) => ({
    id: document.type,
    render: (load: LoadView, open: Open) => {
      const present = hasDocument(load, document);
      return (
        <button
          type="button"
          className={`cell-button document-cell ${present ? 'is-present' : 'is-missing'}`}
          aria-label={`${document.label} for Load ${load.kdt_id}: ${documentCellText(present)}`}
          onClick={() => open({ kind: 'document', load, document })}
        >
          {documentCellText(present)}
        </button>
      );
    },
  })),
];

// The table's columns: their headers and sorting (the cells above draw the body).
const columns = column.columns([
  column.accessor('load_number', { header: 'Load ID' }),
  column.accessor('status', { header: 'Status' }),
  column.accessor('pickup_date', { header: 'Pick-Up Date' }),
  column.accessor('delivery_date', { header: 'Delivery Date' }),
  ...LOAD_DOCUMENT_KINDS.map((document) => column.display({ id: document.type, header: document.column, enableSorting: false })),
]);

/** One load's row, drawn again only when its load (or the dialog opener) changes. */
const LoadRow = memo(function LoadRow({ load, open }: { load: LoadView; open: Open }) {
  return (
    <tr>
      {CELLS.map((cell) => (
        <td key={cell.id} className={`cell-${cell.id}`}>
          {cell.render(load, open)}
        </td>
      ))}
    </tr>
  );
});

const ARROWS = { asc: '▲', desc: '▼' } as const;

interface LoadsTableProps {
  /** Already searched and filtered. */
  loads: LoadView[];
  onOpen(dialog: LoadsTableDialog): void;
  /** The sort, kept by the page (it outlives the table: see utils/list-view.ts). */
  sorting: SortingState;
  onSortingChange(sorting: SortingState): void;
}

/**
 * A cell that takes the keyboard focus is scrolled wholly into view: the browser's own scroll left a cell half past
 * the screen's edge on a phone, its focus ring cut (keyboard audit), or under the pinned Load ID column.
 */
function keepFocusedCellInView(event: FocusEvent<HTMLDivElement>) {
  const scroller = event.currentTarget;
  const cell = (event.target as HTMLElement).closest('td, th');
  const row = cell?.parentElement;
  if (!cell || !row || cell === row.firstElementChild) return;
  const pinned = row.firstElementChild as HTMLElement;
  const view = scroller.getBoundingClientRect();
  const left = getComputedStyle(pinned).position === 'sticky' ? Math.max(view.left, pinned.getBoundingClientRect().right) : view.left;
  const right = Math.min(view.right, document.documentElement.clientWidth);
  const box = cell.getBoundingClientRect();
  if (box.left < left) scroller.scrollLeft -= left - box.left;
  else if (box.right > right) scroller.scrollLeft += Math.min(box.right - right, box.left - left);
}

export function LoadsTable({ loads, onOpen, sorting, onSortingChange }: LoadsTableProps) {
  const sort = useAnnouncedSorting(columns, sorting, onSortingChange);
  const rows = useMemo(() => sortLoads(loads, sorting), [loads, sorting]);
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
    onSortingChange: sort.onSortingChange,
  });

  return (
    <>
      {/* Phones only (loads.css): touch scrollbars are invisible, so nothing else says the table goes on. */}
      <p className="loads-scroll-hint" aria-hidden="true">
        Swipe sideways for dates and documents →
      </p>
      <SortStatus said={sort.said} />
      <div className="loads-table-scroll" onFocus={keepFocusedCellInView}>
        <table className="loads-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort-button tap-target" onClick={header.column.getToggleSortingHandler()}>
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
                  {/* The cell is as wide as the table; on a phone its text is held to the part on screen (loads.css). */}
                  <div className="loads-empty-text">{LOAD_MESSAGES.listEmpty}</div>
                </td>
              </tr>
            ) : (
              rows.map((load) => <LoadRow key={load.id} load={load} open={onOpen} />)
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
