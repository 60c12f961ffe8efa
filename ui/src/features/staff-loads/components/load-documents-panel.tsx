import { useState } from 'react';
import { LOAD_DOCUMENT_LABELS, LOAD_DOCUMENT_SHORT_LABELS, LOAD_DOCUMENT_TYPES, type LoadDocumentType } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { DocumentDialog } from '../../loads/components/document-dialog';
import { usePermissionNotice } from '../../loads/hooks/use-permission-notice';
import { documentCountsOf } from '../utils/document-counts';

/** The load's documents by type with their counts; each type opens its document dialog (upload and view). */
export function LoadDocumentsPanel({ load, canManage }: { load: LoadView; canManage: boolean }) {
  const [open, setOpen] = useState<LoadDocumentType | null>(null);
  const refusal = usePermissionNotice();
  const counts = documentCountsOf(load);

  function choose(type: LoadDocumentType) {
    if (canManage) setOpen(type);
    else refusal.show(LOAD_PERMISSION_MESSAGES.manage_documents);
  }

  return (
    <section className="card load-documents-panel" aria-label="Load Documents">
      <header className="load-documents-header">
        <h2>Load Documents</h2>
        {refusal.message && (
          <span className="permission-notice" role="alert">
            {refusal.message}
          </span>
        )}
      </header>
      <ul className="document-counts">
        {LOAD_DOCUMENT_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className={`document-count-item${canManage ? '' : ' is-refused'}`}
              title={canManage ? `${LOAD_DOCUMENT_LABELS[type]}: view and upload` : LOAD_PERMISSION_MESSAGES.manage_documents}
              aria-label={`${LOAD_DOCUMENT_LABELS[type]}: ${counts[type]}`}
              onClick={() => choose(type)}
            >
              <span className="document-count-label">{LOAD_DOCUMENT_SHORT_LABELS[type]}</span>
              <span className={`document-count${counts[type] > 0 ? ' has-documents' : ''}`}>{counts[type]}</span>
            </button>
          </li>
        ))}
      </ul>
      {open && <DocumentDialog kdtId={load.kdt_id} document={{ label: LOAD_DOCUMENT_LABELS[open] }} onClose={() => setOpen(null)} />}
    </section>
  );
}
