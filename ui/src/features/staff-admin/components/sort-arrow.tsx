import type { ReactNode } from 'react';

const ARROWS = { asc: '▲', desc: '▼' } as const;

/** The arrow after a sortable column header: up ascending, down descending, both ways when unsorted. */
export function SortArrow({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <span className={`sa-sort-arrow${sorted ? ' is-active' : ''}`} aria-hidden="true">
      {sorted ? ARROWS[sorted] : '↕'}
    </span>
  );
}

/**
 * A sortable column's header cell in the staff tables: the whole cell is the button, its order in aria-sort (said as
 * it changes by the table's SortStatus), the arrow after the header's words.
 */
export function SortableHeaderCell({ columnId, sorted, onToggle, children }: {
  columnId: string;
  sorted: false | 'asc' | 'desc';
  onToggle: ((event: unknown) => void) | undefined;
  children: ReactNode;
}) {
  return (
    <th role="columnheader" scope="col" className={`col-${columnId}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      <button type="button" className="sa-sort-button tap-target" onClick={onToggle}>
        {children}
        <SortArrow sorted={sorted} />
      </button>
    </th>
  );
}
