import { useEffect, useRef, useState } from 'react';
import { LOAD_DOCUMENT_LABELS, type LoadDocumentType } from '@portal/domain/loads/fields';
import { Modal } from '../../../components/modal';
import { confirmPrompt } from '../../../lib/confirm-prompt';
import { useToast } from '../../../lib/toast-context';
import { type LoadDocument, useDeleteLoadDocument, useLoadDocuments } from '../api/load-documents-api';
import { deleteConfirmText, deleteErrorText, LOAD_DOCUMENT_MESSAGES, viewUploadedLabel } from '../utils/load-document-messages';
import { DocumentUploadForm } from './document-upload-form';
import { DocumentViewer } from './document-viewer';
import { GallerySharePanel } from './gallery-share-panel';
import '../load-documents.css';

interface LoadDocumentDialogProps {
  loadId: string;
  kdtId: string;
  documentType: LoadDocumentType;
  /** Upload and delete; without it the dialog only shows what is there. */
  canManage: boolean;
  onClose(): void;
  /** After an upload or a deletion (the load's counts and flags changed). */
  onDocumentsChanged?(): void;
  /** The load's count of this type, when known: the dialog opens in the right mode before the list arrives. */
  expectedCount?: number;
}

type Mode = 'upload' | 'viewer';

export const documentDialogTitle = (label: string, kdtId: string) => `${label} for Load ${kdtId}`;

/**
 * '{label} for Load {kdt_id}': an upload form and a viewer of the uploaded documents of that type, toggled by
 * 'Upload Additional Document' / 'View Uploaded Documents (n)'. It opens on the viewer when there are documents.
 */
export function LoadDocumentDialog({ loadId, kdtId, documentType, canManage, onClose, onDocumentsChanged, expectedCount }: LoadDocumentDialogProps) {
  const label = LOAD_DOCUMENT_LABELS[documentType];
  const toast = useToast();
  const documents = useLoadDocuments(loadId, documentType);
  const remove = useDeleteLoadDocument(loadId, documentType);
  const [chosenMode, setChosenMode] = useState<Mode | null>(() => (expectedCount === undefined ? null : expectedCount > 0 ? 'viewer' : 'upload'));
  const list = documents.data ?? [];

  // The load's count, else the first answer, decides where the dialog opens; after that only the user's toggle changes it.
  useEffect(() => {
    if (chosenMode === null && !documents.isPending) setChosenMode(documents.data && documents.data.length > 0 ? 'viewer' : 'upload');
  }, [chosenMode, documents.isPending, documents.data]);

  const mode: Mode | null = canManage ? chosenMode : 'viewer';

  // A deleted document leaves the viewer with the keyboard focus on its Delete button, which then goes (the last one)
  // or stays for the next document. Once it has left the list, a focus dropped to <body> goes to the next document's
  // Delete, else to 'Upload Additional Document'.
  const body = useRef<HTMLDivElement>(null);
  const [deletedId, setDeletedId] = useState<string | null>(null);
  useEffect(() => {
    if (deletedId === null || list.some((document) => document.id === deletedId)) return;
    setDeletedId(null);
    const active = document.activeElement;
    if (active && active !== document.body && body.current?.contains(active)) return;
    (body.current?.querySelector<HTMLElement>('[data-document-delete]') ?? body.current?.querySelector<HTMLElement>('.ld-mode-bar button'))?.focus();
  }, [deletedId, list]);

  function deleteDocument(document: LoadDocument | undefined) {
    if (!document) {
      toast.error(LOAD_DOCUMENT_MESSAGES.nothingSelected);
      return;
    }
    if (!confirmPrompt(deleteConfirmText(document.file_name))) return;
    remove.mutate(document, {
      onSuccess: () => {
        setDeletedId(document.id);
        toast.success(LOAD_DOCUMENT_MESSAGES.deleted);
        onDocumentsChanged?.();
      },
      onError: (error) => toast.error(deleteErrorText(error)),
    });
  }

  return (
    <Modal open title={documentDialogTitle(label, kdtId)} size={mode === 'upload' ? 'lg' : 'xl'} onClose={onClose}>
      <div className="ld-dialog" ref={body}>
        {canManage && mode !== null && (
          <div className="ld-mode-bar">
            {mode === 'upload' ? (
              <button type="button" className="button button-secondary" onClick={() => setChosenMode('viewer')}>
                {viewUploadedLabel(list.length)}
              </button>
            ) : (
              <button type="button" className="button button-secondary" onClick={() => setChosenMode('upload')}>
                {LOAD_DOCUMENT_MESSAGES.uploadAnother}
              </button>
            )}
          </div>
        )}

        {mode === 'upload' ? (
          <DocumentUploadForm loadId={loadId} documentType={documentType} label={label} onUploaded={() => onDocumentsChanged?.()} />
        ) : (
          <DocumentViewer
            documents={list}
            isPending={documents.isPending}
            error={documents.isError ? documents.error : null}
            onDelete={canManage ? deleteDocument : undefined}
            deleting={remove.isPending}
          />
        )}

        {documentType === 'photos' && <GallerySharePanel loadId={loadId} />}
      </div>
    </Modal>
  );
}
