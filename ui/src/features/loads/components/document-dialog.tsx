import { useQueryClient } from '@tanstack/react-query';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { LoadDocumentDialog } from '../../load-documents/components/load-document-dialog';
import { loadKeys } from '../api/load-query-keys';

interface DocumentDialogProps {
  load: Pick<LoadView, 'id' | 'kdt_id'> & { document_counts?: Partial<Record<LoadDocumentType, number>> };
  documentType: LoadDocumentType;
  /** Upload and delete (vendors on their own loads; staff tiers allowed to manage documents). */
  canManage?: boolean;
  onClose(): void;
}

/** The per-type document dialog of the loads tables and details; the load re-read after a change to its documents. */
export function DocumentDialog({ load, documentType, canManage = true, onClose }: DocumentDialogProps) {
  const queryClient = useQueryClient();
  function documentsChanged() {
    // Pushes bring the new counts and flags too; re-reading makes sure (reads wait for this tab's own writes).
    void queryClient.invalidateQueries({ queryKey: loadKeys.list(), exact: true });
    void queryClient.invalidateQueries({ queryKey: loadKeys.detail(load.id), exact: true });
  }
  return (
    <LoadDocumentDialog
      loadId={load.id}
      kdtId={load.kdt_id}
      documentType={documentType}
      canManage={canManage}
      expectedCount={load.document_counts?.[documentType]}
      onClose={onClose}
      onDocumentsChanged={documentsChanged}
    />
  );
}
