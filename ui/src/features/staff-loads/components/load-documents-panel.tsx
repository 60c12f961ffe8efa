import { useState } from 'react';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { DocumentCategoryBar } from '../../load-documents/components/document-category-bar';
import { GallerySharePanel } from '../../load-documents/components/gallery-share-panel';
import { DocumentDialog } from '../../loads/components/document-dialog';
import { documentCountsOf } from '../utils/document-counts';
import '../../load-documents/load-documents.css';

/**
 * The load's documents by type with their counts; each type opens its document dialog. Tiers that may not manage
 * documents (PENDING) get the viewer only: every staff tier may see a load's documents.
 */
export function LoadDocumentsPanel({ load, canManage }: { load: LoadView; canManage: boolean }) {
  const [open, setOpen] = useState<LoadDocumentType | null>(null);
  return (
    <section className="card load-documents-panel" aria-label="Load Documents">
      <header className="load-documents-header">
        <h2>Load Documents</h2>
      </header>
      <DocumentCategoryBar counts={documentCountsOf(load)} onOpen={setOpen} compact viewOnly={!canManage} />
      <div className="ld-panel-share">
        <GallerySharePanel loadId={load.id} />
      </div>
      {open && <DocumentDialog load={load} documentType={open} canManage={canManage} onClose={() => setOpen(null)} />}
    </section>
  );
}
