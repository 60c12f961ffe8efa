// PostgreSQL that stops answering without closing its connections (a frozen server, a network partition): reads and
// the health check answer 503 in bounded time instead of hanging for as long as it is stuck, and everything answers
// again once it is back. The database is reached through a TCP relay in this test that can stop passing bytes.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '@portal/platform/config';
import { silentLogger } from '@portal/platform/logger';
import { allMigrations, startSystem, type System } from '../../../scripts/system';
import { DEMO_PASSWORD } from '../accounts/support';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { PortalClient } from '../support/http-client';
import { until } from '../support/until';

/** A TCP relay to the database that can stop passing bytes either way, the connections staying open. */
class FreezableRelay {
  frozen = false;
  private readonly sockets = new Set<net.Socket>();
  readonly server = net.createServer((client) => {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => to.write(chunk));
      from.on('close', () => { to.destroy(); this.sockets.delete(from); });
      from.on('error', () => to.destroy());
      if (this.frozen) from.pause();
    }
  });
  constructor(private readonly target: { host: string; port: number }) {}
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }
  freeze(): void {
    this.frozen = true;
    for (const socket of this.sockets) socket.pause();
  }
  thaw(): void {
    this.frozen = false;
    for (const socket of this.sockets) socket.resume();
  }
  close(): void {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
  }
}

let db: TestDatabase;
let relay: FreezableRelay;
let system: System;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase(allMigrations);
  const direct = new URL(db.url);
  relay = new FreezableRelay({ host: direct.hostname, port: Number(direct.port) });
  const relayed = new URL(db.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(await relay.listen());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-freeze-'));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, seedDemo: true, demoPassword: DEMO_PASSWORD, adminPassword: 'Admin-Pass-2026', readWaitMs: 2_000 };
  system = await startSystem({ config, databaseUrl: relayed.toString(), logger: silentLogger });
}, 120_000);

afterAll(async () => {
  relay?.thaw();
  await system?.close();
  relay?.close();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers reads and the health check with 503 in bounded time while the database is frozen, and recovers', async () => {
  const vendor = await new PortalClient(system.url).start();
  expect((await vendor.post('/api/auth/login/', { username: 'carrier', password: DEMO_PASSWORD, portal: 'vendor' })).status).toBe(200);
  expect((await vendor.get('/api/loads/')).status).toBe(200);
  expect((await fetch(`${system.url}/api/health/`)).status).toBe(200);

  relay.freeze();
  try {
    // Before: both waited for as long as the database stayed frozen (15 s, 60 s), then answered 200.
    let started = Date.now();
    const health = await fetch(`${system.url}/api/health/`);
    // One 3 s deadline, with room for a slow machine: the database and event store checks ran one after the other
    // (6 s), and a monitor waiting 5 s saw no answer instead of a 503 (ops audit).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', database: { ok: false, error: 'database: no answer within 3 s' } });

    started = Date.now();
    const list = await vendor.get('/api/loads/');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(list.status).toBe(503);
    expect(list.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
    expect(list.headers.get('retry-after')).toBe('2');
  } finally {
    relay.thaw();
  }

  await until(async () => (await fetch(`${system.url}/api/health/`)).status === 200, { what: 'healthy again', timeoutMs: 30_000 });
  const list = await vendor.get('/api/loads/');
  expect(list.status).toBe(200);
  expect(list.body.length).toBe(12);
}, 120_000);
