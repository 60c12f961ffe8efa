import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { type EventStore, type RecordedEvent, StreamNotFound } from '@portal/platform/event-store/port';
import { eventWeight, KeptStreams } from './kept-streams';

// Real Postgres event stores. `Counted` passes every call through to one of them and counts the events its stream
// reads return, which is what a history request costs the store; `use` points it at another store (a backup restored).
class Counted {
  eventsRead = 0;
  constructor(public target: EventStore) {}
  readonly store = new Proxy({} as EventStore, {
    get: (_, name: keyof EventStore) => {
      if (name === 'readStream') {
        return async (...args: Parameters<EventStore['readStream']>) => {
          const events = await this.target.readStream(...args);
          this.eventsRead += events.length;
          return events;
        };
      }
      const value = this.target[name];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(this.target) : value;
    },
  });
}

let live: TestDatabase;
let backup: TestDatabase;
let liveStore: EventStore;
let backupStore: EventStore;
const metadata = { actorType: 'VENDOR' as const, actorUsername: 'carrier' };
const append = (store: EventStore, stream: string, n: number, from = 0) =>
  store.appendToStream(stream, Array.from({ length: n }, (_, i) => ({ type: 'LoadNoted', data: { n: from + i }, metadata })));
const numbers = (events: RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

beforeAll(async () => {
  [live, backup] = await Promise.all([createTestDatabase(eventStoreMigrations), createTestDatabase(eventStoreMigrations)]);
  liveStore = createPostgresEventStore({ pool: live.pool, connectionString: live.url, pollIntervalMs: 60_000 });
  backupStore = createPostgresEventStore({ pool: backup.pool, connectionString: backup.url, pollIntervalMs: 60_000 });
});
afterAll(async () => {
  await Promise.all([liveStore?.close(), backupStore?.close()]);
  await Promise.all([live?.drop(), backup?.drop()]);
});

describe('streams kept between history reads', () => {
  it('reads a stream whole once, then only what was appended since (and the last kept event, to check it lines up)', async () => {
    const counted = new Counted(liveStore);
    const kept = new KeptStreams(counted.store);
    await append(liveStore, 'load-long', 500);
    expect(numbers(await kept.readStream('load-long'))).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(counted.eventsRead).toBe(500);

    counted.eventsRead = 0;
    expect(await kept.readStream('load-long')).toHaveLength(500);
    expect(counted.eventsRead).toBe(1);

    await append(liveStore, 'load-long', 3, 500);
    counted.eventsRead = 0;
    const after = await kept.readStream('load-long');
    expect(counted.eventsRead).toBe(4);
    // The same events, in the same order, as a whole read of the store.
    expect(after.map((event) => event.id)).toEqual((await liveStore.readStream('load-long')).map((event) => event.id));
  });

  it('hands out copies: a caller sorting or cutting what it got changes nothing kept', async () => {
    const kept = new KeptStreams(liveStore);
    await append(liveStore, 'load-copied', 5);
    const first = await kept.readStream('load-copied');
    first.reverse().splice(2);
    expect(numbers(await kept.readStream('load-copied'))).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads the stream whole again when the store no longer lines up with what is kept (restored from a backup)', async () => {
    const counted = new Counted(liveStore);
    const kept = new KeptStreams(counted.store);
    await append(liveStore, 'load-restored', 4);
    await append(backupStore, 'load-restored', 6, 100);
    expect(numbers(await kept.readStream('load-restored'))).toEqual([0, 1, 2, 3]);
    counted.target = backupStore;
    expect(numbers(await kept.readStream('load-restored'))).toEqual([100, 101, 102, 103, 104, 105]);
    // And a stream that the restored store has not at all is not found, as the store says.
    await append(liveStore, 'load-gone', 2);
    counted.target = liveStore;
    await kept.readStream('load-gone');
    counted.target = backupStore;
    await expect(kept.readStream('load-gone')).rejects.toBeInstanceOf(StreamNotFound);
    await expect(kept.readStream('load-never')).rejects.toBeInstanceOf(StreamNotFound);
  });

  it('keeps at most maxBytes in all (by the events\' size), dropping the least recently read streams; a larger stream is read whole each time', async () => {
    const counted = new Counted(liveStore);
    await append(liveStore, 'load-a', 4);
    await append(liveStore, 'load-b', 4);
    await append(liveStore, 'load-c', 4);
    // Few events, much text each: size, not count, is what memory holds.
    await liveStore.appendToStream('load-huge', [{ type: 'LoadNoted', data: { n: 0, notes: 'x'.repeat(20_000) }, metadata }]);
    const one = eventWeight((await liveStore.readStream('load-a'))[0]!);
    const kept = new KeptStreams(counted.store, 10 * one);
    await kept.readStream('load-a');
    await kept.readStream('load-b');
    await kept.readStream('load-a');
    await kept.readStream('load-c'); // 12 events' worth: load-b, read least recently, goes
    counted.eventsRead = 0;
    await kept.readStream('load-a');
    expect(counted.eventsRead).toBe(1);
    await kept.readStream('load-b');
    expect(counted.eventsRead).toBe(1 + 4);
    // One event, but larger than everything kept may be: read whole each time, never kept.
    expect(eventWeight((await liveStore.readStream('load-huge'))[0]!)).toBeGreaterThan(10 * one);
    for (const _ of [1, 2]) await kept.readStream('load-huge');
    expect(counted.eventsRead).toBe(1 + 4 + 2);
    counted.eventsRead = 0;
    await kept.readStream('load-a');
    expect(counted.eventsRead).toBe(1);
  });
});
