// Profiling driver for figure 2 (authenticated PATCH /api/loads/{id}/ status and payment changes, 16 clients).
// Starts the whole system on an embedded PostgreSQL, creates loads, fires the commands and prints commands/s and
// SQL round trips per command (every pg query in the process, the projector's included, and by statement).
//
//   node --import tsx command-api/scripts/profile-commands.ts                 # LOADS=1000 PER_CLIENT=200 ROUNDS=3
//   CPU_PROFILE=/tmp/commands.cpuprofile node --import tsx command-api/scripts/profile-commands.ts   # rounds only
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof command-api/scripts/profile-commands.ts   # whole run
//   node --import tsx command-api/scripts/profile-commands.ts --summary /tmp/prof/<file>.cpuprofile
//   PG_STAT=1 node --import tsx command-api/scripts/profile-commands.ts   # + PostgreSQL's time by statement (pg_stat_statements)
//   PROJECTOR_BATCH=14 node --import tsx command-api/scripts/profile-commands.ts   # the live projector apart: stopped
//     during each round, then timed catching up in batches of that many events (its CPU per event, Node and PostgreSQL,
//     without the other services competing for the cores or changing its batch sizes)
//   PROJECTOR_BATCH=14 PROJECTOR_PROFILE=/tmp/projector.cpuprofile node --import tsx command-api/scripts/profile-commands.ts
//     # + a CPU profile of the last round's catch-up alone (the projector's own Node time, summarised)
//   DATABASE_URL=postgres://... uses that server instead (a fresh database is created on it; PG_STAT needs
//   pg_stat_statements in its shared_preload_libraries).
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '@portal/platform/config';
import { startEmbeddedPostgres } from '@portal/platform/embedded-postgres';
import { silentLogger } from '@portal/platform/logger';
import { startSystem } from '../../scripts/system';
import { PortalClient } from '../../tests/src/support/http-client';
import { LeanClient } from '../../bench/src/lean-client';
import { postgresCpuSeconds } from '../../bench/src/support';
import { projections } from '../../projector/src/projections';
import { Projector, projectorStatus } from '../../projector/src/runtime';
import { projectorCaughtUp } from '../../bench/src/figures/load-generator';

