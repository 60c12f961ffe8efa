import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as probe from '@portal/domain/pipeline-probe/decider';
import { pipelineProbeStream } from '@portal/domain/pipeline-probe/events';
import type { EventStore } from '@portal/platform/event-store/port';
import { HttpError } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { handleCommand } from '../command-handler';

/**
 * POST /api/health/probe/ sends a synthetic change through the whole pipeline; the answer carries the probe id and
 * the event position, which the read API's GET /api/health/probes/{id}/?min_position= confirms once projected.
 * Probes write events, so only signed-in staff may send them (any tier, PENDING included: a monitoring account needs
 * no other right), each at most one per `minIntervalMs` in this process, so nobody can crowd out another's probes.
 */
export function pipelineProbeRoutes(deps: { store: EventStore; minIntervalMs?: number }): Router {
  const router = new Router();
  const minIntervalMs = deps.minIntervalMs ?? 1_000;
  /** When each caller's last probe was sent (a caller's entry is dropped once its interval is over). */
  const lastProbeAt = new Map<string, number>();
  router.post('/api/health/probe/', async (ctx) => {
    const actor = await requireActor(ctx, deps.store);
    if (actor.type !== 'STAFF') throw new HttpError(403, 'You do not have permission to send pipeline probes.');
    const now = Date.now();
    for (const [caller, at] of lastProbeAt) if (at + minIntervalMs <= now) lastProbeAt.delete(caller);
    const wait = (lastProbeAt.get(actor.userId) ?? -Infinity) + minIntervalMs - now;
    if (wait > 0) {
      throw new HttpError(429, 'Too many probes; try again shortly.', { 'Retry-After': String(Math.ceil(wait / 1000)) });
    }
    lastProbeAt.set(actor.userId, now);
    const probeId = randomUUID();
    const result = await handleCommand(
      deps.store,
      pipelineProbeStream(probeId),
      probe,
      { type: 'RequestProbe', data: { probeId, now: new Date(now) } },
      actorMetadata(actor, ctx),
    );
    ctx.status = 201;
    ctx.body = { probe_id: probeId, position: result.position };
  });
  return router;
}
