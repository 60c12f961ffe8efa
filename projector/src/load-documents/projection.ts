import type { LoadEvent } from '@portal/domain/loads/events';
import type { Projection } from '../runtime';

/** load_documents: one row per uploaded document; a deletion keeps the row, marked deleted. */
export const loadDocumentsProjection: Projection = {
  name: 'load-documents',
  async apply(recorded, { tx, changed }) {
    if (recorded.type !== 'LoadDocumentUploaded' && recorded.type !== 'LoadDocumentDeleted') return;
    const event = { type: recorded.type, data: recorded.data } as unknown as LoadEvent;
    const loadId = recorded.streamId.slice('load-'.length);
    if (event.type === 'LoadDocumentUploaded') {
      const { document_id, document_type, file } = event.data;
      await tx.query(
        `INSERT INTO load_documents (id, load_id, document_type, name, sha256, content_type, size, uploaded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [document_id, loadId, document_type, file.name, file.sha256, file.content_type, file.size, file.uploaded_at],
      );
      changed({ kind: 'load-document', key: document_id, op: 'upsert' });
    } else if (event.type === 'LoadDocumentDeleted') {
      await tx.query('UPDATE load_documents SET deleted_at = $2 WHERE id = $1', [event.data.document_id, recorded.createdAt]);
      changed({ kind: 'load-document', key: event.data.document_id, op: 'remove' });
    }
  },
};
