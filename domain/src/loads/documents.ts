import { extensionOfName } from '../files';
import type { LoadDocument } from './decider';

/** Where a load document is served: to the load's vendor and staff only. */
export const loadDocumentUrl = (loadId: string, document: LoadDocument) =>
  `/api/serve-file/load-documents/${loadId}/${document.id}/${encodeURIComponent(document.file.name)}`;

/** A load's photo, as its public gallery serves it to anyone holding the link. */
export const galleryPhotoUrl = (loadId: string, document: LoadDocument) =>
  `/api/photo-gallery/${loadId}/photos/${document.id}/${encodeURIComponent(document.file.name)}`;

/** One load document as the documents calls answer it (vendor-side.md section 3: id, file_url, file_name, file_type, document_type). */
export function loadDocumentView(loadId: string, document: LoadDocument) {
  return {
    id: document.id,
    document_type: document.type,
    file_url: loadDocumentUrl(loadId, document),
    file_name: document.file.name,
    file_type: extensionOfName(document.file.name),
    content_type: document.file.content_type,
    size: document.file.size,
    uploaded_at: document.file.uploaded_at,
  };
}
