import Router from '@koa/router';
import type Koa from 'koa';
import { createLoadSchema, updateLoadSchema } from '@portal/domain/loads/schemas';
import type { EventStore } from '@portal/platform/event-store/port';
import { ValidationFailed } from '@portal/platform/http/errors';
import { EXPECTABLE_FIELDS } from '@portal/domain/loads/decider';
import type { FieldValue } from '@portal/domain/loads/fields';
import { actorMetadata, requireActor } from '../accounts/actor';
import { idempotencyKey } from '../idempotency';
import { canonicalId } from '../ids';
import type { LoadCommandResult, LoadsService } from './service';

function answer(ctx: Koa.Context, result: LoadCommandResult, status = 200): void {
  if (result.position !== null) ctx.set('X-Event-Position', result.position.toString());
  ctx.status = status;
  if (result.load) ctx.body = result.load;
}

export const EXPECTED_VALUES_FORMAT = 'X-Expected-Values must be a URI-encoded JSON object of load fields and their values.';
const SCALAR = new Set(['string', 'number', 'boolean']);

/**
 * Optional X-Expected-Values: the values the client saw of the fields it changes (a form's values as it opened), as
 * URI-encoded JSON. A field no longer so was changed by someone else meanwhile, and the PATCH answers 409.
 */
function expectedValues(ctx: Koa.Context): Record<string, FieldValue> | undefined {
  const header = ctx.get('X-Expected-Values');
  if (header === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(header));
  } catch {
    throw new ValidationFailed({ 'X-Expected-Values': [EXPECTED_VALUES_FORMAT] });
  }
  const fine =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) &&
    Object.entries(parsed).every(([field, value]) => EXPECTABLE_FIELDS.has(field) && (value === null || SCALAR.has(typeof value)));
  if (!fine) throw new ValidationFailed({ 'X-Expected-Values': [EXPECTED_VALUES_FORMAT] });
  return parsed as Record<string, FieldValue>;
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
