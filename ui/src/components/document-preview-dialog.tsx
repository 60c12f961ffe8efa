import { Modal } from './modal';
import { PdfPreviewFrame } from './pdf-preview-frame';
import { previewKindOf } from './document-preview-kind';
import './document-preview-dialog.css';

interface DocumentPreviewDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  url: string;
  fileName?: string | null;
}

/** A stored document in a dialog (at most 90% of the viewport high): PDFs in a frame, images as images. */
export function DocumentPreviewDialog({ open, onClose, title, url, fileName }: DocumentPreviewDialogProps) {
  const kind = previewKindOf(fileName, url);
  const name = fileName || title;
  return (
    <Modal open={open} onClose={onClose} title={title} size="xl">
      {kind === 'pdf' && <PdfPreviewFrame className="document-preview-frame" url={url} title={name} />}
      {kind === 'image' && (
        <div className="document-preview-image">
          <img src={url} alt={name} />
        </div>
      )}
      {kind === 'other' && (
        <div className="document-preview-unavailable">
          <p>This document type cannot be previewed in the browser.</p>
          <a className="button button-primary" href={url} download={fileName ?? undefined} target="_blank" rel="noopener noreferrer">
            Download Document
          </a>
        </div>
      )}
    </Modal>
  );
}
