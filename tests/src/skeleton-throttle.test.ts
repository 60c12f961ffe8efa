import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './support/system';

let system: TestSystem;
beforeAll(async () => { system = await startTestSystem({ probeMinIntervalMs: 60_000 }); });
afterAll(async () => { await system?.stop(); });

it('throttles pipeline probes with 429 and Retry-After, appending nothing', async () => {
  const client = await system.client().start();
  const first = await client.post('/api/health/probe/');
  expect(first.status).toBe(201);
  const head = await system.store.headPosition();
  const second = await client.post('/api/health/probe/');
  expect(second.status).toBe(429);
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(second.body).toEqual({ detail: 'Too many probes; try again shortly.' });
  expect(await system.store.headPosition()).toBe(head);
});
