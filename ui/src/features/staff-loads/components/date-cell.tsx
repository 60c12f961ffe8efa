import type { CustomCellRendererProps } from 'ag-grid-react';
import type { LoadView } from '@portal/domain/loads/view';
import { formatListDateTime } from '../../../lib/format-date';
import type { LoadDateField } from '../../loads/utils/date-dialog';
import type { BoardGridContext } from './board-grid-context';

const LABELS: Record<LoadDateField, string> = { pickup_date: 'pick-up date', delivery_date: 'delivery date' };

/** A date, opening the date dialog for tiers that may set dates; plain text for the rest. */
export function DateCell({ data, node, context, colDef }: CustomCellRendererProps<LoadView, string | null, BoardGridContext>) {
  const field = colDef?.field as LoadDateField | undefined;
  if (!data || !field) return null;
  const text = formatListDateTime(data[field]);
  if (context.modes.dates === 'text') return <span className="date-text">{text}</span>;
  return (
    <button
      type="button"
      className="cell-button date-cell"
      // The name starts with the date the button shows (label in name, WCAG 2.5.3), then says what it does.
      aria-label={`${text}: change ${LABELS[field]} of ${data.kdt_id}`}
      // The row as it is now: a cell is drawn again only when its own value changes, so `data` can be older (the other
      // date set since), and the dialog's order warning named a delivery that was no longer so.
      onClick={() => context.open({ kind: 'date', load: node?.data ?? data, field })}
    >
      {text}
    </button>
  );
}
