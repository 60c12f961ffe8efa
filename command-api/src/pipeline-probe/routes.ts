import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as probe from '@portal/domain/pipeline-probe/decider';
import { pipelineProbeStream } from '@portal/domain/pipeline-probe/events';
import type { EventStore } from '@portal/platform/event-store/port';
import { HttpError } from '@portal/platform/http/errors';
import { handleCommand } from '../command-handler';

/**
 * POST /api/health/probe/ sends a synthetic change through the whole pipeline; the answer carries the probe id and
 * the event position, which the read API's GET /api/health/probes/{id}/?min_position= confirms once projected.
 * Probes write events, so they are throttled per process.
 */
export function pipelineProbeRoutes(deps: { store: EventStore; minIntervalMs?: number }): Router {
  const router = new Router();
  const minIntervalMs = deps.minIntervalMs ?? 1_000;
  let lastProbeAt = 0;
  router.post('/api/health/probe/', async (ctx) => {
    const now = Date.now();
    const wait = lastProbeAt + minIntervalMs - now;
    if (wait > 0) {
      throw new HttpError(429, 'Too many probes; try again shortly.', { 'Retry-After': String(Math.ceil(wait / 1000)) });
    }
    lastProbeAt = now;
    const probeId = randomUUID();
    const result = await handleCommand(
      deps.store,
      pipelineProbeStream(probeId),
      probe,
      { type: 'RequestProbe', data: { probeId, now: new Date(now) } },
      { actorType: 'SYSTEM', correlationId: ctx.state.requestId as string },
    );
    ctx.status = 201;
    ctx.body = { probe_id: probeId, position: result.position };
  });
  return router;
}
