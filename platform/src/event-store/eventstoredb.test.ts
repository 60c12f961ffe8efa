// Unit tests of the EventStoreDB adapter's pure parts; the shared contract suite covers it against a server.
import { describe, expect, it } from 'vitest';
import {
  assertWritableStreamId,
  comparePositions,
  createEventStoreDbEventStore,
  expectedRevisionMatches,
  fromClientActual,
  isUserEvent,
  normalizeAfter,
  positionOf,
  toClientExpectedRevision,
  toClientReadPosition,
  toClientReadRevision,
  toRecordedEvent,
  type ClientResolvedEventLike,
} from './eventstoredb';
import { StreamNotFound } from './port';

const created = new Date('2024-05-01T12:00:00.000Z');

function resolvedEvent(overrides: Partial<NonNullable<ClientResolvedEventLike['event']>> = {}, extra: Partial<ClientResolvedEventLike> = {}): ClientResolvedEventLike {
  return {
    event: {
      id: '6f1c8a52-3c8e-4a59-9d43-0d1f6f0b2d11',
      streamId: 'load-1',
      revision: 3n,
      type: 'LoadCreated',
      isJson: true,
      data: { reference: 'L-1', weightKg: 1200.5 },
      metadata: { actorId: 'u-1', correlationId: 'c-1' },
      created,
      position: { commit: 4242n, prepare: 4242n },
      ...overrides,
    },
    ...extra,
  };
}

describe('toClientExpectedRevision', () => {
  it('maps the named expectations to the client constants', () => {
    expect(toClientExpectedRevision('any')).toBe('any');
    expect(toClientExpectedRevision('no_stream')).toBe('no_stream');
    expect(toClientExpectedRevision('stream_exists')).toBe('stream_exists');
  });

  it('passes an exact revision through as a bigint', () => {
    expect(toClientExpectedRevision(0n)).toBe(0n);
    expect(toClientExpectedRevision(41n)).toBe(41n);
  });

  it('treats -1n (no event yet) as no_stream and refuses lower revisions', () => {
    expect(toClientExpectedRevision(-1n)).toBe('no_stream');
    expect(() => toClientExpectedRevision(-2n)).toThrow(/Invalid expected revision/);
  });
});

describe('fromClientActual', () => {
  it('keeps a bigint revision', () => {
    expect(fromClientActual(0n)).toBe(0n);
    expect(fromClientActual(7n)).toBe(7n);
  });

  it('maps no_stream, -1 and absence to no_stream', () => {
    expect(fromClientActual('no_stream')).toBe('no_stream');
    expect(fromClientActual(-1n)).toBe('no_stream');
    expect(fromClientActual(undefined)).toBe('no_stream');
    expect(fromClientActual(null)).toBe('no_stream');
  });

  it('parses decimal strings and safe integers', () => {
    expect(fromClientActual('12')).toBe(12n);
    expect(fromClientActual('9223372036854775807')).toBe(9223372036854775807n);
    expect(fromClientActual(5)).toBe(5n);
    expect(fromClientActual('-1')).toBe('no_stream');
  });
});

describe('expectedRevisionMatches (used for empty appends)', () => {
  it('follows the port rules for every kind of expectation', () => {
    expect(expectedRevisionMatches('any', 'no_stream')).toBe(true);
    expect(expectedRevisionMatches('any', 3n)).toBe(true);
    expect(expectedRevisionMatches('no_stream', 'no_stream')).toBe(true);
    expect(expectedRevisionMatches('no_stream', 0n)).toBe(false);
    expect(expectedRevisionMatches('stream_exists', 0n)).toBe(true);
    expect(expectedRevisionMatches('stream_exists', 'no_stream')).toBe(false);
    expect(expectedRevisionMatches(2n, 2n)).toBe(true);
    expect(expectedRevisionMatches(2n, 3n)).toBe(false);
    expect(expectedRevisionMatches(0n, 'no_stream')).toBe(false);
    expect(expectedRevisionMatches(-1n, 'no_stream')).toBe(true);
  });
});

describe('positions', () => {
  it('normalizes start, undefined and negative checkpoints to "from the beginning"', () => {
    expect(normalizeAfter(undefined)).toBeNull();
    expect(normalizeAfter('start')).toBeNull();
    expect(normalizeAfter(-1n)).toBeNull();
    expect(normalizeAfter(0n)).toBe(0n);
    expect(normalizeAfter(99n)).toBe(99n);
  });

  it('builds the client read position as {commit: p, prepare: p}', () => {
    expect(toClientReadPosition('start')).toBe('start');
    expect(toClientReadPosition(-1n)).toBe('start');
    expect(toClientReadPosition(1234n)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  it('maps stream read revisions', () => {
    expect(toClientReadRevision('start')).toBe('start');
    expect(toClientReadRevision('end')).toBe('end');
    expect(toClientReadRevision(5n)).toBe(5n);
  });

  it('orders positions by commit, then prepare', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 0n }, { commit: 1n, prepare: 9n })).toBe(1);
    expect(comparePositions({ commit: 5n, prepare: 3n }, { commit: 5n, prepare: 4n })).toBe(-1);
    expect(comparePositions({ commit: 5n, prepare: 4n }, { commit: 5n, prepare: 4n })).toBe(0);
  });

  it('takes the event position, else the resolved commit position', () => {
    expect(positionOf(resolvedEvent())).toEqual({ commit: 4242n, prepare: 4242n });
    expect(positionOf(resolvedEvent({ position: undefined }, { commitPosition: 77n }))).toEqual({ commit: 77n, prepare: 77n });
    expect(positionOf(resolvedEvent({ position: undefined }))).toBeUndefined();
  });
});

