import { type RefObject, useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../../../lib/focus';
import { afterShowMore, showingText, showMoreLabel } from '../utils/show-more';

interface ShowMoreProps {
  shown: number;
  total: number;
  step: number;
  onMore(): void;
  /** The table body the rows are drawn in: when the last rows are drawn, the first of them takes the focus. */
  rows: RefObject<HTMLTableSectionElement | null>;
}

/**
 * Under a long table: how many rows are drawn of how many, and a button that draws `step` more. Each press is said in
 * a status region that is always there (one added with its words is not reliably read); when the press draws the last
 * rows the button goes, and the focus goes to the first row it added rather than falling to <body>.
 */
export function ShowMore({ shown, total, step, onMore, rows }: ShowMoreProps) {
  // The count drawn when the button was pressed, until the rows it asked for are drawn.
  const pressedAt = useRef<number | null>(null);
  // Said for that many rows only: a filter that starts again from the first rows leaves nothing stale in the region.
  const [said, setSaid] = useState<{ shown: number; text: string } | null>(null);

  useEffect(() => {
    const from = pressedAt.current;
    if (from === null || shown <= from) return;
    pressedAt.current = null;
    const { said: text, focusRow } = afterShowMore(from, shown, total);
    setSaid({ shown, text });
    if (focusRow !== null && focusIsLost()) focusFirstControl(rows.current, focusRow);
  }, [shown, total, rows]);

  return (
    <>
      <p className="visually-hidden" role="status">
        {said?.shown === shown ? said.text : ''}
      </p>
      {total > shown && (
        <div className="pay-more">
          <span>{showingText(shown, total)}</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              pressedAt.current = shown;
              onMore();
            }}
          >
            {showMoreLabel(shown, total, step)}
          </button>
        </div>
      )}
    </>
  );
}

/** The row's link (or other control), else the table itself, made focusable without joining the Tab order. */
function focusFirstControl(body: HTMLTableSectionElement | null, index: number) {
  const row = body?.rows[index];
  const control = row?.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]');
  if (control) {
    control.focus();
    return;
  }
  const table = body?.closest('table');
  if (!table) return;
  if (!table.hasAttribute('tabindex')) table.tabIndex = -1;
  table.focus();
}
