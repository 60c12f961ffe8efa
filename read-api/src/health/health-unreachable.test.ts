// GET /api/health/ while the database cannot be reached: the health document (503), also for a browser that sends a
// session cookie (its session cannot be looked up, and the health answer needs none).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SessionStore } from '@portal/platform/auth/sessions';
import { createPool } from '@portal/platform/db/pool';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { silentLogger } from '@portal/platform/logger';
import { FileStorage } from '@portal/platform/files/storage';
import { createReadApi } from '../app';
import { ProjectionPosition } from '../projection-position';

let server: http.Server;
let url: string;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  // A port nothing listens on: every connection is refused, as when the database is down.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const connectionString = `postgres://nobody:nothing@127.0.0.1:${port}/portal`;
  const pool = createPool(connectionString, { connectTimeoutMs: 2_000 });
  const store = createPostgresEventStore({ pool, connectionString });
  const projection = new ProjectionPosition({ pool, connectionString, logger: silentLogger });
  const app = createReadApi({
    store, pool, projection, logger: silentLogger, readWaitMs: 100, sessions: new SessionStore(pool), trustProxy: false, storage: new FileStorage('/nonexistent'),
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  closers.push(() => new Promise((resolve) => server.close(resolve)), () => projection.close(), () => store.close(), () => pool.end());
});
afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
});

it('answers the health document with 503, with or without a session cookie', async () => {
  for (const headers of [{}, { Cookie: 'sessionid=some-session; csrftoken=abc' }] as Record<string, string>[]) {
    const response = await fetch(`${url}/api/health/`, { headers });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ service: 'read-api', status: 'unavailable', database: { ok: false } });
  }
});
