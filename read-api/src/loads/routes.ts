import Router from '@koa/router';
import type pg from 'pg';
import type { Load } from '@portal/domain/loads/decider';
import { normalizeLoadNumber } from '@portal/domain/loads/fields';
import { loadView } from '@portal/domain/loads/view';
import { notFound } from '@portal/platform/http/errors';
import { requireReader } from '../accounts/actor';
import type { EventStore } from '@portal/platform/event-store/port';
import { asOfFrom, loadAsOf, maySeeDeleted, wantsAsOf } from '../history/as-of';
import type { ProjectionPosition } from '../projection-position';
import { gunzipBody, LoadListCache } from './list-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LoadRow {
  state: Load;
  vendor_name: string | null;
}

// The vendor's name as it reads now, which may be newer than the one the load recorded.
const toView = (row: LoadRow) => loadView({ ...row.state, vendorName: row.vendor_name });

export function loadReadRoutes(deps: { pool: pg.Pool; store: EventStore; projection: ProjectionPosition }): Router {
  const { pool, store } = deps;
  const listCache = new LoadListCache(deps.projection);
  const router = new Router();

  router.get('/api/loads/', async (ctx) => {
    const actor = await requireReader(ctx, pool);
    // A vendor sees its own loads, whatever user_id it sends; staff see every load. The projector keeps each load's
    // answer ready (view), so the list is one json_agg handed over as text: no per-row parsing and re-serialising.
    // The compressed answer is kept until the loads read model changes (see LoadListCache).
    const scope = actor.type === 'VENDOR' ? 'AND vendor_id = $1' : '';
    const params = actor.type === 'VENDOR' ? [actor.vendorId] : [];
    const body = await listCache.get(actor.type === 'VENDOR' ? `vendor:${actor.vendorId}` : 'staff', async () => {
      const { rows } = await pool.query<{ body: string; incomplete: boolean | null }>(
        `SELECT coalesce(json_agg(view ORDER BY created_at DESC), '[]'::json)::text AS body, bool_or(view IS NULL) AS incomplete
         FROM loads WHERE deleted_at IS NULL ${scope}`,
        params,
      );
      if (!rows[0]?.incomplete) return rows[0]?.body ?? '[]';
      // Rows projected before views were kept (until the next rebuild): build them here.
      const { rows: old } = await pool.query<LoadRow>(`SELECT state, vendor_name FROM loads WHERE deleted_at IS NULL ${scope} ORDER BY created_at DESC`, params);
      return JSON.stringify(old.map(toView));
    });
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
    const raw = ctx.query.id_to_check;
    const typed = typeof raw === 'string' ? raw.trim() : '';
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
    if (row.deleted && !(wantsAsOf(ctx) && maySeeDeleted(actor))) throw notFound();
    const asOf = asOfFrom(ctx);
    if (asOf) {
      // Time travel: the load as its own stream says it was then.
      ctx.body = loadView(await loadAsOf(store, id, asOf));
      return;
    }
    if (row.deleted) throw notFound();
    ctx.body = toView(row);
  });

  return router;
}
