import Router from '@koa/router';
import type Koa from 'koa';
import { createLoadSchema, updateLoadSchema } from '@portal/domain/loads/schemas';
import type { EventStore } from '@portal/platform/event-store/port';
import { ValidationFailed } from '@portal/platform/http/errors';
import { EXPECTABLE_FIELDS } from '@portal/domain/loads/decider';
import { DIGEST } from '@portal/domain/loads/expected';
import { actorMetadata, requireActor } from '../accounts/actor';
import { idempotencyKey } from '../idempotency';
import { canonicalId } from '../ids';
import type { LoadCommandResult, LoadsService } from './service';

function answer(ctx: Koa.Context, result: LoadCommandResult, status = 200): void {
  if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
  ctx.status = status;
  if (result.load) ctx.body = result.load;
}

export const EXPECTED_VALUES_FORMAT = 'X-Expected-Values must be a JSON object of load fields and the digests of their values.';

/**
 * Optional X-Expected-Values: what the client saw of the fields it changes (a form's values as it opened), as a JSON
 * object of each field's value digest (domain/src/loads/expected.ts). A field no longer so, and not set by this PATCH
 * to what it is now, was changed by someone else meanwhile: the PATCH answers 409 with the fields as they are now.
 */
function expectedValues(ctx: Koa.Context): Record<string, string> | undefined {
  const header = ctx.get('X-Expected-Values');
  if (header === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw new ValidationFailed({ 'X-Expected-Values': [EXPECTED_VALUES_FORMAT] });
  }
  const fine =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) &&
    Object.entries(parsed).every(([field, digest]) => EXPECTABLE_FIELDS.has(field) && typeof digest === 'string' && DIGEST.test(digest));
  if (!fine) throw new ValidationFailed({ 'X-Expected-Values': [EXPECTED_VALUES_FORMAT] });
  return parsed as Record<string, string>;
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
    answer(ctx, await loads.update(actor, canonicalId(ctx.params.id), patch, actorMetadata(actor, ctx), new Date(), expectedValues(ctx)));
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
