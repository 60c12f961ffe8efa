// The vendor's load list as the user left it (search, status chips, sort), kept while they move around the app:
// opening a load and coming back finds it as it was, as the staff board does (staff-loads/utils/board-view.ts). Per
// signed-in user, in this page load's memory only: a reload starts afresh.
import { LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import { SORTABLE_COLUMNS, type LoadSort } from './load-list';

export interface ListView {
  search: string;
  statuses: ReadonlySet<LoadStatus>;
  sorting: LoadSort[];
}

const memory = new Map<string, ListView>();

export const initialListView = (): ListView => ({ search: '', statuses: new Set(LOAD_STATUSES), sorting: [] });

/** The list as this user left it in this page load, or the list's own first view. */
export function readListView(userId: string): ListView {
  return memory.get(userId) ?? initialListView();
}

export function saveListView(userId: string, view: ListView): void {
  memory.set(userId, {
    search: view.search,
    statuses: new Set(view.statuses),
    sorting: view.sorting.filter((sort) => (SORTABLE_COLUMNS as readonly string[]).includes(sort.id)).map(({ id, desc }) => ({ id, desc })),
  });
}
