// Two projector services on one database: one is active, the other stands by and takes over when the first dies.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import type { EventStore } from '@portal/platform/event-store/port';
import { readCheckpoint } from '@portal/projector/runtime';
import { READ_MODELS_VERSION } from '@portal/projector/schema';
import { readModelsVersion } from '@portal/projector/upgrade';
import { allMigrations } from '../../../scripts/system';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { until as waitUntil } from '../support/until';
import { childEnv } from '../support/processes';

const MAIN = path.resolve(import.meta.dirname, '..', '..', '..', 'projector', 'src', 'main.ts');
let db: TestDatabase;
let store: EventStore;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase(allMigrations);
  store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await store.close();
  await db.drop();
});

function startProjector(env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: childEnv({ DATABASE_URL: db.url, LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) => waitUntil(condition, { timeoutMs, intervalMs: 50 });

const probe = () => store.appendToStream(`probe-${randomUUID()}`, [{ type: 'PipelineProbed', data: { probe_id: randomUUID(), requested_at: new Date().toISOString() } }]);

it('keeps exactly one projector active and fails over to the standby', async () => {
  const first = startProjector();
  await until(() => first.output().includes('projector: active'));
  // Commands first on a shared host: the projector runs at niceness 10 unless told otherwise (PROJECTOR_NICE).
  expect(os.getPriority(first.child.pid!)).toBe(10);
  const second = startProjector({ PROJECTOR_NICE: '0' });
  await until(() => second.output().includes('projector: standing by'));
  expect(os.getPriority(second.child.pid!)).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(second.output()).not.toContain('projector: active');

  const { position } = await probe();
  await until(async () => (await readCheckpoint(db.pool)) >= position);

  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  await until(() => second.output().includes('projector: active'));
  const after = await probe();
  await until(async () => (await readCheckpoint(db.pool)) >= after.position);
  expect(await readCheckpoint(db.pool)).toBe(await store.headPosition());
}, 120_000);

it('rebuilds read models built by an older version of the projections when it starts to lead, and says so', async () => {
  for (const child of children) child.kill('SIGKILL');
  // The first projector marked the new read models as its version's; now they are an older release's.
  expect(await readModelsVersion(db.pool)).toBe(READ_MODELS_VERSION);
  await db.pool.query('UPDATE projector_checkpoints SET version = $1', [READ_MODELS_VERSION - 1]);
  const started = startProjector({ LOG_LEVEL: 'info' });
  await until(async () => (await readModelsVersion(db.pool)) === READ_MODELS_VERSION);
  expect(started.output()).toContain('the read models were built by an older version of the projections: rebuilding them');
  await until(() => started.output().includes('read models rebuilt and switched over'));
  // And it projects on: a new event reaches the rebuilt read models.
  const after = await probe();
  await until(async () => (await readCheckpoint(db.pool)) >= after.position);
}, 120_000);
