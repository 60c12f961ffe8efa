import type { CustomCellRendererProps } from 'ag-grid-react';
import type { LoadView } from '@portal/domain/loads/view';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { documentCellText, type LoadDocumentKind } from '../../loads/utils/load-documents';
import type { BoardGridContext } from './board-grid-context';

export interface DocumentCellParams {
  document: LoadDocumentKind;
}

/**
 * YES or MISSING; opens the document dialog, except for tiers that may not manage documents: marked unavailable, and a
 * press logs the spec's warning, nothing else.
 */
export function DocumentCell({ data, value, context, document }: CustomCellRendererProps<LoadView, boolean, BoardGridContext> & DocumentCellParams) {
  if (!data) return null;
  const present = value === true;
  const refused = context.modes.documents === 'refuse';
  function open() {
    if (refused) {
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
      // A tier that may not manage documents: the spec's warning and nothing else on a press, and the control says so
      // beforehand (unavailable, with the permission message) instead of being a button that silently does nothing.
      aria-disabled={refused || undefined}
      title={refused ? LOAD_PERMISSION_MESSAGES.manage_documents : undefined}
      onClick={open}
    >
      {documentCellText(present)}
    </button>
  );
}
