// The board as the user left it (search, status chips, sort, and the row at the top of its scrolled view), kept while they move around the app: opening a load and
// coming back finds it as it was. Per signed-in user, so another user in the same tab starts afresh. In memory only:
// a reload is the way back to the board's own view (newest first), since a sorted column toggles between ascending and
// descending and never back to unsorted (spec).
import { LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import { type BoardFilter, initialBoardFilter } from './board-filter';

export interface BoardSort {
  colId: string;
  sort: 'asc' | 'desc';
}

export interface BoardView {
  filter: BoardFilter;
  sort: BoardSort[];
}

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (userId: string) => `staff-board-view:${userId}`;

/** This page load's memory. */
const memory = new Map<string, string>();
const pageMemory: ViewStorage = { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };

/** The stored view, or the default one when there is none or it cannot be read (another version wrote it, say). */
export function readBoardView(userId: string, storage: ViewStorage | undefined = pageMemory): BoardView {
  const fresh = { filter: initialBoardFilter(), sort: [] };
  try {
    const stored = JSON.parse(storage?.getItem(keyOf(userId)) ?? 'null') as { search?: unknown; statuses?: unknown; sort?: unknown } | null;
    if (!stored || typeof stored !== 'object') return fresh;
    const search = typeof stored.search === 'string' ? stored.search : '';
    const statuses = Array.isArray(stored.statuses) ? stored.statuses.filter((status): status is LoadStatus => (LOAD_STATUSES as readonly unknown[]).includes(status)) : [...LOAD_STATUSES];
    const sort = Array.isArray(stored.sort)
      ? stored.sort.filter((entry): entry is BoardSort => typeof entry?.colId === 'string' && (entry.sort === 'asc' || entry.sort === 'desc')).map(({ colId, sort }) => ({ colId, sort }))
      : [];
    return { filter: { search, statuses: new Set(statuses) }, sort };
  } catch {
    return fresh;
  }
}

export function saveBoardView(userId: string, view: BoardView, storage: ViewStorage | undefined = pageMemory): void {
  try {
    storage?.setItem(keyOf(userId), JSON.stringify({ search: view.filter.search, statuses: [...view.filter.statuses], sort: view.sort }));
  } catch {
    // A storage that refuses: the board works, it just forgets.
  }
}

const topKeyOf = (userId: string) => `staff-board-top:${userId}`;

/** The load at the top of the board's scrolled view when the user left it, if any. */
export function readBoardTop(userId: string, storage: ViewStorage | undefined = pageMemory): string | null {
  try {
    return storage?.getItem(topKeyOf(userId)) ?? null;
  } catch {
    return null;
  }
}

/** Notes the load at the top of the board's scrolled view (null: scrolled to the very top). */
export function saveBoardTop(userId: string, rowId: string | null, storage: ViewStorage | undefined = pageMemory): void {
  try {
    storage?.setItem(topKeyOf(userId), rowId ?? '');
  } catch {
    // As above: it just forgets.
  }
}
