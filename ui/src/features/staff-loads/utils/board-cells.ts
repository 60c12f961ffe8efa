// How the board draws the cells a tier may or may not act on (staff-side.md sections 2 and 6).
import type { LoadCapabilities } from '../../loads/utils/load-capabilities';

export interface BoardCellModes {
  /** ADMIN and DISPATCH_OPS change the status in the row; others see a badge. */
  status: 'select' | 'badge';
  /** Date cells open the date dialog, or are plain text (ACCOUNTING, PENDING). */
  dates: 'dialog' | 'text';
  /** Document cells open the document dialog, or log a warning and do nothing. */
  documents: 'dialog' | 'refuse';
}

export function boardCellModes(capabilities: LoadCapabilities): BoardCellModes {
  return {
    status: capabilities.changeStatus ? 'select' : 'badge',
    dates: capabilities.setDates ? 'dialog' : 'text',
    documents: capabilities.manageDocuments ? 'dialog' : 'refuse',
  };
}
