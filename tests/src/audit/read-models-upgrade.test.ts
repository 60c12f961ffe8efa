// Read models built by an older version of the projections are rebuilt by the next start, without anyone running
// `rebuild`: the upgrade case of 2026-11-26, when the payments log gained rate changes and the kind of actor.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REBUILD_SCHEMA, REPLAY_LOCK, verify } from '@portal/projector/rebuild';
import { READ_MODELS_VERSION } from '@portal/projector/schema';
import { projections } from '@portal/projector/projections';
import { Projector, readCheckpoint } from '@portal/projector/runtime';
import { keepReadModelsCurrent, readModelsVersion } from '@portal/projector/upgrade';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { advisoryLockHeld } from '@portal/platform/db/locks';
import { silentLogger } from '@portal/platform/logger';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestSystem, type TestSystem } from '../support/system';
import { allMigrations } from '../../../scripts/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { until } from '../support/until';

let db: TestDatabase;
let running: TestSystem | undefined;

beforeAll(async () => {
  db = await createTestDatabase(allMigrations);
});
afterAll(async () => {
  await running?.stop();
  await db?.drop();
});

/** Starts the product on the one database of this file, as a restart would. */
async function start(seedDemo = false): Promise<TestSystem> {
  running = await startTestSystem({ db, config: { seedDemo, demoPassword: DEMO_PASSWORD } });
  return running;
}
async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}

const paymentRows = async () =>
  (await db.pool.query<{ rows: number; labelled: number; rates: number }>(
    `SELECT count(*)::int AS rows, count(actor_type)::int AS labelled, count(*) FILTER (WHERE field = 'rate_amount')::int AS rates FROM payment_history`,
  )).rows[0]!;
const scratchSchema = async () => (await db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [REBUILD_SCHEMA])).rows.length === 1;

/** The payments log as the version before 2 wrote it: no rate changes, no kind of actor. */
async function asVersionOneWroteIt(): Promise<void> {
  await db.pool.query(`DELETE FROM payment_history WHERE field = 'rate_amount'`);
  await db.pool.query(`UPDATE payment_history SET actor_type = NULL`);
}

it('a first start marks the read models as built by this version of the projections', async () => {
  expect(await readModelsVersion(db.pool)).toBeNull();
  await start(true);
  expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION);
  await stop();
}, 120_000);