const LOADS = Number(process.env.LOADS ?? 1000);
const CLIENTS = Number(process.env.CLIENTS ?? 16);
const PER_CLIENT = Number(process.env.PER_CLIENT ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PASSWORD = 'Profile-Pass-2026';
const PROJECTOR_BATCH = process.env.PROJECTOR_BATCH ? Number(process.env.PROJECTOR_BATCH) : undefined;

/** Top self-time functions of a .cpuprofile. */
function summarise(file: string, top = 40): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const grouped = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, 'nm:').replace(process.cwd() + '/', '');
    const key = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
    grouped.set(key, (grouped.get(key) ?? 0) + micros);
    const pkg = where.startsWith('nm:') ? where.slice(3).split('/').slice(0, where.slice(3).startsWith('@') ? 2 : 1).join('/') : where === '' ? frame.functionName : where.startsWith('node:') ? where : 'ours:' + where.split('/')[0];
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  }
  const print = (title: string, map: Map<string, number>, n: number) => {
    process.stdout.write(`\n${title} (total ${(total / 1e6).toFixed(2)} s)\n`);
    for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      process.stdout.write(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1e3).toFixed(0).padStart(7)} ms  ${key}\n`);
    }
  };
  print('Self time by package', byPackage, 25);
  print('Self time by function', grouped, top);
}

/** A CPU profile of the command rounds only (not the start-up and the load creation). */
async function startProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      process.stdout.write(`CPU profile of the command rounds written to ${file}\n`);
    },
  };
}

/** Counts every query the process sends, by statement (first line, trimmed). */
function countQueries() {
  const counts = new Map<string, number>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '?';
    const key = text.slice(0, 200).replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { counts, reset: () => counts.clear() };
}

async function main(): Promise<void> {
  const summaryIndex = process.argv.indexOf('--summary');
  if (summaryIndex >= 0) return summarise(process.argv[summaryIndex + 1]!);
  const queries = countQueries();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
  fs.chmodSync(dir, 0o755);
  let adminUrl = process.env.DATABASE_URL;
  let stopDb = async () => {};
  if (!adminUrl) {
    const settings = process.env.PG_STAT ? { shared_preload_libraries: 'pg_stat_statements' } : undefined;
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 0, logger: silentLogger, settings });
    adminUrl = embedded.adminUrl;
    stopDb = () => embedded.stop();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS profile_commands WITH (FORCE)');
  await admin.query('CREATE DATABASE profile_commands');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/profile_commands';

  /** A connection of its own to the profiled database for `use`. */
  const onDatabase = async <T>(use: (db: pg.Client) => Promise<T>): Promise<T> => {
    const db = new pg.Client({ connectionString: url.toString() });
    db.on('error', () => {});
    await db.connect();
    try {
      return await use(db);
    } finally {
      await db.end();
    }
  };

  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, seedDemo: true, demoPassword: PASSWORD, adminPassword: 'Profile-Admin-2026' };
  const system = await startSystem({ config, databaseUrl: url.toString(), logger: silentLogger });
  let lean: LeanClient[] = [];
  let projector: Projector = system.projector;
  try {
    const login = async () => {
      const client = await new PortalClient(system.url).start();
      const answer = await client.post('/api/auth/login/', { username: 'carrier', password: PASSWORD, portal: 'vendor' });
      if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return client;
    };
    const vendor = await login();
    const loadIds: string[] = [];
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < LOADS; i += CLIENTS) {
        const created = await vendor.post('/api/loads/', { load_number: `p${i}`, pickup_location: `City ${i % 97}, TX`, rate_amount: 100 + i });
        if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
        loadIds.push(created.body.id);
      }
    }));
    // One after another: concurrent logins of one user race on the account stream (UserLoggedIn) and may answer 409.
    const clients: PortalClient[] = [];
    for (let c = 0; c < CLIENTS; c++) clients.push(await login());
    const statuses = ['open', 'picked_up', 'delivered', 'cancelled'];
    const payments = ['unpaid', 'partial', 'paid', 'disputed'];
    // Each client owns its own loads, and every command changes something (a no-op command appends nothing).
    const sent = new Map<string, { status: number; payment: number; next: 'status' | 'payment' }>(loadIds.map((id) => [id, { status: 0, payment: 0, next: 'status' }]));
    process.stdout.write(`${loadIds.length} loads, ${CLIENTS} clients x ${PER_CLIENT} commands, ${ROUNDS} rounds\n`);
    // The commands go through the bench's lean client (fetch costs more CPU than the command API's answer).
    lean = clients.map((client) => new LeanClient(client));
    const profiler = process.env.CPU_PROFILE ? await startProfiler() : undefined;
    for (let round = 0; round < ROUNDS; round++) {
      if (PROJECTOR_BATCH) await projector.stop();
      queries.reset();
      if (process.env.PG_STAT) {
        await onDatabase(async (db) => {
          await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
          await db.query('SELECT pg_stat_statements_reset()');
        });
      }
      let ok = 0;
      const failures = new Map<number, number>();
      const started = performance.now();
      const nodeBefore = process.cpuUsage();
      const postgresBefore = postgresCpuSeconds();
      await Promise.all(lean.map(async (client, c) => {
        const mine = loadIds.filter((_, k) => k % CLIENTS === c);
        for (let i = 0; i < PER_CLIENT; i++) {
          const id = mine[i % mine.length]!;
          const last = sent.get(id)!;
          let body: Record<string, string>;
          if (last.next === 'status') {
            last.status = (last.status + 1) % 4;
            body = { status: statuses[last.status]! };
          } else {
            last.payment = (last.payment + 1) % 4;
            body = { payment_status: payments[last.payment]! };
          }
          last.next = last.next === 'status' ? 'payment' : 'status';
          const status = (await client.request('PATCH', `/api/loads/${id}/`, body)).status;
          if (status === 200) ok++;
          else failures.set(status, (failures.get(status) ?? 0) + 1);
        }
      }));
      const seconds = (performance.now() - started) / 1000;
      const nodeCpu = process.cpuUsage(nodeBefore);
      const nodeMicros = nodeCpu.user + nodeCpu.system;
      const postgresMicros = (postgresCpuSeconds() - postgresBefore) * 1e6;
      const total = [...queries.counts.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(`round ${round + 1}: ${Math.round(ok / seconds)} commands/s (${ok} ok in ${seconds.toFixed(2)} s${failures.size ? `, failures ${JSON.stringify(Object.fromEntries(failures))}` : ''}), ${(total / ok).toFixed(2)} queries/command, CPU per command: node ${(nodeMicros / ok).toFixed(0)} µs, postgres ${(postgresMicros / ok).toFixed(0)} µs\n`);
      if (PROJECTOR_BATCH) {
        const { lag: events } = await projectorStatus(system.store, system.pool, 1_000_000);
        const nodeBefore = process.cpuUsage();
        const postgresBefore = postgresCpuSeconds();
        const started = performance.now();
        const catchUpProfiler = process.env.PROJECTOR_PROFILE && round === ROUNDS - 1 ? await startProfiler() : undefined;
        projector = new Projector({ store: system.store, pool: system.pool, projections, maxBatchSize: PROJECTOR_BATCH });
        projector.start();
        await projectorCaughtUp(system.store, system.pool, 600_000, 2);
        if (catchUpProfiler) {
          await catchUpProfiler.stop(process.env.PROJECTOR_PROFILE!);
          summarise(process.env.PROJECTOR_PROFILE!);
        }
        const seconds = (performance.now() - started) / 1000;
        const node = process.cpuUsage(nodeBefore);
        const postgres = (postgresCpuSeconds() - postgresBefore) * 1e6;
        process.stdout.write(`  projector caught up on ${events} events in batches of ${PROJECTOR_BATCH}: ${Math.round(events / seconds)} events/s, CPU per event: node ${((node.user + node.system) / events).toFixed(0)} µs, postgres ${(postgres / events).toFixed(0)} µs\n`);
      }
      if (round === ROUNDS - 1 && process.env.PG_STAT) {
        const { rows } = await onDatabase((db) => db.query(`SELECT calls::float8 AS calls, total_exec_time, total_plan_time, rows::float8 AS rows, wal_bytes::float8 AS wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS q FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`));
        for (const r of rows) process.stdout.write(`  exec ${(r.total_exec_time * 1000 / ok).toFixed(1).padStart(7)} µs/cmd  plan ${(r.total_plan_time * 1000 / ok).toFixed(1).padStart(5)}  calls/cmd ${(r.calls / ok).toFixed(2)}  rows ${(r.rows / r.calls).toFixed(1)}  wal/cmd ${Math.round(r.wal_bytes / ok)}  ${r.q}\n`);
      }
      if (round === ROUNDS - 1) {
        for (const [text, count] of [...queries.counts].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
          process.stdout.write(`  ${(count / ok).toFixed(2).padStart(6)}  ${text}\n`);
        }
      }
    }
    if (profiler) {
      await profiler.stop(process.env.CPU_PROFILE!);
      summarise(process.env.CPU_PROFILE!);
    }
  } finally {
    for (const client of lean) client.close();
    // The projector PROJECTOR_BATCH started last (the system stops only its own).
    await projector.stop();
    await system.close();
    await stopDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`profile-commands: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
