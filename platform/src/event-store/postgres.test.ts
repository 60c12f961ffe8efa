import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { describeEventStoreContract } from './contract';
import { createPostgresEventStore } from './postgres';
import { eventStoreMigrations } from './postgres-schema';
import type { RecordedEvent } from './port';
import { until } from '@portal/tests/support/until';

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

  it('lets two writers whose groups share streams queue on the head row instead of deadlocking', async () => {
    // Two command APIs (or the ops CLI beside one), each appending a group in its own transaction.
    const [x, y] = [`queue-x-${randomUUID()}`, `queue-y-${randomUUID()}`];
    const append = (stream: string) => ({ stream, expected: 'any', events: [{ id: randomUUID(), type: 'Tick', data: {}, metadata: {} }] });
    const group = 'SELECT item, appended_position AS position FROM es_append_group($1::jsonb) ORDER BY item';
    const [a, b] = [await db.pool.connect(), await db.pool.connect()];
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      // A appends to X and holds its transaction open (a group's commit under way).
      await a.query(group, [JSON.stringify([append(x)])]);
      // B's group appends to Y, then X: it has to wait for A.
      const pid = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const bGroup = b.query(group, [JSON.stringify([append(y), append(x)])]);
      bGroup.catch(() => {});
      await until(async () => (await db.pool.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [pid])).rowCount === 1);
      // A appends to Y too, then commits: B must not be holding Y's row while it waits (before, a deadlock that
      // PostgreSQL broke after a second by aborting one of the two groups).
      await a.query(group, [JSON.stringify([append(y)])]);
      await a.query('COMMIT');
      const { rows } = await bGroup;
      await b.query('COMMIT');
      expect(rows.map((row) => row.position !== null)).toEqual([true, true]);
    } finally {
      await a.query('ROLLBACK').catch(() => {});
      await b.query('ROLLBACK').catch(() => {});
      a.release();
      b.release();
    }
    // A's appends come first in $all, then B's, each stream without gaps.
    const { rows } = await db.pool.query<{ stream_id: string; revision: string }>(
      'SELECT stream_id, revision::text FROM es_events WHERE stream_id = ANY($1) ORDER BY position',
      [[x, y]],
    );
    expect(rows).toEqual([
      { stream_id: x, revision: '0' }, { stream_id: y, revision: '0' }, { stream_id: y, revision: '1' }, { stream_id: x, revision: '1' },
    ]);
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

  it('answers appends with the error when no connection can be had, and goes on once one can', async () => {
    // A database down or out of connection slots: the pool's connect fails. This used to reject inside the unawaited
    // group commit, so the appends were never answered and the process died of the unhandled rejection.
    let refuse = true;
    const pool = new Proxy(db.pool, {
      get(target, property) {
        if (property === 'connect' && refuse) return () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1'));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const store = createPostgresEventStore({ pool, connectionString: db.url, pollIntervalMs: 60_000 });
    const stream = `refused-${randomUUID()}`;
    const attempts = await Promise.allSettled(
      [0, 1, 2].map((i) => store.appendToStream(`${stream}-${i}`, [{ type: 'Tick', data: { i } }], { expectedRevision: 'no_stream' })),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((attempts[0] as PromiseRejectedResult).reason)).toContain('ECONNREFUSED');
    // Nothing was written, and the next append goes through.
    refuse = false;
    const appended = await store.appendToStream(`${stream}-0`, [{ type: 'Tick', data: {} }], { expectedRevision: 'no_stream' });
    expect(appended.nextExpectedRevision).toBe(0n);
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
