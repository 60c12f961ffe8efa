const ARROWS = { asc: '▲', desc: '▼' } as const;

/** The arrow after a sortable column header: up ascending, down descending, both ways when unsorted. */
export function SortArrow({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <span className={`sa-sort-arrow${sorted ? ' is-active' : ''}`} aria-hidden="true">
      {sorted ? ARROWS[sorted] : '↕'}
    </span>
  );
}
