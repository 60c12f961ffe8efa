import type { CustomCellRendererProps } from 'ag-grid-react';
import type { LoadView } from '@portal/domain/loads/view';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { documentCellText, type LoadDocumentKind } from '../../loads/utils/load-documents';
import type { BoardGridContext } from './board-grid-context';

export interface DocumentCellParams {
  document: LoadDocumentKind;
}

/** YES or MISSING; opens the document dialog, except for tiers that may not manage documents (a warning, nothing else). */
export function DocumentCell({ data, value, context, document }: CustomCellRendererProps<LoadView, boolean, BoardGridContext> & DocumentCellParams) {
  if (!data) return null;
  const present = value === true;
  function open() {
    if (context.modes.documents === 'refuse') {
      console.warn(`${LOAD_PERMISSION_MESSAGES.manage_documents} (${document.label}, load ${data!.kdt_id})`);
      return;
    }
    context.open({ kind: 'document', load: data!, document });
  }
  return (
    <button
      type="button"
      className={`cell-button document-cell ${present ? 'is-present' : 'is-missing'}`}
      aria-label={`${document.label} for Load ${data.kdt_id}: ${documentCellText(present)}`}
      onClick={open}
    >
      {documentCellText(present)}
    </button>
  );
}
