import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { describeEventStoreContract } from './contract';
import { createPostgresEventStore } from './postgres';
import { eventStoreMigrations } from './postgres-schema';
import type { RecordedEvent } from './port';

describeEventStoreContract('postgres', async () => {
  const db = await createTestDatabase(eventStoreMigrations);
  const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 60_000 });
  return { store, cleanup: async () => { await store.close(); await db.drop(); } };
});

describe('postgres event store: ordering under concurrency', () => {
  let db: TestDatabase;
  beforeAll(async () => { db = await createTestDatabase(eventStoreMigrations); });
  afterAll(async () => { await db.drop(); });

  it('never lets a subscriber skip an event whose transaction commits late', async () => {
    const writers = 12;
    const appendsPerWriter = 8;
    const total = writers * appendsPerWriter;
    // Every append waits a random while between writing its events and committing.
    const slowStore = createPostgresEventStore({
      pool: db.pool,
      connectionString: db.url,
      pollIntervalMs: 60_000,
      beforeCommit: () => new Promise((resolve) => setTimeout(resolve, Math.random() * 15)),
    });
    const reader = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 60_000 });

    // A subscriber that checkpoints as it goes and is restarted from its checkpoint twice while writers run.
    const seen: RecordedEvent[] = [];
    let checkpoint: bigint | 'start' = 'start';
    const consume = async (limit: number) => {
      const subscription = reader.subscribeToAll({ after: checkpoint });
      let taken = 0;
      for await (const event of subscription) {
        seen.push(event);
        checkpoint = event.position;
        if (++taken >= limit || seen.length >= total) break;
      }
      await subscription.unsubscribe();
    };

    const writing = Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const stream = `order-${w}-${randomUUID()}`;
        let expected: bigint | 'no_stream' = 'no_stream';
        for (let i = 0; i < appendsPerWriter; i++) {
          const result = await slowStore.appendToStream(stream, [{ type: 'Tick', data: { w, i } }], { expectedRevision: expected });
          expected = result.nextExpectedRevision;
        }
      }),
    );
    await consume(total / 4);
    await consume(total / 4);
    await consume(total);
    await writing;

    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(total);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.position > seen[i - 1]!.position).toBe(true);
    // What the subscriber saw is exactly what $all holds, in the same order.
    const all = await reader.readAll({ maxCount: 10_000 });
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    // And per stream, revisions arrived in order without gaps.
    const byStream = new Map<string, bigint[]>();
    for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
    for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
    await slowStore.close();
    await reader.close();
  });

  it('wakes a live subscriber through LISTEN/NOTIFY, not by polling', async () => {
    // A poll interval far longer than the test: only a notification can deliver the event in time.
    const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 600_000 });
    const subscription = store.subscribeToAll({ after: await store.headPosition() });
    const iterator = subscription[Symbol.asyncIterator]();
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stream = `live-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Live', data: {} }]);
    const result = await Promise.race([next, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3_000))]);
    expect(result).not.toBe('late');
    expect((result as IteratorResult<RecordedEvent>).value.streamId).toBe(stream);
    await subscription.unsubscribe();
    await store.close();
  });

  it('refuses to rewrite or delete a stored event', async () => {
    const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
    const stream = `immutable-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Fact', data: { v: 1 } }]);
    await expect(db.pool.query(`UPDATE es_events SET data = '{"v":2}' WHERE stream_id = $1`, [stream])).rejects.toThrow(/append-only/);
    await expect(db.pool.query(`DELETE FROM es_events WHERE stream_id = $1`, [stream])).rejects.toThrow(/append-only/);
    expect((await store.readStream(stream))[0]!.data).toEqual({ v: 1 });
    await store.close();
  });
});
