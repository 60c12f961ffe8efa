import Router from '@koa/router';
import type pg from 'pg';
import type { Vendor } from '@portal/domain/vendors/decider';
import { VENDOR_DOCUMENT_TYPES, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { vendorDocumentView, vendorProfileView } from '@portal/domain/vendors/view';
import { HttpError, notFound } from '@portal/platform/http/errors';
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

/** GET /api/vendors/picker/: the vendors a load can be created for or assigned to (staff only; never staff accounts). */
export function vendorPickerRoutes(deps: { pool: pg.Pool }): Router {
  const router = new Router();
  router.get('/api/vendors/picker/', async (ctx) => {
    const actor = await requireReader(ctx, deps.pool);
    if (actor.type !== 'STAFF') throw new HttpError(403, 'You do not have permission to view vendor information.');
    const { rows } = await deps.pool.query(
      `SELECT u.id, v.id AS vendor_profile_id, v.vendor_name, v.state->'values'->>'business_name' AS business_name, u.username
       FROM vendor_profiles v JOIN users u ON u.id = v.user_id
       WHERE u.kind = 'VENDOR' AND u.is_active AND u.deleted_at IS NULL AND v.deleted_at IS NULL
       ORDER BY lower(v.vendor_name)`,
    );
    ctx.body = rows.map((row) => ({
      id: row.id,
      vendor_profile_id: row.vendor_profile_id,
      business_name: row.business_name ?? row.vendor_name,
      username: row.username,
      is_staff: false,
      staff_tier: null,
    }));
  });
  return router;
}