it('a start on read models of an older version rebuilds them from the events, also past a stop mid-way', async () => {
  // Payment changes by a carrier and by accounting, a rate change among them.
  const system = await start();
  const [carrier, accounting] = [await signIn(system, 'carrier', 'vendor'), await signIn(system, 'accounting', 'staff')];
  const [first, second] = (await carrier.get('/api/loads/')).body as { id: string }[];
  expect((await carrier.request('PATCH', `/api/loads/${first!.id}/`, { rate_amount: 2150, payment_status: 'partial', amount_paid: 500 })).status).toBe(200);
  expect((await accounting.request('PATCH', `/api/loads/${second!.id}/`, { payment_status: 'paid', amount_paid: 1800 })).status).toBe(200);
  await system.caughtUp();
  const projected = await paymentRows();
  expect(projected.rows).toBeGreaterThan(0);
  expect(projected.rates).toBeGreaterThan(0);
  expect(projected.labelled).toBe(projected.rows);
  await stop();

  // Read models from a release before versions were kept (no version recorded: version 1), and the scratch schema of a
  // rebuild it began and never finished (resumed by this version, its tables would mix two shapes; here it has only a
  // checkpoint at the head, which would swap in nothing).
  await db.pool.query('UPDATE projector_checkpoints SET version = NULL, version_position = NULL');
  expect(await readModelsVersion(db.pool)).toBe(1);
  await asVersionOneWroteIt();
  await db.pool.query(`CREATE SCHEMA ${REBUILD_SCHEMA}`);
  await db.pool.query(`CREATE TABLE ${REBUILD_SCHEMA}.projector_checkpoints (name text PRIMARY KEY, position bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
  await db.pool.query(`INSERT INTO ${REBUILD_SCHEMA}.projector_checkpoints SELECT name, position FROM public.projector_checkpoints`);
  expect(await paymentRows()).toEqual({ rows: projected.rows - projected.rates, labelled: 0, rates: 0 });

  // Started and stopped at once: the rebuild under way stops with it (the stop does not wait for it to finish)...
  await start();
  await stop();

  // ...and the next start brings it to an end; the product answers meanwhile.
  const restarted = await start();
  expect((await (await signIn(restarted, 'carrier', 'vendor')).get('/api/loads/')).status).toBe(200);
  await until(async () => (await readModelsVersion(db.pool)) === READ_MODELS_VERSION, { what: 'the read models rebuilt', timeoutMs: 60_000 });
  expect(await paymentRows()).toEqual(projected);
  expect(await scratchSchema()).toBe(false);
  // The rebuild lets go of the replay lock a moment after its switch is committed: a verify sooner is refused.
  await until(async () => !(await advisoryLockHeld(db.pool, REPLAY_LOCK)), { what: 'the rebuild finished' });
  expect(await verify({ pool: restarted.pool, store: restarted.store, databaseUrl: db.url })).toEqual([]);
  await stop();
}, 180_000);

it('a start on read models of a newer version (a rollback) keeps them as they are, and counts them as its own from its first batch', async () => {
  await db.pool.query('UPDATE projector_checkpoints SET version = $1', [READ_MODELS_VERSION + 1]);
  await asVersionOneWroteIt();
  const kept = await paymentRows();
  const system = await start();
  expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION + 1);
  // A batch of this (older) release: the newer one, started again, must rebuild what this one wrote.
  const carrier = await signIn(system, 'carrier', 'vendor');
  const [load] = (await carrier.get('/api/loads/')).body as { id: string }[];
  expect((await carrier.request('PATCH', `/api/loads/${load!.id}/`, { status: 'picked_up' })).status).toBe(200);
  await system.caughtUp();
  expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION);
  await stop(); // a rebuild started by the start would have been stopped here, leaving its scratch schema
  expect(await paymentRows()).toEqual(kept);
  expect(await scratchSchema()).toBe(false);
}, 120_000);

it('counts read models a projector from before versions moved on as version 1', async () => {
  expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION);
  // Such a projector moves the position alone.
  await db.pool.query('UPDATE projector_checkpoints SET position = position + 1');
  expect(await readModelsVersion(db.pool)).toBe(1);
  await db.pool.query('UPDATE projector_checkpoints SET position = position - 1');
});

it("never has a live batch raise the version (the rows it did not touch keep their shape), and counts a batch after an unversioned projector's as version 1", async () => {
  const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const projector = new Projector({ store, pool: db.pool, projections });
  const batch = async () => {
    const { position } = await store.appendToStream(`probe-${randomUUID()}`, [{ type: 'PipelineProbed', data: { probe_id: randomUUID(), requested_at: new Date().toISOString() } }]);
    await until(async () => (await readCheckpoint(db.pool)) >= position, { what: 'the probe projected' });
  };
  projector.start();
  try {
    await db.pool.query('UPDATE projector_checkpoints SET version = $1', [READ_MODELS_VERSION - 1]);
    await batch();
    expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION - 1);
    // Written by a projector from before versions were kept (it moved the position alone), then by this one.
    await db.pool.query('UPDATE projector_checkpoints SET version = $1, version_position = position - 1', [READ_MODELS_VERSION]);
    await batch();
    expect(await readModelsVersion(db.pool)).toBe(1);
  } finally {
    await projector.stop();
    await store.close();
  }
}, 60_000);

it('tries the upgrade rebuild again while another rebuild or verify holds the database, until it is done', async () => {
  await db.pool.query('UPDATE projector_checkpoints SET version = $1', [READ_MODELS_VERSION - 1]);
  const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  const other = await db.pool.connect();
  try {
    await other.query('SELECT pg_advisory_lock($1)', [REPLAY_LOCK]);
    const state = await keepReadModelsCurrent({ pool: db.pool, store, databaseUrl: db.url, logger: silentLogger, retryAfterMs: 100 });
    expect(state.kind).toBe('older');
    await new Promise((resolve) => setTimeout(resolve, 400)); // refused, at least twice
    expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION - 1);
    await other.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]);
    await (state as { rebuilt: Promise<void> }).rebuilt;
    expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION);
  } finally {
    await other.query('SELECT pg_advisory_unlock_all()').catch(() => {});
    other.release();
    await store.close();
  }
}, 60_000);
