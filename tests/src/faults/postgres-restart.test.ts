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
  const { body: load } = await vendor.post('/api/loads/', { load_number: 'restart-1' });

  const acknowledged: string[] = [];
  const refused: number[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const note = `note ${i}`;
      const started = Date.now();
      const answer = await vendor.request('PATCH', `/api/loads/${load.id}/`, { pickup_notes: note }).catch(() => ({ status: 0, body: null, headers: new Headers() }));
      // While the database is away the answer is a clear error, and it comes quickly.
      expect(Date.now() - started).toBeLessThan(30_000);
      if (answer.status === 200) acknowledged.push(note);
      else {
        refused.push(answer.status);
        if (answer.status === 503) expect(answer.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  await until(async () => acknowledged.length >= 5);
  await postgres.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  postgres = await startEmbeddedPostgres({ dataDir, port: postgres.port, logger: silentLogger });
  const before = acknowledged.length;
  await until(async () => acknowledged.length >= before + 5);
  stop = true;
  await writer;

  expect(refused.length).toBeGreaterThan(0);
  // A clear temporary error (503 with Retry-After), or a conflict with a write that got in first: never a crash.
  expect(refused.filter((status) => status !== 503 && status !== 409)).toEqual([]);
  const check = await new PortalClient(system.url).start();
  const { rows } = await system.pool.query(
    `SELECT data->'changes'->'pickup_notes'->>'to' AS note FROM es_events WHERE stream_id = $1 AND type = 'LoadSectionEdited'`,
    [`load-${load.id}`],
  );
  const stored = rows.map((row) => row.note as string);
  // Every acknowledged change is stored exactly once.
  for (const note of acknowledged) expect(stored.filter((s) => s === note)).toHaveLength(1);
  // The projector and the read side carry on by themselves.
  await until(async () => (await readCheckpoint(system.pool)) === (await system.store.headPosition()));
  const detail = await vendor.get(`/api/loads/${load.id}/`);
  expect(detail.body.pickup_notes).toBe(acknowledged.at(-1));
  expect(check).toBeDefined();
}, 180_000);
