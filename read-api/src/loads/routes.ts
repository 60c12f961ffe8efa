import Router from '@koa/router';
import type pg from 'pg';
import { normalizeLoadNumber } from '@portal/domain/loads/fields';
import { isAdmin } from '@portal/domain/permissions';
import { loadView } from '@portal/domain/loads/view';
import { notFound } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import type { EventStore } from '@portal/platform/event-store/port';
import { asOfFrom, loadAsOf, single, vendorNameAsOf, wantsAsOf } from '../history/as-of';
import type { ProjectionPosition } from '../projection-position';
import { gunzipBody, LoadListCache, toView, type LoadRow } from './list-cache';

// A vendor user without a vendor profile sees no loads (no load has this vendor).
const NO_VENDOR = '00000000-0000-0000-0000-000000000000';
const NOT_YOURS_THEN = 'This load was not assigned to you at that point.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadReadRoutes(deps: { pool: pg.Pool; store: EventStore; projection: ProjectionPosition }): Router {
  const { pool, store } = deps;
  const listCache = new LoadListCache(pool, deps.projection);
  const router = new Router();

  router.get('/api/loads/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    // A vendor sees its own loads, whatever user_id it sends; staff see every load. The projector keeps each load's
    // answer ready (view); the read API keeps those answers in memory, re-reads only the rows each projector batch
    // changed, and keeps each scope's compressed list until the next change (see LoadListCache).
    const body = await listCache.get(actor.type === 'VENDOR' ? actor.vendorId ?? NO_VENDOR : null, ctx.state.minPosition as bigint | undefined);
    ctx.type = 'application/json';
    ctx.vary('Accept-Encoding');
    ctx.compress = false;
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = body;
    } else {
      ctx.body = await gunzipBody(body);
    }
  });

  router.get('/api/loads/check-id/', async (ctx) => {
    await requireReader(ctx, pool);
    const typed = single(ctx, 'id_to_check', 'Send id_to_check once.')?.trim() ?? '';
    if (!typed) {
      ctx.status = 400;
      ctx.body = { id_to_check: ['This field is required.'] };
      return;
    }
    // Deleted loads keep their number: it stays taken.
    const { rows } = await pool.query('SELECT 1 FROM loads WHERE lower(kdt_id) = lower($1)', [normalizeLoadNumber(typed)]);
    ctx.body = { exists: rows.length > 0 };
  });

  router.get('/api/loads/:id/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    const id = ctx.params.id;
    if (!id || !UUID.test(id)) throw notFound();
    const { rows } = await pool.query<LoadRow & { vendor_id: string | null; deleted: boolean }>(
      'SELECT state, vendor_name, vendor_id, deleted_at IS NOT NULL AS deleted FROM loads WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row || (actor.type === 'VENDOR' && row.vendor_id !== actor.vendorId)) throw notFound();
    // A deleted load is gone from every plain read; the recycle bin's audience may still look at its past.
    if (row.deleted && !(wantsAsOf(ctx) && isAdmin(actor))) throw notFound();
    const asOf = asOfFrom(ctx);
    if (asOf) {
      // Time travel: the load as its own stream says it was then, and whether it was deleted by then.
      const load = await loadAsOf(store, id, asOf);
      // A vendor sees its load only as it was while the load was its own (see vendorsShare).
      if (actor.type === 'VENDOR' && load.vendorId !== actor.vendorId) throw notFound(NOT_YOURS_THEN);
      ctx.body = { ...loadView({ ...load, vendorName: await vendorNameAsOf(store, load, asOf) }), deleted: load.deleted };
      return;
    }
    if (row.deleted) throw notFound();
    ctx.body = toView(row);
  });

  return router;
}
