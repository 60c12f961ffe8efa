// The vendor's load list: search, status chips and column sorting, as pure functions over the loaded rows.
import { LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { formatListDateTime, searchableDay, timeOf } from '../../../lib/format-date';

export const SEARCH_PLACEHOLDER = 'Find load by ID, date, or location.';
export const SORTABLE_COLUMNS = ['load_number', 'status', 'pickup_date', 'delivery_date'] as const;
export type LoadSortColumn = (typeof SORTABLE_COLUMNS)[number];
export interface LoadSort {
  id: string;
  desc: boolean;
}

type ListedLoad = Pick<LoadView, 'kdt_id' | 'load_number' | 'status' | 'pickup_date' | 'delivery_date' | 'pickup_location' | 'delivery_location' | 'vendor_name'>;

/**
 * What a search looks in, lower-cased, per load object: rows are replaced, never changed, when a load changes, so a
 * row's text is made once however many keystrokes test it (the board searches thousands at each one). The fields are
 * joined by a character nobody types, so a search never matches across two of them.
 */
const searchTexts = new WeakMap<ListedLoad, string>();

function searchTextOf(load: ListedLoad): string {
  let text = searchTexts.get(load);
  if (text === undefined) {
    text = [
      load.kdt_id,
      load.load_number,
      load.pickup_location,
      load.delivery_location,
      load.vendor_name,
      load.pickup_date ? formatListDateTime(load.pickup_date) : null,
      load.delivery_date ? formatListDateTime(load.delivery_date) : null,
      searchableDay(load.pickup_date),
      searchableDay(load.delivery_date),
    ]
      .filter((value): value is string => typeof value === 'string')
      .join('\u0000')
      .toLowerCase();
    searchTexts.set(load, text);
  }
  return text;
}

/** Runs `work` when the browser is idle (or soon, where it has no idle callbacks); returns a cancel. */
export type IdleScheduler = (work: (deadline: { timeRemaining(): number }) => void) => () => void;

const browserIdle: IdleScheduler = (work) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => work({ timeRemaining: () => 8 }), 0);
  return () => clearTimeout(handle);
};

/**
 * Makes the search texts of `loads` before the first key needs them, a slice at a time while the browser is idle
 * (at 50,000 loads the first key made them all and took about a quarter of a second). Returns a cancel, for when the
 * list is replaced before it is done.
 */
export function prepareSearchTexts(loads: readonly ListedLoad[], schedule: IdleScheduler = browserIdle): () => void {
  let next = 0;
  let cancel = () => {};
  const slice = (deadline: { timeRemaining(): number }) => {
    // At least a few hundred per slice, so a busy page still gets through; more while the browser has time.
    const minimumEnd = Math.min(loads.length, next + 250);
    while (next < loads.length && (next < minimumEnd || deadline.timeRemaining() > 2)) searchTextOf(loads[next++]!);
    cancel = next < loads.length ? schedule(slice) : () => {};
  };
  cancel = schedule(slice);
  return () => cancel();
}

/** Whether a load's search text is made already (for tests of the preparation). */
export const hasSearchText = (load: ListedLoad): boolean => searchTexts.has(load);

/** Case-insensitive over the load's ids, locations and vendor, and the dates as the table shows them and as typed (searchableDay). */
export function matchesSearch(load: ListedLoad, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || searchTextOf(load).includes(needle);
}

export function filterLoads<T extends ListedLoad>(loads: readonly T[], search: string, statuses: ReadonlySet<LoadStatus>): T[] {
  return loads.filter((load) => statuses.has(load.status) && matchesSearch(load, search));
}

const loadNumberOrder = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Load numbers in natural order: kdt_9 before kdt_10. */
export const compareLoadNumbers = (a: string, b: string): number => loadNumberOrder.compare(a, b);

/** The lifecycle order, not the alphabet: Open, Picked Up, Delivered, Cancelled. */
export const compareStatuses = (a: LoadStatus, b: LoadStatus): number => LOAD_STATUSES.indexOf(a) - LOAD_STATUSES.indexOf(b);

/**
 * Two dates as timestamps in the direction asked; a missing (or unreadable) date goes last either way. The result is
 * final: a caller that reverses comparisons for descending order must undo that itself.
 */
export function compareDatesMissingLast(a: string | null | undefined, b: string | null | undefined, desc: boolean): number {
  const [timeA, timeB] = [timeOf(a), timeOf(b)];
  if (timeA === timeB) return 0;
  if (timeA === null || timeB === null) return timeA === null ? 1 : -1;
  return desc ? timeB - timeA : timeA - timeB;
}

/** Ascending order of two present values of one column. */
function compareValues(a: ListedLoad, b: ListedLoad, column: 'load_number' | 'status'): number {
  if (column === 'load_number') return compareLoadNumbers(a.load_number, b.load_number);
  return compareStatuses(a.status, b.status);
}

const isSortColumn = (sort: LoadSort): sort is { id: LoadSortColumn; desc: boolean } => (SORTABLE_COLUMNS as readonly string[]).includes(sort.id);

/** A new array in the sort's order. Dates compare by time, a missing date goes last either way; ties keep the server's order. */
export function sortLoads<T extends ListedLoad>(loads: readonly T[], sorting: readonly LoadSort[]): T[] {
  const active = sorting.filter(isSortColumn);
  if (active.length === 0) return [...loads];
  return [...loads].sort((a, b) => {
    for (const { id, desc } of active) {
      if (id === 'pickup_date' || id === 'delivery_date') {
        const order = compareDatesMissingLast(a[id], b[id], desc);
        if (order !== 0) return order;
        continue;
      }
      const order = compareValues(a, b, id);
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}
