// How far the read models are, as a read API knows it: from the projector's notices, and from the checkpoint after
// its LISTEN connection was lost. A database crash can take the newest projector batches with it (they commit
// asynchronously and are applied again), so after a reconnect the checkpoint counts, not the last notice heard.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@portal/platform/db/pool';
import { silentLogger } from '@portal/platform/logger';
import { READ_MODEL_CHANNEL } from '@portal/projector/notices';
import { readCheckpoint } from '@portal/projector/runtime';
import { ProjectionPosition } from '@portal/read-api/projection-position';
import { backends, newBackend } from '../support/database';
import { startTestSystem, type TestSystem } from '../support/system';
import { startTcpProxy } from '../support/tcp-proxy';
import { until } from '../support/until';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
  // Nothing moves the checkpoint but this test.
  await system.projector.stop();
});
afterAll(async () => { await system?.stop(); });

/**
 * The LISTEN connection `position` opened (among the backends opened since `before`): `cut()` ends it as a lost
 * connection does, and returns once it is back.
 */
async function listenerOf(position: ProjectionPosition, before: number[]) {
  let reconnected = false;
  position.subscribe((notice) => { if (notice === 'reconnected') reconnected = true; });
  const backend = await newBackend(system.pool, 'read-api-notices', before);
  return {
    async cut() {
      await system.pool.query('SELECT pg_terminate_backend($1)', [backend]);
      await until(() => reconnected, { timeoutMs: 20_000 });
    },
  };
}

describe('a read API\'s projection position', () => {
  it('goes back to the checkpoint once its connection is lost, so reads past it wait again', async () => {
    const before = await backends(system.pool, 'read-api-notices');
    const position = new ProjectionPosition({ pool: system.pool, connectionString: system.db.url, logger: silentLogger });
    try {
      const checkpoint = await readCheckpoint(system.pool);
      expect(await position.current()).toBe(checkpoint);
      let reconnected = false;
      let losses = 0;
      position.subscribe((notice) => { if (notice === 'reconnected') reconnected = true; });
      // The kept load list stops keeping from the loss on (list-cache-position.test.ts).
      position.onLost(() => { losses++; });
      // A batch announced, then lost with the database (its checkpoint never made it to disk).
      const lost = checkpoint + 50n;
      await system.pool.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANNEL, JSON.stringify({ position: lost.toString(), changes: [] })]);
      expect(await position.waitFor(lost, 2_000)).toBe(true);
      const listener = await newBackend(system.pool, 'read-api-notices', before);
      // The connection lost and kept from coming back (no new connections to the database): from the loss on, reads
      // at the lost position wait, not only once it is back.
      const url = new URL(system.db.url);
      const database = url.pathname.slice(1);
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      try {
        await system.pool.query('SELECT pg_terminate_backend($1)', [listener]);
        await until(async () => !(await position.waitFor(lost, 1)), { timeoutMs: 10_000, what: 'reads at the lost position to wait' });
        expect(reconnected).toBe(false);
        expect(losses).toBe(1);
      } finally {
        await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await until(() => reconnected, { timeoutMs: 20_000 });
      expect(await position.current()).toBe(checkpoint);
      expect(await position.waitFor(lost, 300)).toBe(false);
      // The batch applied again: reads at its position go ahead.
      await system.pool.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANNEL, JSON.stringify({ position: lost.toString(), changes: [] })]);
      expect(await position.waitFor(lost, 2_000)).toBe(true);
    } finally {
      await position.close();
    }
  });

  it('finds the checkpoint by itself when the read after a reconnect failed, with no batch to tell it', async () => {
    // The position's own pool, whose reads give up after 200 ms; the checkpoint table held locked makes them fail.
    const pool = new pg.Pool({ connectionString: system.db.url, options: '-c statement_timeout=200', max: 2 });
    const before = await backends(system.pool, 'read-api-notices');
    const position = new ProjectionPosition({ pool, connectionString: system.db.url, logger: silentLogger });
    const locker = await system.pool.connect();
    try {
      const checkpoint = await readCheckpoint(system.pool);
      expect(await position.current()).toBe(checkpoint);
      const listener = await listenerOf(position, before);
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE projector_checkpoints IN ACCESS EXCLUSIVE MODE');
      await listener.cut();
      // Back, but the checkpoint could not be read: unknown for now.
      expect(await position.current()).toBe(-1n);
      await locker.query('ROLLBACK');
      await until(async () => (await position.current()) === checkpoint, { timeoutMs: 10_000, what: 'the position to be read again' });
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      locker.release();
      await position.close();
      await pool.end();
    }
  });

  it('answers reads and hellos when the database stops answering (a partition) instead of holding them, and finds the checkpoint once it answers again', async () => {
    // The position's pool, made as the services make theirs, reaches the database through a proxy that can go silent;
    // its LISTEN connection does not. One connection: one held for ever by the partition would leave it none.
    const url = new URL(system.db.url);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    const pool = createPool(proxy.via(system.db.url), { max: 1, connectTimeoutMs: 500 });
    const before = await backends(system.pool, 'read-api-notices');
    const position = new ProjectionPosition({ pool, connectionString: system.db.url, logger: silentLogger, checkpointTimeoutMs: 500 });
    try {
      const checkpoint = await readCheckpoint(system.pool);
      // The pool now holds an idle connection through the proxy.
      expect(await position.current()).toBe(checkpoint);
      const listener = await listenerOf(position, before);
      proxy.partition();
      // The LISTEN connection lost: the checkpoint is read again, through the silent pool.
      await listener.cut();
      const answered = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]);
      const current = position.current();
      expect(await answered(current)).toBe(true);
      expect(await current).toBe(-1n);
      const wait = position.waitFor(checkpoint, 200);
      expect(await answered(wait)).toBe(true);
      expect(await wait).toBe(false);
      proxy.heal();
      await until(async () => (await position.current()) === checkpoint, { timeoutMs: 15_000, what: 'the checkpoint to be read again' });
    } finally {
      await position.close();
      await proxy.close();
      await pool.end();
    }
  });

  it('finds a checkpoint that moved without a notice while a read waits for it (one poll for all waiting reads)', async () => {
    const position = new ProjectionPosition({ pool: system.pool, connectionString: system.db.url, logger: silentLogger });
    try {
      const checkpoint = await position.current();
      const waits = [position.waitFor(checkpoint + 7n, 5_000), position.waitFor(checkpoint + 7n, 5_000)];
      // Moved as a projector batch moves it, but its NOTIFY lost.
      await system.pool.query('UPDATE projector_checkpoints SET position = $1 WHERE name = $2', [checkpoint + 7n, 'read-models']);
      expect(await Promise.all(waits)).toEqual([true, true]);
    } finally {
      await position.close();
    }
  });
});
