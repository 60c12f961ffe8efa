import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import type { EventStore } from '@portal/platform/event-store/port';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { tallyMigrations, tallyProjection } from '@portal/tests/fixtures/tally-projection';
import { READ_MODEL_CHANNEL } from './notices';
import { createLogger } from '@portal/platform/logger';
import { lingerFor, ProjectionTransaction, PROJECTOR_BATCH_LOCK, Projector, projectorStatus, readCheckpoint, type Linger, type Projection, type ProjectorOptions } from './runtime';
import { projectorMigrations } from './schema';
import { until as waitUntil } from '@portal/tests/support/until';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase([...eventStoreMigrations, ...projectorMigrations, ...tallyMigrations]);
  store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});
beforeEach(async () => {
  // Each test starts the read side from scratch over whatever history the store holds.
  await db.pool.query('TRUNCATE tally_log, tally_totals, projector_checkpoints');
});

const until = (condition: () => Promise<boolean>, timeoutMs = 10_000) => waitUntil(condition, { timeoutMs, intervalMs: 20 });

const caughtUp = async () => (await readCheckpoint(db.pool)) === (await store.headPosition());
const tallied = async (stream: string) =>
  (await db.pool.query('SELECT events, sum FROM tally_totals WHERE stream_id = $1', [stream])).rows[0] as { events: number; sum: string } | undefined;

