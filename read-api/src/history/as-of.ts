import type Koa from 'koa';
import * as loads from '@portal/domain/loads/decider';
import type { LoadEvent } from '@portal/domain/loads/events';
import { loadStream } from '@portal/domain/loads/fields';
import type { Actor } from '@portal/domain/permissions';
import * as vendors from '@portal/domain/vendors/decider';
import { vendorStream, type VendorEvent } from '@portal/domain/vendors/events';
import { parseBigIntParam } from '@portal/platform/event-store/json';
import { StreamNotFound, type EventStore, type RecordedEvent } from '@portal/platform/event-store/port';
import { HttpError, ValidationFailed } from '@portal/platform/http/errors';

/** A point in a record's history: a global position, or a moment. */
export type AsOf = { position: bigint } | { time: Date };

/** `?as_of_position=` or `?as_of=` on a detail read; undefined when neither is given. */
export function asOfFrom(ctx: Koa.Context): AsOf | undefined {
  const position = ctx.query.as_of_position;
  if (typeof position === 'string' && position !== '') {
    const parsed = parseBigIntParam(position);
    if (parsed === undefined) throw new ValidationFailed({ as_of_position: ['Enter a valid event position.'] });
    return { position: parsed };
  }
  const time = ctx.query.as_of;
  if (typeof time === 'string' && time !== '') {
    const parsed = new Date(time);
    if (Number.isNaN(parsed.getTime())) throw new ValidationFailed({ as_of: ['Enter a valid date and time.'] });
    return { time: parsed };
  }
  return undefined;
}

/** Whether a detail read asks for a point in the past (checked before who may see what; parsed after). */
export function wantsAsOf(ctx: Koa.Context): boolean {
  const given = (value: unknown) => value !== undefined && value !== '';
  return given(ctx.query.as_of_position) || given(ctx.query.as_of);
}

/**
 * The stream's events up to that point, read from the event store itself (not the read model): time travel shows the
 * record exactly as its own history says it was.
 */
export async function eventsAsOf(store: EventStore, streamId: string, asOf: AsOf): Promise<RecordedEvent[]> {
  let events: RecordedEvent[];
  try {
    events = await store.readStream(streamId);
  } catch (error) {
    if (error instanceof StreamNotFound) throw new HttpError(404, 'Not found.');
    throw error;
  }
  const until = 'position' in asOf ? (e: RecordedEvent) => e.position <= asOf.position : (e: RecordedEvent) => e.createdAt <= asOf.time;
  const before = events.filter(until);
  if (before.length === 0) throw new HttpError(404, 'It did not exist yet at that point.');
  return before;
}

/**
 * Who may look into deleted records: the recycle bin's audience (ADMIN). For everyone else a deleted load or vendor
 * does not exist, now or in the past; for ADMIN too its plain detail read is 404, only its history and time travel
 * are open.
 */
export const isAdmin = (actor: Actor): boolean => actor.type === 'STAFF' && actor.tier === 'ADMIN';
export const maySeeDeleted = isAdmin;

/** The load as its own stream says it was at that point (whether or not it is deleted now). */
export async function loadAsOf(store: EventStore, loadId: string, asOf: AsOf): Promise<loads.Load> {
  const events = await eventsAsOf(store, loadStream(loadId), asOf);
  const state = events.reduce((s, e) => loads.evolve(s, { type: e.type, data: e.data } as unknown as LoadEvent), loads.initialState());
  if (state.status !== 'exists') throw new HttpError(404, 'Not found.');
  return state.load;
}

/** The vendor as its own stream says it was at that point, with the times of its first and last change until then. */
export async function vendorAsOf(store: EventStore, vendorId: string, asOf: AsOf): Promise<{ vendor: vendors.Vendor; createdAt: string; updatedAt: string }> {
  const events = await eventsAsOf(store, vendorStream(vendorId), asOf);
  const state = events.reduce((s, e) => vendors.evolve(s, { type: e.type, data: e.data } as unknown as VendorEvent), vendors.initialState());
  if (state.status !== 'active') throw new HttpError(404, 'Vendor not found.');
  const { status: _, ...vendor } = state;
  return { vendor, createdAt: events[0]!.createdAt.toISOString(), updatedAt: events.at(-1)!.createdAt.toISOString() };
}
