import Router from '@koa/router';
import type pg from 'pg';
import type { Vendor } from '@portal/domain/vendors/decider';
import { VENDOR_DOCUMENT_TYPES, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { vendorDocumentView, vendorProfileView } from '@portal/domain/vendors/view';
import { notFound } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';

async function ownVendor(pool: pg.Pool, vendorId: string | null): Promise<Vendor | undefined> {
  if (!vendorId) return undefined;
  const { rows } = await pool.query<{ state: Vendor }>('SELECT state FROM vendor_profiles WHERE id = $1 AND deleted_at IS NULL', [vendorId]);
  return rows[0]?.state;
}

export function vendorReadRoutes(deps: { pool: pg.Pool }): Router {
  const { pool } = deps;
  const router = new Router();

  // The signed-in vendor's own profile; anyone without one gets 404 (the UI tolerates it).
  router.get('/api/profiles/vendor/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    const vendor = actor.type === 'VENDOR' ? await ownVendor(pool, actor.vendorId) : undefined;
    if (!vendor) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = vendorProfileView(vendor);
  });

  router.get('/api/vendor/documents/:type/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    const type = ctx.params.type as VendorDocumentType;
    if (!VENDOR_DOCUMENT_TYPES.includes(type)) throw notFound();
    const vendor = actor.type === 'VENDOR' ? await ownVendor(pool, actor.vendorId) : undefined;
    if (!vendor) throw notFound();
    ctx.body = vendorDocumentView(vendor.vendorId, vendor.documents[type]);
  });

  return router;
}
