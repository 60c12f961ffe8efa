import Router from '@koa/router';
import type pg from 'pg';
import { HEALTH_CHECK_MS, within } from '@portal/platform/deadline';
import type { EventStore } from '@portal/platform/event-store/port';

/** GET /api/health/ of the command API itself (the gateway sends public GETs to the read API). */
export function commandHealthRoutes(deps: { store: EventStore; pool: pg.Pool }): Router {
  const router = new Router();
  router.get('/api/health/', async (ctx) => {
    const [database, eventStore] = await Promise.all([
      within(deps.pool.query('SELECT 1'), HEALTH_CHECK_MS, 'database').then(() => ({ ok: true }), (error: Error) => ({ ok: false, error: error.message })),
      within(deps.store.headPosition(), HEALTH_CHECK_MS, 'event store').then(
        (head) => ({ ok: true, kind: deps.store.kind, head }),
        (error: Error) => ({ ok: false, kind: deps.store.kind, error: error.message }),
      ),
    ]);
    const ok = database.ok && eventStore.ok;
    ctx.status = ok ? 200 : 503;
    ctx.body = { service: 'command-api', status: ok ? 'ok' : 'unavailable', database, event_store: eventStore };
  });
  return router;
}
