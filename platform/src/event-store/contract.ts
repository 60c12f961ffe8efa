// The contract every EventStore adapter must pass. Stream names are unique per test, so the suite also runs
// against a shared server that holds other data (EventStoreDB in a container).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyJson } from './json';
import { readStreamOrNone, StreamNotFound, WrongExpectedVersion, type EventStore, type RecordedEvent } from './port';

export interface ContractFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

const uniqueStream = (prefix = 'contract') => `${prefix}-${randomUUID()}`;
const event = (type: string, data: Record<string, string | number | boolean | null> = {}) => ({ type, data });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function take(iterator: AsyncIterator<RecordedEvent>, count: number, timeoutMs = 10_000): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (taken.length < count) {
    const remaining = deadline - Date.now();
    const next = await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(remaining, 0))),
    ]);
    if (next === 'timeout') throw new Error(`subscription delivered ${taken.length} of ${count} events in time`);
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

export function describeEventStoreContract(name: string, makeFixture: () => Promise<ContractFixture>): void {
  describe(`event store contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await makeFixture();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    describe('appendToStream', () => {
      it('gives a new stream 0-based revisions and increasing global positions', async () => {
        const stream = uniqueStream();
        const result = await store.appendToStream(stream, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2n);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
        expect(events[0]!.position < events[1]!.position && events[1]!.position < events[2]!.position).toBe(true);
        expect(result.position).toBe(events[2]!.position);
      });

      it('refuses no_stream when the stream exists, reporting the actual revision', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [event('A'), event('B')]);
        const error = await rejection(store.appendToStream(stream, [event('C')], { expectedRevision: 'no_stream' }));
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).actual).toBe(1n);
        expect((error as WrongExpectedVersion).streamId).toBe(stream);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('appends at an exact revision and refuses a stale one without writing', async () => {
        const stream = uniqueStream();
        const first = await store.appendToStream(stream, [event('A')], { expectedRevision: 'no_stream' });
        const second = await store.appendToStream(stream, [event('B')], { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(1n);
        const error = await rejection(store.appendToStream(stream, [event('C')], { expectedRevision: 0n }));
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).expected).toBe(0n);
        expect((error as WrongExpectedVersion).actual).toBe(1n);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('refuses an exact revision on a missing stream with actual no_stream', async () => {
        const error = await rejection(store.appendToStream(uniqueStream(), [event('A')], { expectedRevision: 0n }));
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).actual).toBe('no_stream');
      });

      it('appends with stream_exists only to an existing stream', async () => {
        const stream = uniqueStream();
        const error = await rejection(store.appendToStream(stream, [event('A')], { expectedRevision: 'stream_exists' }));
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFound);
        await store.appendToStream(stream, [event('A')]);
        const result = await store.appendToStream(stream, [event('B')], { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).toBe(1n);
      });

      it('appends with any whatever the stream state', async () => {
        const stream = uniqueStream();
        expect((await store.appendToStream(stream, [event('A')])).nextExpectedRevision).toBe(0n);
        expect((await store.appendToStream(stream, [event('B')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(1n);
      });

      it('lets exactly one of many concurrent no_stream appends to one stream win', async () => {
        const stream = uniqueStream('username');
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.appendToStream(stream, [event('Reserved', { by: i })], { expectedRevision: 'no_stream' })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedVersion);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('lets exactly one of many concurrent appends at the same exact revision win', async () => {
        const stream = uniqueStream();
        const { nextExpectedRevision } = await store.appendToStream(stream, [event('Created')]);
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.appendToStream(stream, [event('Changed', { by: i })], { expectedRevision: nextExpectedRevision })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('keeps ids, data and metadata exactly as written', async () => {
        const stream = uniqueStream();
        const id = randomUUID();
        const data = { text: 'quote " and unicode ✓', amount: 1200.5, flag: true, nothing: null, nested: { list: [1, 'two'] } };
        const metadata = { actorId: 'u-1', actorUsername: 'dispatch', actorType: 'STAFF' as const, actorTier: 'DISPATCH_OPS', correlationId: 'c-1' };
        await store.appendToStream(stream, [{ id, type: 'LoadCreated', data, metadata }]);
        const [recorded] = await store.readStream(stream);
        expect(recorded).toMatchObject({ id, streamId: stream, type: 'LoadCreated', data, metadata, revision: 0n });
        expect(recorded!.createdAt).toBeInstanceOf(Date);
        expect(Math.abs(recorded!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      });
    });

    describe('readStream', () => {
      it('reports a missing stream as StreamNotFound', async () => {
        await expect(store.readStream(uniqueStream())).rejects.toBeInstanceOf(StreamNotFound);
      });

      it('reads a missing stream as no events through readStreamOrNone, and an existing one as the store does', async () => {
        expect(await readStreamOrNone(store, uniqueStream())).toEqual([]);
        const stream = uniqueStream();
        await store.appendToStream(stream, ['A', 'B'].map((t) => event(t)));
        expect((await readStreamOrNone(store, stream, { direction: 'backwards', maxCount: 1 })).map((e) => e.type)).toEqual(['B']);
      });

      it('lets readStreamOrNone pass on any failure other than a missing stream', async () => {
        const failing = { readStream: () => Promise.reject(new Error('connection terminated')) };
        await expect(readStreamOrNone(failing, uniqueStream())).rejects.toThrow('connection terminated');
      });

      it('reads forwards from a revision and backwards from the end, bounded by maxCount', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, ['A', 'B', 'C', 'D', 'E'].map((t) => event(t)));
        expect((await store.readStream(stream, { fromRevision: 2n })).map((e) => e.type)).toEqual(['C', 'D', 'E']);
        expect((await store.readStream(stream, { fromRevision: 1n, maxCount: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
        expect((await store.readStream(stream, { direction: 'backwards', maxCount: 2 })).map((e) => e.type)).toEqual(['E', 'D']);
        expect((await store.readStream(stream, { direction: 'backwards', fromRevision: 1n })).map((e) => e.type)).toEqual(['B', 'A']);
      });
    });

    describe('readAll and subscribeToAll', () => {
      it('reads $all strictly after a position, in position order, across streams', async () => {
        const before = await store.headPosition();
        const [s1, s2] = [uniqueStream('all'), uniqueStream('all')];
        await store.appendToStream(s1, [event('One')]);
        await store.appendToStream(s2, [event('Two')]);
        await store.appendToStream(s1, [event('Three')]);
        const page = (await store.readAll({ after: before, maxCount: 1000 })).filter((e) => e.streamId === s1 || e.streamId === s2);
        expect(page.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
        const positions = page.map((e) => e.position);
        expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
        const afterFirst = (await store.readAll({ after: page[0]!.position, maxCount: 1000 })).filter((e) => e.streamId === s1 || e.streamId === s2);
        expect(afterFirst.map((e) => e.type)).toEqual(['Two', 'Three']);
        expect(await store.headPosition()).toBe(page[2]!.position);
      });

      it('delivers stored events, then live ones, strictly after the checkpoint', async () => {
        const stream = uniqueStream('sub');
        const first = await store.appendToStream(stream, [event('Old1'), event('Old2')]);
        const checkpoint = (await store.readStream(stream))[0]!.position;
        const subscription = store.subscribeToAll({ after: checkpoint });
        const iterator = subscription[Symbol.asyncIterator]();
        const mine = async (count: number) => {
          const seen: RecordedEvent[] = [];
          while (seen.length < count) {
            const [next] = await take(iterator, 1);
            if (next!.streamId === stream) seen.push(next!);
          }
          return seen;
        };
        try {
          expect((await mine(1)).map((e) => e.type)).toEqual(['Old2']);
          await store.appendToStream(stream, [event('Live1')], { expectedRevision: first.nextExpectedRevision });
          await store.appendToStream(stream, [event('Live2')]);
          const live = await mine(2);
          expect(live.map((e) => e.type)).toEqual(['Live1', 'Live2']);
          expect(live[0]!.position < live[1]!.position).toBe(true);
        } finally {
          await subscription.unsubscribe();
        }
      });

      it('serialises positions safely in JSON', async () => {
        const result = await store.appendToStream(uniqueStream(), [event('A')]);
        const parsed = JSON.parse(stringifyJson({ position: result.position }));
        expect(parsed.position).toBe(result.position.toString());
        expect(BigInt(parsed.position)).toBe(result.position);
      });
    });
  });
}
