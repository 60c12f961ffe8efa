import type { CustomCellRendererProps } from 'ag-grid-react';

/**
 * A cell's text on one line, cut with an ellipsis when the column is narrower than it, the whole of it in a tooltip
 * (a long vendor name at 1024 px). AG Grid's cells are flex boxes here, where bare text would be cut without one.
 */
export function TextCell({ value, valueFormatted }: CustomCellRendererProps) {
  const text = valueFormatted ?? (value === null || value === undefined ? '' : String(value));
  return (
    <span className="board-cell-text" title={text}>
      {text}
    </span>
  );
}
