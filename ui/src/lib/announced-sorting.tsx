import { useState } from 'react';
import type { SortingState } from '@tanstack/react-table';

/** A column as the table defines it: its header and its id (or the field it reads). */
interface ColumnLike {
  id?: string;
  accessorKey?: unknown;
  header?: unknown;
}

/** What a table says when the user sorts it ("Sorted by Status, ascending."), or nothing for a header that is not text. */
export function sortedAnnouncement(columns: readonly ColumnLike[], sorting: SortingState): string {
  const [first] = sorting;
  if (!first) return '';
  const header = columns.find((column) => column.id === first.id || column.accessorKey === first.id)?.header;
  return typeof header === 'string' ? `Sorted by ${header}, ${first.desc ? 'descending' : 'ascending'}.` : '';
}

/**
 * A table's sort, said when the user changes it: the header's arrow is not read out, and a change of aria-sort is not
 * announced. `said` is set by the user's sort only, so nothing is said as the table first shows or as its rows change;
 * render it with <SortStatus>.
 */
export function useAnnouncedSorting(columns: readonly ColumnLike[], sorting: SortingState, onChange: (next: SortingState) => void) {
  const [said, setSaid] = useState('');
  const onSortingChange = (update: SortingState | ((old: SortingState) => SortingState)) => {
    const next = typeof update === 'function' ? update(sorting) : update;
    setSaid(sortedAnnouncement(columns, next));
    onChange(next);
  };
  return { onSortingChange, said };
}

/** The status region a sortable table's sort is said in. */
export function SortStatus({ said }: { said: string }) {
  return (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
}
