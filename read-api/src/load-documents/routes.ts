import Router from '@koa/router';
import type pg from 'pg';
import { carrierSees, type Load } from '@portal/domain/loads/decider';
import { galleryPhotoUrl, loadDocumentView } from '@portal/domain/loads/documents';
import { LOAD_DOCUMENT_TYPES, type LoadDocumentType } from '@portal/domain/loads/fields';
import { documentCounts } from '@portal/domain/loads/view';
import type { Actor } from '@portal/domain/permissions';
import type { FileStorage } from '@portal/platform/files/storage';
import { notFound, ValidationFailed } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import { serveStoredFile } from '../files/serve-stored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live (not deleted) load, if this actor may see it: staff any, a vendor its own; with the documents it sees: staff
 * every one, a vendor (and the public gallery, `actor` undefined) those of the load's time with its vendor now
 * (carrierSees: a carrier the load was handed to does not get the previous one's rate confirmation or invoice).
 */
async function visibleLoad(pool: pg.Pool, actor: Actor | undefined, loadId: string | undefined): Promise<Load> {
  if (!loadId || !UUID.test(loadId)) throw notFound();
  const { rows } = await pool.query<{ state: Load; vendor_id: string | null }>('SELECT state, vendor_id FROM loads WHERE id = $1 AND deleted_at IS NULL', [loadId]);
  const row = rows[0];
  if (!row) throw notFound();
  if (actor && actor.type === 'VENDOR' && row.vendor_id !== actor.vendorId) throw notFound();
  const documents = row.state.documents ?? [];
  const staff = actor !== undefined && actor.type === 'STAFF';
  return { ...row.state, documents: staff ? documents : documents.filter((document) => carrierSees(row.state, document)) };
}

export function loadDocumentReadRoutes(deps: { pool: pg.Pool; storage: FileStorage }): Router {
  const { pool, storage } = deps;
  const router = new Router();

  router.get('/api/loads/:id/documents/', async (ctx) => {
    const load = await visibleLoad(pool, await requireReader(ctx, pool), ctx.params.id);
    const type = ctx.query.document_type;
    if (type !== undefined && !LOAD_DOCUMENT_TYPES.includes(type as LoadDocumentType)) {
      throw new ValidationFailed({ document_type: [`Select a valid document type: ${LOAD_DOCUMENT_TYPES.join(', ')}.`] });
    }
    // Staff also see an earlier carrier's documents, marked: the load's counts leave them out.
    ctx.body = load.documents
      .filter((d) => type === undefined || d.type === type)
      .map((d) => (carrierSees(load, d) ? loadDocumentView(load.id, d) : { ...loadDocumentView(load.id, d), earlier_carrier: true }));
  });

  router.get('/api/loads/:id/documents/counts/', async (ctx) => {
    const load = await visibleLoad(pool, await requireReader(ctx, pool), ctx.params.id);
    ctx.body = documentCounts(load.documents.filter((d) => carrierSees(load, d)));
  });

  router.get('/api/serve-file/load-documents/:loadId/:documentId/:name', async (ctx) => {
    const actor = await requireReader(ctx, pool).catch(() => undefined);
    if (!actor) throw notFound();
    const load = await visibleLoad(pool, actor, ctx.params.loadId);
    const document = load.documents.find((d) => d.id === ctx.params.documentId);
    if (!document) throw notFound();
    serveStoredFile(ctx, storage, document.file);
  });

  // The public photo gallery: anyone holding the link (load ids are random UUIDs) sees that load's photos, and nothing
  // else of the load: no rate, no vendor, no other documents.
  router.get('/api/photo-gallery/:loadId/', async (ctx) => {
    const load = await visibleLoad(pool, undefined, ctx.params.loadId).catch(() => {
      throw notFound('Gallery not found.');
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      photos: load.documents
        .filter((d) => d.type === 'photos')
        .map((d) => ({ id: d.id, file_name: d.file.name, url: galleryPhotoUrl(load.id, d), uploaded_at: d.file.uploaded_at })),
    };
  });

  router.get('/api/photo-gallery/:loadId/photos/:documentId/:name', async (ctx) => {
    const load = await visibleLoad(pool, undefined, ctx.params.loadId);
    const document = load.documents.find((d) => d.id === ctx.params.documentId && d.type === 'photos');
    if (!document) throw notFound();
    serveStoredFile(ctx, storage, document.file);
  });

  return router;
}
