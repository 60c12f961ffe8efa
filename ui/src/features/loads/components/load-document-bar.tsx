import { useState } from 'react';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { DocumentCategoryBar } from '../../load-documents/components/document-category-bar';
import { GallerySharePanel } from '../../load-documents/components/gallery-share-panel';
import { DocumentDialog } from './document-dialog';
import '../../load-documents/load-documents.css';

/** The load's document categories with their counts, each opening its document dialog, and the photo share link. */
export function LoadDocumentBar({ load }: { load: LoadView }) {
  const [open, setOpen] = useState<LoadDocumentType | null>(null);
  return (
    <section className="card ld-documents-card" aria-label="Documents">
      <h2>Documents</h2>
      <DocumentCategoryBar counts={load.document_counts} onOpen={setOpen} />
      <GallerySharePanel loadId={load.id} />
      {open && <DocumentDialog load={load} documentType={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