describe('projector runtime', () => {
  it('applies stored and then live events, and records its checkpoint', async () => {
    const stream = `tally-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 1 } }, { type: 'Counted', data: { v: 2 } }]);
    const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    projector.start();
    await until(caughtUp);
    expect(await tallied(stream)).toEqual({ events: 2, sum: 3n });
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 4 } }]);
    await until(caughtUp);
    expect(await tallied(stream)).toEqual({ events: 3, sum: 7n });
    await projector.stop();
  });

  it('resumes from its checkpoint after a restart without applying anything twice', async () => {
    const stream = `tally-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 5 } }]);
    const first = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    first.start();
    await until(caughtUp);
    await first.stop();
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 6 } }]);
    const second = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    second.start();
    await until(caughtUp);
    await second.stop();
    expect(await tallied(stream)).toEqual({ events: 2, sum: 11n });
  });

  it('commits nothing of a batch in which a projection fails, and retries until it can go on', async () => {
    const stream = `tally-${randomUUID()}`;
    let failing = true;
    const flaky: Projection = {
      name: 'flaky',
      async apply(event) {
        if (failing && event.type === 'Poison') throw new Error('cannot handle this yet');
      },
    };
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 1 } }, { type: 'Poison', data: {} }, { type: 'Counted', data: { v: 2 } }]);
    const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection(), flaky] });
    projector.start();
    await until(async () => projector.lastError !== undefined);
    expect(projector.lastError!.message).toContain('projection flaky failed on Poison');
    // The batch holding the poison event was rolled back whole: the event before it is not half-applied either.
    expect(await tallied(stream)).toBeUndefined();
    failing = false;
    await until(caughtUp, 20_000);
    expect(await tallied(stream)).toEqual({ events: 3, sum: 3n });
    await projector.stop();
  });

  it('NOTIFYs the changed keys with the committed position, after the rows are visible', async () => {
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    await listener.query(`LISTEN ${READ_MODEL_CHANNEL}`);
    const stream = `tally-${randomUUID()}`;
    const seen: { position: string; changes: { kind: string; key: string; op: string }[] }[] = [];
    const visibleAtNotify: (boolean | undefined)[] = [];
    listener.on('notification', (message) => {
      seen.push(JSON.parse(message.payload!));
      void tallied(stream).then((row) => visibleAtNotify.push(row !== undefined));
    });
    const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    projector.start();
    await until(caughtUp);
    const { position } = await store.appendToStream(stream, [{ type: 'Counted', data: { v: 1 } }]);
    await until(async () => seen.some((n) => n.position === position.toString()));
    const mine = seen.find((n) => n.position === position.toString())!;
    expect(mine.changes).toEqual([{ kind: 'tally', key: stream, op: 'upsert' }]);
    await until(async () => visibleAtNotify.length === seen.length);
    expect(visibleAtNotify.at(-1)).toBe(true);
    await projector.stop();
    await listener.end();
  });

  it('reports checkpoint, head and lag', async () => {
    const stream = `tally-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 1 } }, { type: 'Counted', data: { v: 1 } }]);
    const before = await projectorStatus(store, db.pool);
    expect(before.checkpoint).toBe(-1n);
    expect(before.lag).toBe(Number(before.head));
    const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    projector.start();
    await until(caughtUp);
    await projector.stop();
    expect(await projectorStatus(store, db.pool)).toEqual({ checkpoint: before.head, head: before.head, lag: 0, lagCapped: false });
  });

  it('never applies a batch twice when two instances race', async () => {
    const stream = `tally-${randomUUID()}`;
    await store.appendToStream(stream, Array.from({ length: 50 }, (_, i) => ({ type: 'Counted', data: { v: i } })));
    const a = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    const b = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
    a.start();
    b.start();
    await until(caughtUp, 20_000);
    await Promise.all([a.stop(), b.stop()]);
    const total = (await store.readAll({ maxCount: 100_000 })).filter((e) => e.streamId.startsWith('tally-')).length;
    const { rows } = await db.pool.query('SELECT count(*)::int AS n, count(DISTINCT position)::int AS d FROM tally_log');
    expect(rows[0]).toEqual({ n: total, d: total });
  });

  it('goes on from the stored checkpoint, with a warning and no error, when a batch finds its events applied by someone else', async () => {
    const stream = `tally-${randomUUID()}`;
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', write: (line) => lines.push(line) });
    const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection()], logger });
    const holder = await db.pool.connect();
    try {
      projector.start();
      await until(caughtUp);
      // The projector's next batch waits for its lock, as it does while a rebuild switches over...
      await holder.query('SELECT pg_advisory_lock($1)', [PROJECTOR_BATCH_LOCK]);
      await store.appendToStream(stream, [{ type: 'Counted', data: { v: 9 } }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ...and meanwhile the same events are applied elsewhere (the rebuild's catch-up).
      const batch = (await store.readAll({ maxCount: 100_000 })).filter((e) => e.streamId === stream);
      const elsewhere = await ProjectionTransaction.begin(db.pool, [tallyProjection()], { lock: null, notify: false });
      await elsewhere.apply(batch);
      await elsewhere.commit();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_BATCH_LOCK]);
      holder.release();
    }
    await until(async () => lines.some((line) => line.includes('moved on under this projector')));
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 1 } }]);
    await until(caughtUp);
    await projector.stop();
    expect(await tallied(stream)).toEqual({ events: 2, sum: 10n });
    const levels = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(levels.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(levels.find((entry) => entry.msg.includes('moved on under this projector'))?.level).toBe('warn');
    expect(projector.lastError).toBeUndefined();
  });

  it('refuses to commit events another instance has committed meanwhile, and tells readers nothing of them', async () => {
    const stream = `tally-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Counted', data: { v: 3 } }]);
    const batch = (await store.readAll({ maxCount: 100_000 })).filter((e) => e.streamId === stream);
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    const notified: string[] = [];
    listener.on('notification', (message) => notified.push(message.payload ?? ''));
    await listener.query(`LISTEN ${READ_MODEL_CHANNEL}`);
    try {
      // Both prepared the same events; the first commits, the second must not apply them again.
      const first = await ProjectionTransaction.begin(db.pool, [tallyProjection()], { lock: null, notify: true });
      const second = await ProjectionTransaction.begin(db.pool, [tallyProjection()], { lock: null, notify: true });
      await first.apply(batch);
      await first.commit();
      await second.apply(batch);
      await expect(second.commit()).rejects.toThrow(/checkpoint moved under this projector/);
      await second.rollback();
      expect(await tallied(stream)).toEqual({ events: 1, sum: 3n });
      await until(async () => notified.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(notified.map((payload) => JSON.parse(payload).position)).toEqual([batch[0]!.position.toString()]);
    } finally {
      await listener.end();
    }
  });

  describe('batches under a burst (linger)', () => {
    /**
     * A started projector with this linger, after the read side has been brought up to the head (the history other
     * tests left), so it starts idle.
     */
    const lingering = async (linger: Linger, onBatchCommitted?: ProjectorOptions['onBatchCommitted']) => {
      const before = new Projector({ store, pool: db.pool, projections: [tallyProjection()] });
      before.start();
      await until(caughtUp);
      await before.stop();
      const projector = new Projector({ store, pool: db.pool, projections: [tallyProjection()], linger, onBatchCommitted });
      projector.start();
      return projector;
    };
    /** Runs `body` on a fresh stream while a lingering projector runs, and stops it afterwards. */
    const whileLingering = async (linger: Linger, body: (stream: string) => Promise<void>, onBatchCommitted?: ProjectorOptions['onBatchCommitted']) => {
      const projector = await lingering(linger, onBatchCommitted);
      try {
        await body(`tally-${randomUUID()}`);
      } finally {
        await projector.stop();
      }
    };

    it('waits a moment for more events when they pile up, and applies them in one batch', async () => {
      const sizes: number[] = [];
      await whileLingering({ from: 3, ms: 5_000, upTo: 10 }, async (stream) => {
        // Five at once (a pile-up), then five more, one by one, while the projector waits for them.
        await store.appendToStream(stream, Array.from({ length: 5 }, (_, i) => ({ type: 'Counted', data: { v: i } })));
        for (let i = 5; i < 10; i++) await store.appendToStream(stream, [{ type: 'Counted', data: { v: i } }]);
        await until(caughtUp);
        expect(sizes).toEqual([10]);
        expect(await tallied(stream)).toEqual({ events: 10, sum: 45n });
      }, ({ size }) => sizes.push(size));
    });

    it('never holds back an event that arrives alone', async () => {
      await whileLingering({ from: 2, ms: 600_000, upTo: 100 }, async (stream) => {
        await store.appendToStream(stream, [{ type: 'Counted', data: { v: 7 } }]);
        // Within until's 10 s, far less than the 10 minutes a lingering batch would wait.
        await until(caughtUp);
        expect(await tallied(stream)).toEqual({ events: 1, sum: 7n });
      });
    });

    it('stops without waiting out a linger', async () => {
      const stream = `tally-${randomUUID()}`;
      const projector = await lingering({ from: 2, ms: 600_000, upTo: 100 });
      await store.appendToStream(stream, Array.from({ length: 3 }, (_, i) => ({ type: 'Counted', data: { v: i } })));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await projector.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it('the service lingers 4 events or more for PROJECTOR_LINGER_MS, up to 200; 0 never', () => {
    expect(lingerFor(10)).toEqual({ from: 4, ms: 10, upTo: 200 });
    expect(lingerFor(0)).toBe(false);
  });
});