describe('isUserEvent and stream ids', () => {
  it('excludes system streams and system event types', () => {
    expect(isUserEvent('load-1', 'LoadCreated')).toBe(true);
    expect(isUserEvent('$stats-127.0.0.1:2113', 'StatsCollected')).toBe(false);
    expect(isUserEvent('$$load-1', '$metadata')).toBe(false);
    expect(isUserEvent('load-1', '$>')).toBe(false);
  });

  it('refuses to write to an empty or system stream id', () => {
    expect(() => assertWritableStreamId('')).toThrow(/Invalid stream id/);
    expect(() => assertWritableStreamId('$settings')).toThrow(/Invalid stream id/);
    expect(() => assertWritableStreamId('load-1')).not.toThrow();
  });
});

describe('toRecordedEvent', () => {
  it('maps every field of a JSON event', () => {
    expect(toRecordedEvent(resolvedEvent())).toEqual({
      id: '6f1c8a52-3c8e-4a59-9d43-0d1f6f0b2d11',
      streamId: 'load-1',
      revision: 3n,
      position: 4242n,
      type: 'LoadCreated',
      data: { reference: 'L-1', weightKg: 1200.5 },
      metadata: { actorId: 'u-1', correlationId: 'c-1' },
      createdAt: created,
    });
  });

  it('uses the commit position, not the prepare position', () => {
    const recorded = toRecordedEvent(resolvedEvent({ position: { commit: 900n, prepare: 850n } }));
    expect(recorded?.position).toBe(900n);
  });

  it('falls back to the resolved event commit position, then to -1n', () => {
    expect(toRecordedEvent(resolvedEvent({ position: undefined }, { commitPosition: 31n }))?.position).toBe(31n);
    expect(toRecordedEvent(resolvedEvent({ position: undefined }))?.position).toBe(-1n);
  });

  it('gives {} metadata when it is absent, binary or not an object', () => {
    expect(toRecordedEvent(resolvedEvent({ metadata: undefined }))?.metadata).toEqual({});
    expect(toRecordedEvent(resolvedEvent({ metadata: new Uint8Array([1, 2]) }))?.metadata).toEqual({});
    expect(toRecordedEvent(resolvedEvent({ metadata: ['a'] }))?.metadata).toEqual({});
  });

  it('ignores binary events and records without an event', () => {
    expect(toRecordedEvent(resolvedEvent({ isJson: false, data: new Uint8Array([1]) }))).toBeUndefined();
    expect(toRecordedEvent({ commitPosition: 10n })).toBeUndefined();
  });

  it('wraps JSON data that is not an object', () => {
    expect(toRecordedEvent(resolvedEvent({ data: 'not json' }))?.data).toEqual({ value: 'not json' });
    expect(toRecordedEvent(resolvedEvent({ data: [1, 2] }))?.data).toEqual({ value: [1, 2] });
  });
});

describe('createEventStoreDbEventStore (no server needed)', () => {
  // Port 1 on loopback: the client connects lazily, and nothing below reaches the network.
  const connectionString = 'esdb://127.0.0.1:1?tls=false';

  it('is the eventstoredb kind', async () => {
    const store = createEventStoreDbEventStore({ connectionString });
    expect(store.kind).toBe('eventstoredb');
    await store.close();
  });

  it('rejects appends to an empty or system stream id with a plain Error', async () => {
    const store = createEventStoreDbEventStore({ connectionString });
    try {
      await expect(store.appendToStream('', [{ type: 'A', data: {} }])).rejects.toThrow(/Invalid stream id/);
      await expect(store.appendToStream('$all', [{ type: 'A', data: {} }])).rejects.toThrow(/Invalid stream id/);
      await expect(store.appendToStream('$system', [])).rejects.toThrow(/Invalid stream id/);
    } finally {
      await store.close();
    }
  });

  it('reports empty and system stream ids as missing streams on read', async () => {
    const store = createEventStoreDbEventStore({ connectionString });
    try {
      await expect(store.readStream('')).rejects.toBeInstanceOf(StreamNotFound);
      await expect(store.readStream('$settings')).rejects.toBeInstanceOf(StreamNotFound);
    } finally {
      await store.close();
    }
  });

  it('returns an empty page for readAll with maxCount 0', async () => {
    const store = createEventStoreDbEventStore({ connectionString });
    try {
      expect(await store.readAll({ maxCount: 0 })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
