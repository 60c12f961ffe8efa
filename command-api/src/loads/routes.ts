import Router from '@koa/router';
import type Koa from 'koa';
import { createLoadSchema, updateLoadSchema } from '@portal/domain/loads/schemas';
import type { EventStore } from '@portal/platform/event-store/port';
import { EXPECTABLE_FIELDS } from '@portal/domain/loads/decider';
import { actorMetadata, requireActor } from '../accounts/actor';
import { expectedValues } from '../expected-values';
import { idempotencyKey } from '../idempotency';
import { canonicalId } from '../ids';
import type { LoadCommandResult, LoadsService } from './service';

function answer(ctx: Koa.Context, result: LoadCommandResult, status = 200): void {
  if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
  ctx.status = status;
  if (result.load) ctx.body = result.load;
}

export function loadRoutes(deps: { store: EventStore; loads: LoadsService }): Router {
  const { store, loads } = deps;
  const router = new Router();

  router.post('/api/loads/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    const body = createLoadSchema.parse(ctx.request.body ?? {});
    answer(ctx, await loads.create(actor, { ...body, vendor: canonicalId(body.vendor) }, actorMetadata(actor, ctx), new Date(), idempotencyKey(ctx)), 201);
  });

  const update = async (ctx: Koa.Context) => {
    const actor = await requireActor(ctx, store);
    const patch = updateLoadSchema.parse(ctx.request.body ?? {});
    if (patch.vendor !== undefined) patch.vendor = canonicalId(patch.vendor);
    answer(ctx, await loads.update(actor, canonicalId(ctx.params.id), patch, actorMetadata(actor, ctx), new Date(), expectedValues(ctx, EXPECTABLE_FIELDS, 'load')));
  };

  const remove = async (ctx: Koa.Context) => {
    const actor = await requireActor(ctx, store);
    answer(ctx, await loads.remove(actor, canonicalId(ctx.params.id), actorMetadata(actor, ctx)), 204);
  };

  // The spec shows the section edit and delete calls with an extra /api prefix as well: both paths work.
  for (const prefix of ['/api/loads/', '/api/api/loads/']) {
    router.patch(`${prefix}:id/`, update);
    router.delete(`${prefix}:id/`, remove);
  }
  return router;
}
