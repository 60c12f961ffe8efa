import Router from '@koa/router';
import type pg from 'pg';
import { notFound } from '@portal/platform/http/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function pipelineProbeReadRoutes(deps: { pool: pg.Pool }): Router {
  const router = new Router();
  router.get('/api/health/probes/:probeId/', async (ctx) => {
    const { probeId } = ctx.params;
    if (!probeId || !UUID.test(probeId)) throw notFound();
    const { rows } = await deps.pool.query(
      'SELECT probe_id, position, requested_at, projected_at FROM pipeline_probes WHERE probe_id = $1',
      [probeId],
    );
    if (!rows[0]) throw notFound();
    ctx.body = rows[0];
  });
  return router;
}
