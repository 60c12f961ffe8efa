// `npm run bench`: figures for the hot paths, each beside its bound measured in the same run on the same database.
// Starts its own embedded PostgreSQL (or uses DATABASE_URL) and the whole system; data comes from a seeded generator.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@portal/platform/config';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { silentLogger } from '@portal/platform/logger';
import { rebuildFigure } from './figures/rebuild';
import { database, figures, freshDatabase, percentile, record, root, seeded, timed } from './support';
import { startSystem } from '../../scripts/system';
import { io as connectSocket } from 'socket.io-client';
import { PortalClient } from '../../tests/src/support/http-client';

/** 1. Single-event appends through the port, 8 writers on distinct streams, beside raw single-row inserts. */
async function appendFigure(url: string): Promise<number> {
  const { allMigrations } = await import('../../scripts/system');
  const { migrate } = await import('@portal/platform/db/migrate');
  const { createPool } = await import('@portal/platform/db/pool');
  const pool = createPool(url, { max: 16 });
  await migrate(pool, allMigrations);
  await pool.query('CREATE TABLE raw_rows (id bigserial PRIMARY KEY, stream_id text NOT NULL, revision bigint NOT NULL, type text NOT NULL, data jsonb NOT NULL)');
  const store = createPostgresEventStore({ pool, connectionString: url });
  const writers = 8;
  const perWriter = 600;
  const data = { status: 'picked_up', note: 'x'.repeat(64) };
  const raw = await timed(async () => {
    await Promise.all(Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        await pool.query('INSERT INTO raw_rows (stream_id, revision, type, data) VALUES ($1, $2, $3, $4)', [`raw-${w}`, i, 'LoadStatusChanged', JSON.stringify(data)]);
      }
    }));
  });
  const port = await timed(async () => {
    await Promise.all(Array.from({ length: writers }, async (_, w) => {
      const stream = `bench-${w}-${randomUUID()}`;
      let expected: bigint | 'no_stream' = 'no_stream';
      for (let i = 0; i < perWriter; i++) {
        expected = (await store.appendToStream(stream, [{ type: 'LoadStatusChanged', data }], { expectedRevision: expected })).nextExpectedRevision;
      }
    }));
  });
  const total = writers * perWriter;
  const rawRate = Math.round(total / raw);
  record({ figure: 'Append, 8 writers (event store port)', unit: 'appends/s', value: Math.round(total / port), bound: 'raw single-row inserts, 8 writers', boundValue: rawRate, goal: '>= 0.6 of bound' });
  await store.close();
  await pool.end();
  return rawRate;
}

