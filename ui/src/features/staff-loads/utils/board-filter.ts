// The board's search box and status chips, as AG Grid's external filter: the grid keeps its own sort and scroll.
import { LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { matchesSearch } from '../../loads/utils/load-list';

export interface BoardFilter {
  search: string;
  statuses: ReadonlySet<LoadStatus>;
}

export const initialBoardFilter = (): BoardFilter => ({ search: '', statuses: new Set(LOAD_STATUSES) });

/** Whether the grid needs to ask about each row at all: some text typed, or some chip off. */
export const isBoardFilterActive = (filter: BoardFilter): boolean =>
  filter.search.trim() !== '' || LOAD_STATUSES.some((status) => !filter.statuses.has(status));

/** Its status chip is on and the search matches (case-insensitive: kdt_id, load number, locations, vendor, dates). */
export const passesBoardFilter = (load: LoadView, filter: BoardFilter): boolean =>
  filter.statuses.has(load.status) && matchesSearch(load, filter.search);

/** How many loads the board shows with this filter (what its status region says after a search or a chip). */
export const countOnBoard = (loads: readonly LoadView[], filter: BoardFilter): number =>
  isBoardFilterActive(filter) ? loads.reduce((count, load) => count + (passesBoardFilter(load, filter) ? 1 : 0), 0) : loads.length;
