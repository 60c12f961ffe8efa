import type { LoadsTableDialog } from '../../loads/components/loads-table';
import type { BoardCellModes } from '../utils/board-cells';

/** What the board's cell renderers receive as AG Grid's `context`. */
export interface BoardGridContext {
  modes: BoardCellModes;
  open(dialog: LoadsTableDialog): void;
}
