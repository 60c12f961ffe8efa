import type { LoadEvent } from '@portal/domain/loads/events';
import { addRows, type TypedColumn } from '@portal/platform/db/copy';
import type { Projection, ProjectionContext } from '../runtime';

const COLUMNS: readonly TypedColumn[] = [
  ['id', 'uuid'], ['load_id', 'uuid'], ['document_type', 'text'], ['name', 'text'], ['sha256', 'text'], ['content_type', 'text'], ['size', 'bigint'], ['uploaded_at', 'timestamptz'],
];
/** Uploads of the current page and deletions of the transaction, not written yet. */
const heldDocuments = (context: ProjectionContext) =>
  context.local('load-documents', () => ({ uploaded: [] as unknown[][], deleted: new Map<string, Date>() }));

/** load_documents: one row per uploaded document; a deletion keeps the row, marked deleted. */
export const loadDocumentsProjection: Projection = {
  name: 'load-documents',
  apply(recorded, context) {
    if (recorded.type !== 'LoadDocumentUploaded' && recorded.type !== 'LoadDocumentDeleted') return;
    const event = { type: recorded.type, data: recorded.data } as unknown as LoadEvent;
    const loadId = recorded.streamId.slice('load-'.length);
    const batch = heldDocuments(context);
    if (event.type === 'LoadDocumentUploaded') {
      const { document_id, document_type, file } = event.data;
      batch.uploaded.push([document_id, loadId, document_type, file.name, file.sha256, file.content_type, file.size, file.uploaded_at]);
      context.changed({ kind: 'load-document', key: document_id, op: 'upsert' });
    } else if (event.type === 'LoadDocumentDeleted') {
      batch.deleted.set(event.data.document_id, recorded.createdAt);
      context.changed({ kind: 'load-document', key: event.data.document_id, op: 'remove' });
    }
  },

  async flushPage(context) {
    // Each document id is uploaded once (the command side refuses an upload under an id its load has had), so rows
    // are only added here. Should a second upload of an id ever be recorded all the same, the first stays and the
    // projector carries on: a duplicate key here would stop every read model for everyone.
    const held = heldDocuments(context);
    const { uploaded } = held;
    held.uploaded = [];
    await addRows(context.tx, 'load_documents', COLUMNS, uploaded, { ignoreDuplicates: true });
  },

  async flush(context) {
    // At commit, after every page's uploads (a document uploaded and deleted in one transaction ends deleted), and
    // after the previous transaction of a replay has committed the uploads it wrote.
    const { deleted } = heldDocuments(context);
    if (deleted.size > 0) {
      await context.tx.query(
        `UPDATE load_documents d SET deleted_at = x.deleted_at
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, deleted_at timestamptz) WHERE d.id = x.id`,
        [JSON.stringify([...deleted].map(([id, at]) => ({ id, deleted_at: at })))],
      );
    }
  },
};
