import { type Ref, useEffect, useRef, useState } from 'react';
import { pageCount, pageRangeLabel } from '../utils/history-paging';

interface HistoryPagerProps {
  page: number;
  pageSize: number;
  count: number;
  busy: boolean;
  onPage(page: number): void;
}

type Direction = 'back' | 'forward';

/**
 * First / Previous / Next / Last over a history that pages oldest first. While a page loads the buttons only say they
 * are unavailable (a disabled button drops the keyboard focus to the page); a button that reaches the end hands the
 * focus to the other direction.
 */
export function HistoryPager({ page, pageSize, count, busy, onPage }: HistoryPagerProps) {
  const pages = pageCount(count, pageSize);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState<Direction | null>(null);

  useEffect(() => {
    if (!refocus) return;
    (refocus === 'back' ? previous : next).current?.focus();
    setRefocus(null);
  }, [refocus]);

  if (pages <= 1) return null;

  function go(target: number, direction: Direction) {
    if (busy) return;
    onPage(target);
    if (direction === 'back' && target <= 1) setRefocus('forward');
    if (direction === 'forward' && target >= pages) setRefocus('back');
  }

  const button = (label: string, target: number, direction: Direction, ref?: Ref<HTMLButtonElement>) => (
    <button
      ref={ref}
      type="button"
      className="button button-secondary hist-pager-button"
      disabled={direction === 'back' ? page <= 1 : page >= pages}
      aria-disabled={busy || undefined}
      onClick={() => go(target, direction)}
    >
      {label}
    </button>
  );

  return (
    <nav className="hist-pager" aria-label="History pages">
      <span className="hist-pager-range">{pageRangeLabel(page, pageSize, count)}</span>
      <div className="hist-pager-buttons">
        {button('Oldest', 1, 'back')}
        {button('← Previous', page - 1, 'back', previous)}
        <span className="hist-pager-page" aria-live="polite">
          Page {page} of {pages}
        </span>
        {button('Next →', page + 1, 'forward', next)}
        {button('Newest', pages, 'forward')}
      </div>
    </nav>
  );
}
