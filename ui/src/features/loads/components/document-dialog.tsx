import { Modal } from '../../../components/modal';
import { documentDialogTitle, type LoadDocumentKind } from '../utils/load-documents';

interface DocumentDialogProps {
  kdtId: string;
  /** The document type the dialog is for (only its label is needed). */
  document: Pick<LoadDocumentKind, 'label'>;
  onClose(): void;
}

/** The per-type document dialog; its upload form and viewer arrive with the load documents feature. */
export function DocumentDialog({ kdtId, document, onClose }: DocumentDialogProps) {
  return (
    <Modal open title={documentDialogTitle(document, kdtId)} size="lg" onClose={onClose}>
      <p className="document-dialog-note">
        Documents come with the load documents feature: {document.label} files for this load will be uploaded and viewed here.
      </p>
    </Modal>
  );
}
