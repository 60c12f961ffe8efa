import type Koa from 'koa';
import * as loads from '@portal/domain/loads/decider';
import type { LoadEvent } from '@portal/domain/loads/events';
import { loadStream } from '@portal/domain/loads/fields';
import { parseDateTime } from '@portal/domain/loads/schemas';
import * as vendors from '@portal/domain/vendors/decider';
import { vendorStream, type VendorEvent } from '@portal/domain/vendors/events';
import { parseBigIntParam } from '@portal/platform/event-store/json';
import { StreamNotFound, type EventStore, type RecordedEvent } from '@portal/platform/event-store/port';
import { HttpError, notFound, ValidationFailed } from '@portal/platform/http/errors';

/** A point in a record's history: a global position, or a moment. */
export type AsOf = { position: bigint } | { time: Date };

/** A query parameter given at all: once with a value, or more than once (which `asOfFrom` refuses). */
const given = (value: string | string[] | undefined): value is string | string[] => value !== undefined && value !== '';

/** The one value of a query parameter (undefined when absent or empty), or a validation error when it is given more than once. */
export function single(ctx: Koa.Context, name: string, message: string): string | undefined {
  const value = ctx.query[name];
  if (!given(value)) return undefined;
  if (Array.isArray(value)) throw new ValidationFailed({ [name]: [message] });
  return value;
}

/** `?as_of_position=` or `?as_of=` on a detail read; undefined when neither is given. */
export function asOfFrom(ctx: Koa.Context): AsOf | undefined {
  if (given(ctx.query.as_of_position) && given(ctx.query.as_of)) {
    throw new ValidationFailed({ non_field_errors: ['Send either as_of or as_of_position, not both.'] });
  }
  const position = single(ctx, 'as_of_position', 'Enter a valid event position.');
  if (position !== undefined) {
    const parsed = parseBigIntParam(position);
    if (parsed === undefined) throw new ValidationFailed({ as_of_position: ['Enter a valid event position.'] });
    return { position: parsed };
  }
  const time = single(ctx, 'as_of', 'Enter a valid date and time.');
  if (time !== undefined) {
    // ISO 8601 only: new Date() would read '1' as 2001 and 'foo 2020' as 2020.
    const parsed = parseDateTime(time);
    if (!parsed) throw new ValidationFailed({ as_of: ['Enter a valid date and time.'] });
    return { time: parsed };
  }
  return undefined;
}

/**
 * Whether a detail read asks for a point in the past, by the same test `asOfFrom` uses, but without parsing: it is
 * checked before who may see what, so that a deleted record does not answer a malformed point with a 400 that would
 * tell its existence to someone who may not see it.
 */
export function wantsAsOf(ctx: Koa.Context): boolean {
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
    if (error instanceof StreamNotFound) throw notFound();
    throw error;
  }
  const until = 'position' in asOf ? (e: RecordedEvent) => e.position <= asOf.position : (e: RecordedEvent) => e.createdAt <= asOf.time;
  const before = events.filter(until);
  if (before.length === 0) throw notFound('It did not exist yet at that point.');
  return before;
}

/** A stream folded up to that point, with its events until then. */
async function foldAsOf<State, Event>(
  store: EventStore,
  streamId: string,
  asOf: AsOf,
  decider: { initialState(): State; evolve(state: State, event: Event): State },
): Promise<{ state: State; events: RecordedEvent[] }> {
  const events = await eventsAsOf(store, streamId, asOf);
  const state = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as unknown as Event), decider.initialState());
  return { state, events };
}

/** The load as its own stream says it was at that point (whether or not it is deleted now). */
export async function loadAsOf(store: EventStore, loadId: string, asOf: AsOf): Promise<loads.Load> {
  const { state } = await foldAsOf<loads.LoadState, LoadEvent>(store, loadStream(loadId), asOf, loads);
  if (state.status !== 'exists') throw notFound();
  return state.load;
}

/** The vendor as its own stream says it was at that point, with the times of its first and last change until then. */
export async function vendorAsOf(store: EventStore, vendorId: string, asOf: AsOf): Promise<{ vendor: vendors.Vendor; createdAt: string; updatedAt: string }> {
  const { state, events } = await foldAsOf<vendors.VendorState, VendorEvent>(store, vendorStream(vendorId), asOf, vendors);
  if (state.status !== 'active') throw notFound('Vendor not found.');
  const { status: _, ...vendor } = state;
  return { vendor, createdAt: events[0]!.createdAt.toISOString(), updatedAt: events.at(-1)!.createdAt.toISOString() };
}

/**
 * The name the load's vendor had at that point, from the vendor's own stream: the load records the name its vendor had
 * when it was assigned, and a rename is recorded only on the vendor. The recorded name when the vendor's stream has
 * no such vendor then.
 */
export async function vendorNameAsOf(store: EventStore, load: loads.Load, asOf: AsOf): Promise<string | null> {
  if (!load.vendorId) return load.vendorName;
  try {
    return vendors.vendorDisplayName((await vendorAsOf(store, load.vendorId, asOf)).vendor);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return load.vendorName;
    throw error;
  }
}
