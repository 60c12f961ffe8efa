import type Koa from 'koa';
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
