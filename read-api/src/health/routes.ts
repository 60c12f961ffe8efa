import Router from '@koa/router';
import type pg from 'pg';
import type { EventStore } from '@portal/platform/event-store/port';
import { HEALTH_CHECK_MS, within } from '@portal/platform/deadline';
import { projectorStatus } from '@portal/projector/runtime';

/** GET /api/health/: the event store, the database and how far the projector lags behind the store. */
export function readHealthRoutes(deps: { store: EventStore; pool: pg.Pool; maxHealthyLag?: number }): Router {
  const router = new Router();
  const maxHealthyLag = deps.maxHealthyLag ?? 1_000;
  router.get('/api/health/', async (ctx) => {
    // Both at once, so a frozen database answers 503 after one deadline, not two (it took 6 s against the README's 3).
    const [database, stored] = await Promise.all([
      within(deps.pool.query('SELECT 1'), HEALTH_CHECK_MS, 'database').then(() => ({ ok: true }), (error: Error) => ({ ok: false, error: error.message })),
      within(projectorStatus(deps.store, deps.pool, maxHealthyLag + 1), HEALTH_CHECK_MS, 'event store').then(
        (status) => ({ status }),
        (error: Error) => ({ error }),
      ),
    ]);
    let eventStore: Record<string, unknown>;
    let projector: Record<string, unknown>;
    if ('status' in stored) {
      const { status } = stored;
      eventStore = { ok: true, kind: deps.store.kind, head: status.head };
      // The lag is counted up to one past the healthy bound (counting further costs a read of every event behind).
      projector = { ok: status.lag <= maxHealthyLag, checkpoint: status.checkpoint, lag: status.lag, lag_capped: status.lagCapped };
    } else {
      eventStore = { ok: false, kind: deps.store.kind, error: stored.error.message };
      projector = { ok: false };
    }
    const up = database.ok && eventStore.ok === true;
    ctx.status = up ? 200 : 503;
    ctx.body = {
      service: 'read-api',
      status: !up ? 'unavailable' : projector.ok ? 'ok' : 'degraded',
      database,
      event_store: eventStore,
      projector,
    };
  });
  return router;
}
