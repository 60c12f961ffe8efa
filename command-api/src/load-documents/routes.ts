import Router from '@koa/router';
import { LOAD_DOCUMENT_EXTENSIONS, LOAD_DOCUMENT_LABELS, LOAD_DOCUMENT_TYPES, PHOTO_EXTENSIONS, type LoadDocumentType } from '@portal/domain/loads/fields';
import type { EventStore } from '@portal/platform/event-store/port';
import type { FileStorage } from '@portal/platform/files/storage';
import { ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { idempotencyKey } from '../idempotency';
import { canonicalId } from '../ids';
import type { LoadsService } from '../loads/service';
import { storeUpload, uploadedFile } from '../vendors/uploaded-file';
import { loadDocumentView } from '@portal/domain/loads/documents';

export function loadDocumentRoutes(deps: { store: EventStore; storage: FileStorage; loads: LoadsService }): Router {
  const { store, storage, loads } = deps;
  const router = new Router();

  router.post('/api/loads/:id/documents/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    const loadId = canonicalId(ctx.params.id);
    // Ownership and tier first: a refused caller's file is never even stored.
    await loads.assertCanManageDocuments(actor, loadId);
    // Optional: the same key sent again is the same upload (a retry whose first answer was lost), recorded once.
    const key = idempotencyKey(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const documentType = body.document_type as LoadDocumentType;
    const errors: Record<string, string[]> = {};
    if (!LOAD_DOCUMENT_TYPES.includes(documentType)) errors.document_type = [`Select a valid document type: ${LOAD_DOCUMENT_TYPES.join(', ')}.`];
    const file = uploadedFile(ctx, 'file');
    if (!file) errors.file = ['Please select a file to upload.'];
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const allowed = documentType === 'photos' ? PHOTO_EXTENSIONS : LOAD_DOCUMENT_EXTENSIONS;
    const stored = await storeUpload(storage, file!, 'file', allowed);
    const { documentId, file: recorded, position } = await loads.uploadDocument(actor, loadId, documentType, stored, actorMetadata(actor, ctx), key);
    if (position !== null) ctx.set('X-Event-Position', position.toString());
    ctx.status = 201;
    ctx.body = { ...loadDocumentView(loadId!, { id: documentId, type: documentType, file: recorded }), message: `${LOAD_DOCUMENT_LABELS[documentType]} uploaded successfully` };
  });

  router.delete('/api/loads/:id/documents/:documentId/delete/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    const { position } = await loads.deleteDocument(actor, canonicalId(ctx.params.id), canonicalId(ctx.params.documentId), actorMetadata(actor, ctx));
    if (position !== null) ctx.set('X-Event-Position', position.toString());
    ctx.body = { detail: 'Document deleted successfully' };
  });

  return router;
}
