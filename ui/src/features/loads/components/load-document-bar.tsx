import { useState } from 'react';
import type { LoadView } from '@portal/domain/loads/view';
import { documentCellText, hasDocument, LOAD_DOCUMENT_KINDS, type LoadDocumentKind } from '../utils/load-documents';
import { DocumentDialog } from './document-dialog';

/** The load's document categories, each opening its document dialog. */
export function LoadDocumentBar({ load }: { load: LoadView }) {
  const [open, setOpen] = useState<LoadDocumentKind | null>(null);
  return (
    <nav className="document-bar" aria-label="Documents">
      {LOAD_DOCUMENT_KINDS.map((kind) => {
        const present = hasDocument(load, kind);
        return (
          <button key={kind.type} type="button" className="document-bar-item" onClick={() => setOpen(kind)}>
            <span>{kind.label}</span>
            <span className={`document-state ${present ? 'is-present' : 'is-missing'}`}>{documentCellText(present)}</span>
          </button>
        );
      })}
      {open && <DocumentDialog kdtId={load.kdt_id} document={open} onClose={() => setOpen(null)} />}
    </nav>
  );
}