/** 2, 5. Commands over HTTP with 16 clients, and list/detail reads with 10,000 loads. */
async function systemFigures(url: string, rawRate: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-'));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, seedDemo: true, demoPassword: 'Bench-Pass-2026', adminPassword: 'Bench-Admin-2026' };
  const system = await startSystem({ config, databaseUrl: url, logger: silentLogger });
  try {
    const vendor = await new PortalClient(system.url).start();
    await vendor.post('/api/auth/login/', { username: 'carrier', password: 'Bench-Pass-2026', portal: 'vendor' });
    const random = seeded(42);
    // 10,000 loads through the command API.
    const loadIds: string[] = [];
    const createSeconds = await timed(async () => {
      await Promise.all(Array.from({ length: 16 }, async (_, c) => {
        for (let i = c; i < 10_000; i += 16) {
          const created = await vendor.post('/api/loads/', { load_number: `b${i}`, pickup_location: `City ${Math.floor(random() * 500)}, TX`, rate_amount: Math.round(random() * 4000) });
          if (created.status === 201) loadIds.push(created.body.id);
        }
      }));
    });
    record({ figure: 'Load creation over HTTP, 16 clients', unit: 'creates/s', value: Math.round(loadIds.length / createSeconds), bound: 'raw single-row inserts', boundValue: rawRate, goal: 'informational' });

    const clients = await Promise.all(Array.from({ length: 16 }, async () => {
      const client = await new PortalClient(system.url).start();
      await client.post('/api/auth/login/', { username: 'carrier', password: 'Bench-Pass-2026', portal: 'vendor' });
      return client;
    }));
    let commands = 0;
    const statuses = ['open', 'picked_up', 'delivered', 'cancelled'];
    const payments = ['unpaid', 'partial', 'paid', 'disputed'];
    const seconds = await timed(async () => {
      await Promise.all(clients.map(async (client, c) => {
        for (let i = 0; i < 150; i++) {
          const id = loadIds[(c * 150 + i) % loadIds.length]!;
          const body = i % 2 === 0 ? { status: statuses[i % 4] } : { payment_status: payments[i % 4] };
          if ((await client.request('PATCH', `/api/loads/${id}/`, body)).status === 200) commands++;
        }
      }));
    });
    record({ figure: 'Status and payment commands over HTTP, 16 clients', unit: 'commands/s', value: Math.round(commands / seconds), bound: 'raw single-row inserts', boundValue: rawRate, goal: '>= 0.4 of bound' });

    const head = await system.store.headPosition();
    await vendor.get(`/api/loads/?min_position=${head}`);
    const listTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await fetch(`${system.url}/api/loads/`, { headers: { Cookie: vendor.cookieHeader() } });
      const text = await response.text();
      listTimes.push(performance.now() - started);
      bytes = Buffer.byteLength(text);
    }
    record({ figure: 'GET /api/loads/ with 10,000 loads, p50', unit: 'ms', value: Math.round(percentile(listTimes, 50)), bound: '-', boundValue: null, goal: '< 150 ms' });
    record({ figure: 'GET /api/loads/ with 10,000 loads, p99', unit: 'ms', value: Math.round(percentile(listTimes, 99)), bound: '-', boundValue: null, goal: 'informational' });
    const listBody = Buffer.from(await (await fetch(`${system.url}/api/loads/`, { headers: { Cookie: vendor.cookieHeader() } })).text());
    record({ figure: 'GET /api/loads/ body with 10,000 loads', unit: 'kB', value: Math.round(bytes / 1024), bound: 'gzip-compressed', boundValue: Math.round(gzipSync(listBody).length / 1024), goal: 'informational' });
    const detailTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await vendor.get(`/api/loads/${loadIds[Math.floor(random() * loadIds.length)]}/`);
      detailTimes.push(performance.now() - started);
    }
    record({ figure: 'GET /api/loads/{id}/ p50 / p99', unit: 'ms', value: Math.round(percentile(detailTimes, 50) * 10) / 10, bound: 'p99', boundValue: Math.round(percentile(detailTimes, 99) * 10) / 10, goal: 'informational' });

    // 3. Live latency: 100 staff sockets; commands paced at 200/s; from each command's HTTP answer to the push at another client.
    const admin = await new PortalClient(system.url).start();
    await admin.post('/api/auth/login/', { username: 'admin', password: 'Bench-Admin-2026', portal: 'staff' });
    const sockets = await Promise.all(Array.from({ length: 100 }, () => new Promise<ReturnType<typeof connectSocket>>((resolve, reject) => {
      const socket = connectSocket(system.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: admin.cookieHeader() }, reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    })));
    const pushedAt = new Map<string, number>();
    sockets[0]!.on('loads:changed', (message: { upserts: { id: string; payment_status: string }[] }) => {
      const now = performance.now();
      for (const load of message.upserts) pushedAt.set(`${load.id}:${load.payment_status}`, now);
    });
    const latencies: number[] = [];
    const rate = 200;
    const total = 1000;
    const started = performance.now();
    await Promise.all(Array.from({ length: 16 }, async (_, c) => {
      for (let i = c; i < total; i += 16) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const id = loadIds[(i * 7919) % loadIds.length]!;
        const status = payments[(i >> 4) % 4]!;
        const answer = await clients[c]!.request('PATCH', `/api/loads/${id}/`, { payment_status: status });
        const answeredAt = performance.now();
        if (answer.status !== 200 || answer.headers.get('x-event-position') === null) continue;
        const key = `${id}:${status}`;
        const deadline = answeredAt + 5_000;
        while (!pushedAt.has(key) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
        const at = pushedAt.get(key);
        pushedAt.delete(key);
        if (at !== undefined) latencies.push(Math.max(0, at - answeredAt));
      }
    }));
    for (const socket of sockets) socket.disconnect();
    const achieved = Math.round(total / ((performance.now() - started) / 1000));
    record({ figure: `Live latency, answer to push, p50 (100 sockets, ${achieved} commands/s offered ${rate})`, unit: 'ms', value: Math.round(percentile(latencies, 50)), bound: 'p95', boundValue: Math.round(percentile(latencies, 95)), goal: 'informational' });
    record({ figure: 'Live latency, answer to push, p99', unit: 'ms', value: Math.round(percentile(latencies, 99)), bound: '-', boundValue: null, goal: '< 50 ms' });

  } finally {
    await system.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 7. What a browser downloads: the built UI's JavaScript, gzipped. */
function bundleFigures(): void {
  const assets = path.join(root, 'ui', 'dist', 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(assets, file))).length;
  const main = files.find((f) => f.startsWith('index-'))!;
  const staff = files.find((f) => f.startsWith('staff-loads-page-'));
  const vendorKb = Math.round(gz(main) / 1024);
  record({ figure: "JS a vendor downloads for / and /loads (gzip)", unit: 'kB', value: vendorKb, bound: 'goal 250 kB', boundValue: 250, goal: '< 250 kB' });
  if (staff) record({ figure: 'JS a staff user downloads for /staff/loads (gzip)', unit: 'kB', value: vendorKb + Math.round(gz(staff) / 1024), bound: '-', boundValue: null, goal: 'AG Grid only on staff pages' });
}

async function main(): Promise<void> {
  process.stdout.write(`Benchmarks on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`);
  const db = await database();
  try {
    const rawRate = await appendFigure(await freshDatabase(db.adminUrl, 'bench_append'));
    await systemFigures(await freshDatabase(db.adminUrl, 'bench_system'), rawRate);
    await rebuildFigure(db.adminUrl);
    bundleFigures();
  } finally {
    await db.stop();
  }
  const table = [
    '| Figure | Value | Unit | Bound or peer | Bound value | Ratio | Goal |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.figure} | ${f.value} | ${f.unit} | ${f.bound} | ${f.boundValue ?? ''} | ${f.ratio ?? ''} | ${f.goal} |`),
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, at: new Date().toISOString() };
  fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), JSON.stringify({ machine, figures }, null, 2) + '\n');
  fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.md'), `${table}\n`);
  process.stdout.write('\nWritten to bench/results/latest.json\n');
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`bench: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
