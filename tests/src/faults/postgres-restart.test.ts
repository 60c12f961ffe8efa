// PostgreSQL restarted under a running system (its own server, not the shared test one): the services reconnect
// without restarting, every acknowledged command's event is stored exactly once, the projector catches up, and
// clients get a clear error while the database is away, never a hang.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '@portal/platform/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@portal/platform/embedded-postgres';
import { silentLogger } from '@portal/platform/logger';
import { readCheckpoint } from '@portal/projector/runtime';
import { startSystem, type System } from '../../../scripts/system';
import { DEMO_PASSWORD } from '../accounts/support';
import { PortalClient } from '../support/http-client';
import { until as waitUntil } from '../support/until';

let dataDir: string;
let postgres: EmbeddedPostgres;
let system: System;
let databaseUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  fs.chmodSync(dataDir, 0o755);
  postgres = await startEmbeddedPostgres({ dataDir, port: 0, logger: silentLogger });
  databaseUrl = await postgres.ensureDatabase('portal');
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, seedDemo: true, demoPassword: DEMO_PASSWORD, adminPassword: 'Admin-Pass-2026', readWaitMs: 2_000 };
  system = await startSystem({ config, databaseUrl, logger: silentLogger });
}, 120_000);

afterAll(async () => {
  await system?.close();
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const until = (condition: () => Promise<boolean>, timeoutMs = 60_000) => waitUntil(condition, { timeoutMs, intervalMs: 200, ignoreErrors: true });

it('survives a PostgreSQL restart without restarting any service', async () => {
  const vendor = await new PortalClient(system.url).start();
  expect((await vendor.post('/api/auth/login/', { username: 'carrier', password: DEMO_PASSWORD, portal: 'vendor' })).status).toBe(200);
  // Eight writers at once, each on a load of its own, so that when the database goes some commands are past their
  // session lookup and waiting for an append: an append that found no connection used to reject unanswered inside the
  // group commit, and the unhandled rejection ended the whole process.
  const WRITERS = 8;
  const loads: string[] = [];
  for (let w = 0; w < WRITERS; w++) loads.push((await vendor.post('/api/loads/', { load_number: `restart-${w}` })).body.id as string);

  const acknowledged = new Map<string, string[]>(loads.map((id) => [id, []]));
  const refused: number[] = [];
  let stop = false;
  const writers = loads.map(async (loadId) => {
    for (let i = 0; !stop; i++) {
      const note = `note ${i}`;
      const started = Date.now();
      const answer = await vendor.request('PATCH', `/api/loads/${loadId}/`, { pickup_notes: note }).catch(() => ({ status: 0, body: null, headers: new Headers() }));
      // While the database is away the answer is a clear error, and it comes quickly.
      expect(Date.now() - started).toBeLessThan(30_000);
      if (answer.status === 200) acknowledged.get(loadId)!.push(note);
      else {
        refused.push(answer.status);
        if (answer.status === 503) expect(answer.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  const total = () => [...acknowledged.values()].reduce((sum, notes) => sum + notes.length, 0);

  await until(async () => total() >= 5 * WRITERS);
  await postgres.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  postgres = await startEmbeddedPostgres({ dataDir, port: postgres.port, logger: silentLogger });
  const before = total();
  await until(async () => total() >= before + 5 * WRITERS);
  stop = true;
  await Promise.all(writers);

  expect(refused.length).toBeGreaterThan(0);
  // A clear temporary error (503 with Retry-After), or a conflict with a write that got in first: never a crash.
  expect(refused.filter((status) => status !== 503 && status !== 409)).toEqual([]);
  const { rows } = await system.pool.query(
    `SELECT stream_id, data->'changes'->'pickup_notes'->>'to' AS note FROM es_events WHERE stream_id = ANY($1) AND type = 'LoadSectionEdited'`,
    [loads.map((id) => `load-${id}`)],
  );
  // Every acknowledged change is stored exactly once.
  for (const [loadId, notes] of acknowledged) {
    const stored = rows.filter((row) => row.stream_id === `load-${loadId}`).map((row) => row.note as string);
    for (const note of notes) expect(stored.filter((s) => s === note), `${loadId}: ${note}`).toHaveLength(1);
  }
  // The projector and the read side carry on by themselves.
  await until(async () => (await readCheckpoint(system.pool)) === (await system.store.headPosition()));
  for (const [loadId, notes] of acknowledged) {
    const detail = await vendor.get(`/api/loads/${loadId}/`);
    expect(detail.body.pickup_notes).toBe(notes.at(-1));
  }
}, 180_000);
