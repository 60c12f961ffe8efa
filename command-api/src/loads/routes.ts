import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import * as loads from '@portal/domain/loads/decider';
import { LoadError, type LoadState } from '@portal/domain/loads/decider';
import { loadNumberStream, loadStream, normalizeLoadNumber, SECTION_OF, type SectionField } from '@portal/domain/loads/fields';
import { createLoadSchema, updateLoadSchema, type UpdateLoadBody } from '@portal/domain/loads/schemas';
import { loadView } from '@portal/domain/loads/view';
import { canOnLoad, LOAD_PERMISSION_MESSAGES, type Actor, type LoadCapability } from '@portal/domain/permissions';
import { WrongExpectedVersion, type EventStore } from '@portal/platform/event-store/port';
import { HttpError, notFound, ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, requireActor } from '../accounts/actor';
import { load as fold } from '../accounts/aggregates';
import { handleCommand } from '../command-handler';
import { vendorForLoad } from '../vendors/vendor-name';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(capability: LoadCapability): never {
  throw new HttpError(403, LOAD_PERMISSION_MESSAGES[capability]);
}

/** Each part of a PATCH needs its own capability; the first one missing refuses the whole request. */
export function capabilitiesFor(patch: UpdateLoadBody): LoadCapability[] {
  const needed = new Set<LoadCapability>();
  if (patch.status !== undefined) needed.add('change_status');
  if (patch.pickup_date !== undefined || patch.delivery_date !== undefined) needed.add('set_dates');
  if (patch.payment_status !== undefined) needed.add('change_payment_status');
  if (patch.vendor !== undefined) needed.add('assign_vendor');
  for (const field of Object.keys(patch)) {
    const section = SECTION_OF[field as SectionField];
    if (section) needed.add(`edit_section:${section}`);
  }
  return [...needed];
}

function setPosition(ctx: Koa.Context, position: bigint | null): void {
  if (position !== null) ctx.set('X-Event-Position', position.toString());
}

/** The load if this actor may see it; another vendor's load, or a deleted one, does not exist for them. */
async function visibleLoad(store: EventStore, actor: Actor, loadId: string | undefined): Promise<loads.Load> {
  if (!loadId || !UUID.test(loadId)) throw notFound();
  const state: LoadState = await fold(store, loadStream(loadId), loads);
  if (state.status !== 'exists' || state.load.deleted || !canOnLoad(actor, 'view', state.load)) throw notFound();
  return state.load;
}

function mapLoadError(error: unknown): never {
  if (error instanceof LoadError) {
    if (error.code === 'invalid') throw new ValidationFailed(error.fields);
    if (error.code === 'not_found') throw notFound();
  }
  throw error;
}

export function loadRoutes(deps: { store: EventStore }): Router {
  const { store } = deps;
  const router = new Router();

  router.post('/api/loads/', async (ctx) => {
    const actor = await requireActor(ctx, store);
    if (!canOnLoad(actor, 'create')) refuse('create');
    const body = createLoadSchema.parse(ctx.request.body ?? {});
    const kdtId = normalizeLoadNumber(body.load_number);
    if (body.kdt_id !== undefined && body.kdt_id !== '' && normalizeLoadNumber(body.kdt_id) !== kdtId) {
      throw new ValidationFailed({ kdt_id: ['kdt_id must match the load number.'] });
    }
    let vendor: { id: string; name: string } | undefined;
    if (actor.type === 'VENDOR') {
      if (body.vendor && body.vendor !== actor.vendorId) throw new HttpError(403, LOAD_PERMISSION_MESSAGES.assign_vendor);
      vendor = await vendorForLoad(store, actor.vendorId!);
    } else {
      if (!body.vendor) throw new ValidationFailed({ vendor: ['Please select a vendor.'] });
      vendor = await vendorForLoad(store, body.vendor);
      if (!vendor) throw new ValidationFailed({ vendor: ['Select a valid vendor.'] });
    }
    const loadId = randomUUID();
    const metadata = actorMetadata(actor, ctx);
    try {
      await store.appendToStream(loadNumberStream(kdtId), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: kdtId }, metadata }], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw new ValidationFailed({ load_number: ['ID already taken.'] });
      throw error;
    }
    const result = await handleCommand(store, loadStream(loadId), loads, {
      type: 'CreateLoad',
      data: {
        load_id: loadId,
        load_number: kdtId,
        kdt_id: kdtId,
        vendor_id: vendor?.id ?? null,
        vendor_name: vendor?.name ?? null,
        user_id: actor.userId,
        pickup_location: body.pickup_location ?? null,
        pickup_date: body.pickup_date ?? null,
        delivery_location: body.delivery_location ?? null,
        delivery_date: body.delivery_date ?? null,
        rate_amount: body.rate_amount ?? null,
        now: new Date(),
      },
    }, metadata);
    if (result.state.status !== 'exists') throw new Error('load not created');
    setPosition(ctx, result.position);
    ctx.status = 201;
    ctx.body = loadView(result.state.load);
  });

  const update = async (ctx: Koa.Context) => {
    const actor = await requireActor(ctx, store);
    const current = await visibleLoad(store, actor, ctx.params.id);
    const patch = updateLoadSchema.parse(ctx.request.body ?? {});
    for (const capability of capabilitiesFor(patch)) if (!canOnLoad(actor, capability, current)) refuse(capability);
    let vendorName: string | null | undefined;
    if (patch.vendor !== undefined) {
      const vendor = await vendorForLoad(store, patch.vendor);
      if (!vendor) throw new ValidationFailed({ vendor: ['Select a valid vendor.'] });
      vendorName = vendor.name;
    }
    const result = await handleCommand(store, loadStream(current.id), loads, { type: 'UpdateLoad', data: { patch, vendorName, now: new Date() } }, actorMetadata(actor, ctx)).catch(mapLoadError);
    if (result.state.status !== 'exists') throw notFound();
    setPosition(ctx, result.position);
    ctx.body = loadView(result.state.load);
  };

  const remove = async (ctx: Koa.Context) => {
    const actor = await requireActor(ctx, store);
    const current = await visibleLoad(store, actor, ctx.params.id);
    if (!canOnLoad(actor, 'delete', current)) refuse('delete');
    const result = await handleCommand(store, loadStream(current.id), loads, { type: 'DeleteLoad', data: {} }, actorMetadata(actor, ctx)).catch(mapLoadError);
    setPosition(ctx, result.position);
    ctx.status = 204;
  };

  // The spec shows the section edit and delete calls with an extra /api prefix as well: both paths work.
  for (const prefix of ['/api/loads/', '/api/api/loads/']) {
    router.patch(`${prefix}:id/`, update);
    router.delete(`${prefix}:id/`, remove);
  }
  return router;
}
