// The history endpoints page oldest first: ?page=1&page_size=50.
export const HISTORY_PAGE_SIZE = 50;

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / Math.max(1, pageSize)));
}

/** 'Showing 51–100 of 120' for a page; '' for an empty history. */
export function pageRangeLabel(page: number, pageSize: number, count: number): string {
  if (count <= 0) return '';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return `Showing ${first}–${last} of ${count}`;
}
