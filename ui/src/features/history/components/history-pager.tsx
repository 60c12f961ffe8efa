import { pageCount, pageRangeLabel } from '../utils/history-paging';

interface HistoryPagerProps {
  page: number;
  pageSize: number;
  count: number;
  busy: boolean;
  onPage(page: number): void;
}

/** First / Previous / Next / Last over a history that pages oldest first. */
export function HistoryPager({ page, pageSize, count, busy, onPage }: HistoryPagerProps) {
  const pages = pageCount(count, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="hist-pager" aria-label="History pages">
      <span className="hist-pager-range">{pageRangeLabel(page, pageSize, count)}</span>
      <div className="hist-pager-buttons">
        <button type="button" className="button button-secondary hist-pager-button" disabled={busy || page <= 1} onClick={() => onPage(1)}>
          Oldest
        </button>
        <button type="button" className="button button-secondary hist-pager-button" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          ← Previous
        </button>
        <span className="hist-pager-page" aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" className="button button-secondary hist-pager-button" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
          Next →
        </button>
        <button type="button" className="button button-secondary hist-pager-button" disabled={busy || page >= pages} onClick={() => onPage(pages)}>
          Newest
        </button>
      </div>
    </nav>
  );
}
