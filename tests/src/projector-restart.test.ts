// The projector killed (SIGKILL) mid-stream, twice, then restarted, ends with exactly the rows of a clean run.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import type { EventStore } from '@portal/platform/event-store/port';
import { Projector, readCheckpoint } from '@portal/projector/runtime';
import { allMigrations } from '../../scripts/system';
import { createTestDatabase, type TestDatabase } from './support/database';
import { tallyMigrations, tallyProjection } from './fixtures/tally-projection';
import { childEnv, kill } from './support/processes';
import { until as waitUntil } from './support/until';

const STREAMS = 40;
const APPENDS_PER_STREAM = 12;

let killed: TestDatabase;
let clean: TestDatabase;
let killedStore: EventStore;
let cleanStore: EventStore;

beforeAll(async () => {
  killed = await createTestDatabase([...allMigrations, ...tallyMigrations]);
  clean = await createTestDatabase([...allMigrations, ...tallyMigrations]);
  killedStore = createPostgresEventStore({ pool: killed.pool, connectionString: killed.url });
  cleanStore = createPostgresEventStore({ pool: clean.pool, connectionString: clean.url });
  // The same history in both stores: appends of one to three events, interleaved across streams.
  for (let round = 0; round < APPENDS_PER_STREAM; round++) {
    for (let s = 0; s < STREAMS; s++) {
      const events = Array.from({ length: 1 + ((s + round) % 3) }, (_, i) => ({ type: 'Counted', data: { v: s * 100 + round * 10 + i } }));
      await killedStore.appendToStream(`tally-${s}`, events);
      await cleanStore.appendToStream(`tally-${s}`, events);
    }
  }
}, 120_000);

afterAll(async () => {
  await killedStore?.close();
  await cleanStore?.close();
  await killed?.drop();
  await clean?.drop();
});

function startChild(): { child: ChildProcess; committed: () => bigint } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'projector-child.ts')], {
    env: childEnv({ DATABASE_URL: killed.url }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = -1n;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const match of chunk.matchAll(/committed (\d+)/g)) last = BigInt(match[1]!);
  });
  return { child, committed: () => last };
}

const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 60_000) => waitUntil(condition, { timeoutMs, intervalMs: 20 });

const rows = async (db: TestDatabase) => ({
  log: (await db.pool.query('SELECT position, stream_id, type FROM tally_log ORDER BY position')).rows,
  totals: (await db.pool.query('SELECT stream_id, events, sum FROM tally_totals ORDER BY stream_id')).rows,
});

it('survives SIGKILL mid-stream without applying any event twice or missing one', async () => {
  const head = await killedStore.headPosition();
  expect(head).toBeGreaterThan(500n);

  // First life: killed a third of the way through; second life: killed two thirds of the way through.
  for (const threshold of [head / 3n, (head * 2n) / 3n]) {
    const { child, committed } = startChild();
    await until(() => committed() > threshold);
    await kill(child);
    const checkpoint = await readCheckpoint(killed.pool);
    expect(checkpoint).toBeGreaterThanOrEqual(committed());
    expect(checkpoint).toBeLessThan(head);
  }
  const { child } = startChild();
  await until(async () => (await readCheckpoint(killed.pool)) === head);
  await kill(child);

  // A clean, uninterrupted run over the same history.
  const projector = new Projector({ store: cleanStore, pool: clean.pool, projections: [tallyProjection()] });
  projector.start();
  await until(async () => (await readCheckpoint(clean.pool)) === head);
  await projector.stop();

  const [afterKills, cleanRun] = [await rows(killed), await rows(clean)];
  const totalEvents = (await killedStore.readAll({ maxCount: 100_000 })).length;
  expect(afterKills.log).toHaveLength(totalEvents);
  expect(new Set(afterKills.log.map((row) => String(row.position))).size).toBe(totalEvents);
  expect(afterKills).toEqual(cleanRun);
}, 180_000);
