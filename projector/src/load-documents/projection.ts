import type { LoadEvent } from '@portal/domain/loads/events';
import type { Projection, ProjectionContext } from '../runtime';

const batchDocuments = (context: ProjectionContext) =>
  context.local('load-documents', () => ({ uploaded: [] as Record<string, unknown>[], deleted: new Map<string, Date>() }));

/** load_documents: one row per uploaded document; a deletion keeps the row, marked deleted. */
export const loadDocumentsProjection: Projection = {
  name: 'load-documents',
  apply(recorded, context) {
    if (recorded.type !== 'LoadDocumentUploaded' && recorded.type !== 'LoadDocumentDeleted') return;
    const event = { type: recorded.type, data: recorded.data } as unknown as LoadEvent;
    const loadId = recorded.streamId.slice('load-'.length);
    const batch = batchDocuments(context);
    if (event.type === 'LoadDocumentUploaded') {
      const { document_id, document_type, file } = event.data;
      batch.uploaded.push({
        id: document_id, load_id: loadId, document_type, name: file.name, sha256: file.sha256, content_type: file.content_type,
        size: file.size, uploaded_at: file.uploaded_at,
      });
      context.changed({ kind: 'load-document', key: document_id, op: 'upsert' });
    } else if (event.type === 'LoadDocumentDeleted') {
      batch.deleted.set(event.data.document_id, recorded.createdAt);
      context.changed({ kind: 'load-document', key: event.data.document_id, op: 'remove' });
    }
  },

  async flush(context) {
    const { uploaded, deleted } = batchDocuments(context);
    if (uploaded.length > 0) {
      await context.tx.query(
        `INSERT INTO load_documents (id, load_id, document_type, name, sha256, content_type, size, uploaded_at)
         SELECT id, load_id, document_type, name, sha256, content_type, size, uploaded_at
         FROM jsonb_populate_recordset(NULL::load_documents, $1::jsonb)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(uploaded)],
      );
    }
    // After the uploads, so a document uploaded and deleted in one batch ends deleted.
    if (deleted.size > 0) {
      await context.tx.query(
        `UPDATE load_documents d SET deleted_at = x.deleted_at
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, deleted_at timestamptz) WHERE d.id = x.id`,
        [JSON.stringify([...deleted].map(([id, at]) => ({ id, deleted_at: at })))],
      );
    }
  },
};
