// EventStoreDB adapter of the event-store port (@eventstore/db-client, gRPC).
// Positions are $all commit positions. Every event appended through the gRPC API is its own implicit
// transaction record, so its commit position equals its prepare position and is unique per event; that is
// why a bare bigint (the commit position) is enough to resume reads, as {commit: p, prepare: p}.
// Needs EventStoreDB 22.6 or later: older servers send no position with events read from a stream.
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Direction,
  type Position,
  type ReadPosition,
  type ReadRevision,
} from '@eventstore/db-client';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type AllSubscription,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type JsonObject,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './port';

/** Raw events fetched per round trip when paging through $all (system events count against it). */
const ALL_PAGE_SIZE = 500;

// ---------------------------------------------------------------------------------------------------------
// Pure helpers (exported for unit tests).

/** The structural subset of the client's ResolvedEvent / AllStreamResolvedEvent that the adapter reads. */
export interface ClientResolvedEventLike {
  event?: {
    id: string;
    streamId: string;
    revision: bigint;
    type: string;
    isJson: boolean;
    data: unknown;
    metadata?: unknown;
    created: Date;
    position?: Position;
  };
  link?: unknown;
  commitPosition?: bigint;
}

/** Rejects what the port forbids writing: an empty stream id or one in the '$' (system) namespace. */
export function assertWritableStreamId(streamId: string): void {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.startsWith('$')) {
    throw new Error(`Invalid stream id '${String(streamId)}'`);
  }
}

/** A user event: neither in a system stream ('$...') nor of a system type ('$...', e.g. '$metadata', '$>'). */
export function isUserEvent(streamId: string, type: string): boolean {
  return !streamId.startsWith('$') && !type.startsWith('$');
}

/** Port expected revision → client expected revision. -1n (no event yet) means no_stream, as in EventStoreDB. */
export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return 'any';
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    default:
      if (typeof expected !== 'bigint') throw new Error(`Invalid expected revision '${String(expected)}'`);
      if (expected === -1n) return 'no_stream';
      if (expected < -1n) throw new Error(`Invalid expected revision ${expected}`);
      return expected;
  }
}

/**
 * The client's WrongExpectedVersionError.actualVersion (a bigint, 'no_stream', or on some paths a decimal
 * string) → the port's actual revision. Anything that is not a revision ≥ 0 means the stream does not exist.
 */
export function fromClientActual(actual: unknown): bigint | 'no_stream' {
  let revision: bigint | undefined;
  if (typeof actual === 'bigint') revision = actual;
  else if (typeof actual === 'number' && Number.isSafeInteger(actual)) revision = BigInt(actual);
  else if (typeof actual === 'string' && /^-?\d+$/.test(actual.trim())) revision = BigInt(actual.trim());
  return revision !== undefined && revision >= 0n ? revision : 'no_stream';
}

/** Does an append with `expected` succeed against a stream whose last revision is `actual`? */
export function expectedRevisionMatches(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream' || expected === -1n) return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

/** 'start', undefined or a negative position (headPosition() of an empty store) → null: read from the beginning. */
export function normalizeAfter(after: bigint | 'start' | undefined): bigint | null {
  return after === undefined || after === 'start' || after < 0n ? null : after;
}

/** Where to start an inclusive $all read for an exclusive port checkpoint. */
export function toClientReadPosition(after: bigint | 'start' | undefined): ReadPosition {
  const normalized = normalizeAfter(after);
  return normalized === null ? START : { commit: normalized, prepare: normalized };
}

export function toClientReadRevision(from: bigint | 'start' | 'end'): ReadRevision {
  return from === 'start' ? START : from === 'end' ? END : from;
}

/** Orders two $all positions (commit first, then prepare). */
export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** The full $all position of a resolved event, if the server sent one. */
export function positionOf(resolved: ClientResolvedEventLike): Position | undefined {
  if (resolved.event?.position) return resolved.event.position;
  if (resolved.commitPosition !== undefined) return { commit: resolved.commitPosition, prepare: resolved.commitPosition };
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * Client resolved event → port RecordedEvent. Undefined for what the port does not carry: binary events and
 * records without an event. JSON data that is not an object (never written by this adapter) is kept as
 * { value }; metadata that is absent, binary or not an object becomes {}. The position is the commit
 * position; -1n when the server sent none (servers before 22.6, stream reads only).
 */
export function toRecordedEvent(resolved: ClientResolvedEventLike): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson || event.data instanceof Uint8Array) return undefined;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: positionOf(resolved)?.commit ?? -1n,
    type: event.type,
    data: isPlainObject(event.data) ? (event.data as JsonObject) : ({ value: event.data } as JsonObject),
    metadata: isPlainObject(event.metadata) ? (event.metadata as EventMetadata) : {},
    createdAt: event.created,
  };
}

/** The client's typed errors carry a `type` tag; checking it also works across duplicate copies of the package. */
function hasErrorType(error: unknown, type: string): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;
}

// ---------------------------------------------------------------------------------------------------------
// The adapter.

