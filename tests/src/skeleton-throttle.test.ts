import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './accounts/support';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './support/system';

let system: TestSystem;
beforeAll(async () => { system = await startTestSystem({ probeMinIntervalMs: 60_000, config: { seedDemo: true, demoPassword: DEMO_PASSWORD } }); });
afterAll(async () => { await system?.stop(); });

it('throttles pipeline probes with 429 and Retry-After, appending nothing, per caller', async () => {
  const admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  const first = await admin.post('/api/health/probe/');
  expect(first.status).toBe(201);
  const head = await system.store.headPosition();
  const second = await admin.post('/api/health/probe/');
  expect(second.status).toBe(429);
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(second.body).toEqual({ detail: 'Too many probes; try again shortly.' });
  expect(await system.store.headPosition()).toBe(head);
  // Another caller (a monitoring account with no tier) is not crowded out.
  expect((await (await signIn(system, 'newstaff', 'staff')).post('/api/health/probe/')).status).toBe(201);
});

it('sends probes only for signed-in staff: a guest gets 401 and a vendor 403, and nothing is appended', async () => {
  const guest = await system.client().start();
  const vendor = await signIn(system, 'carrier', 'vendor');
  const head = await system.store.headPosition();
  expect(await guest.post('/api/health/probe/')).toMatchObject({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
  expect(await vendor.post('/api/health/probe/')).toMatchObject({ status: 403, body: { detail: 'You do not have permission to send pipeline probes.' } });
  expect(await system.store.headPosition()).toBe(head);
});