export function createEventStoreDbEventStore(options: { connectionString: string; logger?: Logger }): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const logger = (options.logger ?? silentLogger).child({ component: 'eventstoredb' });
  const subscriptions = new Set<AllSubscription>();

  async function readAllPage(fromPosition: ReadPosition, direction: Direction, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition, direction, maxCount, resolveLinkTos: false })) {
      page.push(resolved);
    }
    return page;
  }

  async function readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // Nothing can be written to these, so (as in the Postgres adapter) they hold no events.
    if (typeof streamId !== 'string' || streamId.length === 0 || streamId.startsWith('$')) throw new StreamNotFound(streamId);
    const direction = readOptions.direction ?? 'forwards';
    const from = readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
    const events: RecordedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
        fromRevision: toClientReadRevision(from),
        resolveLinkTos: false,
        ...(readOptions.maxCount !== undefined ? { maxCount: readOptions.maxCount } : {}),
      });
      for await (const resolved of read) {
        const recorded = toRecordedEvent(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      // The client reports a missing (or deleted) stream lazily, while iterating.
      if (hasErrorType(error, 'stream-not-found') || hasErrorType(error, 'stream-deleted')) throw new StreamNotFound(streamId);
      throw error;
    }
    return events;
  }

  async function lastRevision(streamId: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await readStream(streamId, { direction: 'backwards', maxCount: 1 });
      return last ? last.revision : 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFound) return 'no_stream';
      throw error;
    }
  }

  async function headPosition(): Promise<bigint> {
    // Newest first; skip system and binary events (which readAll never returns), paging back as far as needed.
    let from: ReadPosition = END;
    let oldestSeen: Position | undefined;
    for (;;) {
      const page = await readAllPage(from, BACKWARDS, ALL_PAGE_SIZE);
      let advanced = false;
      for (const resolved of page) {
        const position = positionOf(resolved);
        if (!position) continue;
        if (oldestSeen && comparePositions(position, oldestSeen) >= 0) continue;
        oldestSeen = position;
        advanced = true;
        const recorded = toRecordedEvent(resolved);
        if (recorded && isUserEvent(recorded.streamId, recorded.type)) return position.commit;
      }
      if (page.length < ALL_PAGE_SIZE || !advanced || !oldestSeen) return -1n;
      from = oldestSeen;
    }
  }

  async function appendToStream(streamId: string, events: NewEvent[], appendOptions: AppendOptions = {}): Promise<AppendResult> {
    assertWritableStreamId(streamId);
    const expected = appendOptions.expectedRevision ?? 'any';
    const clientExpected = toClientExpectedRevision(expected);
    if (events.length === 0) {
      // Nothing to write: check the expectation and report the stream's current revision (-1n when absent).
      const actual = await lastRevision(streamId);
      if (!expectedRevisionMatches(expected, actual)) throw new WrongExpectedVersion(streamId, expected, actual);
      return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: await headPosition() };
    }
    const data = events.map((event) =>
      jsonEvent({
        ...(event.id !== undefined ? { id: event.id } : {}),
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
      }),
    );
    try {
      const result = await client.appendToStream(streamId, data, { expectedRevision: clientExpected });
      let position = result.position?.commit;
      if (position === undefined) {
        // Not expected on a successful append; fall back to the stream's newest event.
        const [last] = await readStream(streamId, { direction: 'backwards', maxCount: 1 });
        position = last?.position ?? -1n;
      }
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (hasErrorType(error, 'wrong-expected-version')) {
        throw new WrongExpectedVersion(streamId, expected, fromClientActual((error as { actualVersion?: unknown }).actualVersion));
      }
      throw error;
    }
  }

  async function readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = readOptions.maxCount ?? 1000;
    if (limit <= 0) return [];
    const after = normalizeAfter(readOptions.after);
    const events: RecordedEvent[] = [];
    // EventStoreDB's fromPosition is inclusive and counts system events against maxCount: page, skip, dedupe.
    let from: ReadPosition = toClientReadPosition(readOptions.after);
    let newestSeen: Position | undefined;
    while (events.length < limit) {
      const page = await readAllPage(from, FORWARDS, ALL_PAGE_SIZE);
      let advanced = false;
      for (const resolved of page) {
        const position = positionOf(resolved);
        if (!position) continue;
        if (newestSeen && comparePositions(position, newestSeen) <= 0) continue;
        newestSeen = position;
        advanced = true;
        if (after !== null && position.commit <= after) continue;
        const recorded = toRecordedEvent(resolved);
        if (!recorded || !isUserEvent(recorded.streamId, recorded.type)) continue;
        events.push(recorded);
        if (events.length >= limit) break;
      }
      if (page.length < ALL_PAGE_SIZE || !advanced || !newestSeen) break;
      from = newestSeen;
    }
    return events;
  }

  function subscribeToAll(subscribeOptions: SubscribeToAllOptions = {}): AllSubscription {
    const after = normalizeAfter(subscribeOptions.after);
    const subscription = client.subscribeToAll({
      fromPosition: toClientReadPosition(subscribeOptions.after),
      resolveLinkTos: false,
      filter: excludeSystemEvents(),
    });
    let closed = false;
    // Keeps a late error (after the consumer stopped iterating) from becoming an unhandled 'error' event.
    subscription.on('error', (error) => {
      if (!closed) logger.warn('subscription to $all failed', { error });
    });

    async function* iterate(): AsyncGenerator<RecordedEvent> {
      try {
        for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
          const recorded = toRecordedEvent(resolved);
          if (!recorded || !isUserEvent(recorded.streamId, recorded.type)) continue;
          if (after !== null && recorded.position <= after) continue;
          yield recorded;
        }
      } catch (error) {
        // Destroying the stream on unsubscribe ends the iteration with a premature-close error: that is the end.
        if (!closed) throw error;
      } finally {
        await stop();
      }
    }

    async function stop(): Promise<void> {
      if (closed) return;
      closed = true;
      subscriptions.delete(handle);
      try {
        await subscription.unsubscribe();
      } finally {
        subscription.destroy();
      }
    }

    const iterator = iterate();
    const handle: AllSubscription = {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: async () => {
        await stop();
        await iterator.return(undefined);
      },
    };
    subscriptions.add(handle);
    return handle;
  }

  return {
    kind: 'eventstoredb',
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    headPosition,
    async close() {
      await Promise.allSettled([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await client.dispose();
    },
  };
}
