// `npm run bench`: figures for the hot paths, each beside its bound or peer measured in the same run on the same
// database. Starts its own embedded PostgreSQL (or uses DATABASE_URL) and the whole system; data comes from a seeded
// generator. Prints the table and writes bench/results/latest.json and latest.md.
//
// BENCH_ONLY=name[,name...] runs a subset (for working on one figure; nothing is written to bench/results then):
//   append    1. appends through the event store port, beside raw inserts and the peer (emmett-postgresql)
//   commands  2. load creation and status/payment commands over HTTP (services in own processes, and in one)
//   reads     5. GET /api/loads/ at 10,000 and 50,000 loads, GET /api/loads/{id}/ idle and under figure 2's load
//   live      3. command answer to socket push, p50/p95/p99 at 200 and 50 commands/s, 100 sockets (services in own processes)
//   rebuild   4. rebuild of the read models
//   board     6. the staff board in Chromium: first rows at 10,000 and 50,000 loads, 1,000 pushed updates
//   memory    7. resident memory of each service in its own process, idle and under figure 2's load, 500 sockets
//   bundles   7. gzip size of the JS each kind of user downloads
// The system figures always first create the 10,000 loads over HTTP; reads and board also generate the other 40,000
// (memory then runs on all 50,000). BENCH_SCALE=0.1 scales that data set down for quick trial runs (figures not
// comparable). E.g. BENCH_ONLY=live,board BENCH_SCALE=0.2 npx tsx bench/src/run.ts
// BENCH_REBUILD_EVENTS sets figure 4's number of events (default 1,000,000); bench/src/rebuild-profile.ts runs figure 4
// alone with the time each projection spends in each step.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '@portal/platform/config';
import { READ_MODEL_CHANNEL } from '@portal/projector/notices';
import { createPostgresEventStore } from '@portal/platform/event-store/postgres';
import { silentLogger } from '@portal/platform/logger';
import { Board } from './figures/board';
import { ADMIN_PASSWORD, CommandLoad, connectSockets, DEMO_PASSWORD, pause, signIn } from './figures/commands';
import { LeanClient } from './lean-client';
import { liveLatencyFigure } from './figures/live-latency';
import { generateLoads, loadDates, projectorCaughtUp, type LoadOwner } from './figures/load-generator';
import { startServices, type ServiceName, type Services } from './figures/memory';
import { REBUILD_EVENTS, rebuildFigure } from './figures/rebuild';
import { connectCrowd } from './figures/socket-crowd';
import { endOnSignals, removedWithBench } from './children';
import { cpuSeconds, database, figures, freshDatabase, percentile, postgresCpuByService, record, root, seeded, timed } from './support';
import { startSystem, type System } from '../../scripts/system';
import type { PortalClient } from '../../tests/src/support/http-client';

const FIGURE_NAMES = ['append', 'commands', 'reads', 'live', 'rebuild', 'board', 'memory', 'bundles'] as const;
type FigureName = (typeof FIGURE_NAMES)[number];
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
for (const name of only) {
  if (!(FIGURE_NAMES as readonly string[]).includes(name)) throw new Error(`BENCH_ONLY: unknown figure '${name}' (known: ${FIGURE_NAMES.join(', ')})`);
}
const wants = (name: FigureName) => only.size === 0 || only.has(name);

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('BENCH_SCALE must be a number in (0, 1]');
const LOADS = Math.round(10_000 * SCALE);
const MORE_LOADS = Math.round(40_000 * SCALE);
/** Figure 2: commands each of the 16 clients sends in a measured round. */
const FIGURE_2_PER_CLIENT = 300;

/** The bound of figures 1 and 2: single-row inserts of an event's row into a plain table, 8 writers, one row per transaction. */
const RAW_WRITERS = 8;
const RAW_PER_WRITER = 600;
const RAW_DATA = { status: 'picked_up', note: 'x'.repeat(64) };
/** Appends per writer in the unmeasured round before the port's and the peer's measured ones. */
const WARM_UP_APPENDS = 100;

/** Seconds for RAW_WRITERS x RAW_PER_WRITER raw inserts through `pool` (into bench_raw_rows, made here when missing). */
async function rawInsertSeconds(pool: { query: pg.Pool['query'] }): Promise<number> {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_raw_rows (id bigserial PRIMARY KEY, stream_id text NOT NULL, revision bigint NOT NULL, type text NOT NULL, data jsonb NOT NULL)');
  return timed(async () => {
    await Promise.all(Array.from({ length: RAW_WRITERS }, async (_, w) => {
      for (let i = 0; i < RAW_PER_WRITER; i++) {
        await pool.query('INSERT INTO bench_raw_rows (stream_id, revision, type, data) VALUES ($1, $2, $3, $4)', [`raw-${w}`, i, 'LoadStatusChanged', JSON.stringify(RAW_DATA)]);
      }
    }));
  });
}

/**
 * The raw-insert bound beside `measure`: the raw inserts once unmeasured (the pool's connections, prepared statements,
 * the JIT: measured cold they came out a third lower, which flattered every ratio against them), then just before
 * and just after `measure`, and their mean (this machine's speed moves within minutes). `label` shows both.
 */
async function besideRawBound<T>(pool: { query: pg.Pool['query'] }, measure: () => Promise<T>): Promise<{ result: T; bound: number; label: string }> {
  const total = RAW_WRITERS * RAW_PER_WRITER;
  await rawInsertSeconds(pool);
  const before = total / (await rawInsertSeconds(pool));
  const result = await measure();
  const after = total / (await rawInsertSeconds(pool));
  return { result, bound: Math.round((before + after) / 2), label: `just before and after (${Math.round(before)} and ${Math.round(after)}/s)` };
}

/**
 * Seconds for RAW_WRITERS writers each making `appends` single-event appends through `append` to a stream of its own
 * (named `prefix-...`), each append expecting the revision the last one answered (`start` for none).
 */
function appendSeconds<R>(appends: number, prefix: string, start: R, append: (stream: string, expected: R) => Promise<R>): Promise<number> {
  return timed(async () => {
    await Promise.all(Array.from({ length: RAW_WRITERS }, async (_, w) => {
      const stream = `${prefix}-${w}-${randomUUID()}`;
      let expected = start;
      for (let i = 0; i < appends; i++) expected = await append(stream, expected);
    }));
  });
}

/** 1. Single-event appends through the port, 8 writers on distinct streams, beside raw single-row inserts and a peer. */
async function appendFigure(url: string): Promise<number> {
  const { allMigrations } = await import('../../scripts/system');
  const { migrate } = await import('@portal/platform/db/migrate');
  const { createPool } = await import('@portal/platform/db/pool');
  const pool = createPool(url, { max: 16 });
  await migrate(pool, allMigrations);
  const store = createPostgresEventStore({ pool, connectionString: url });
  const portSeconds = (appends: number, prefix: string) => appendSeconds<bigint | 'no_stream'>(appends, prefix, 'no_stream', async (stream, expected) =>
    (await store.appendToStream(stream, [{ type: 'LoadStatusChanged', data: RAW_DATA }], { expectedRevision: expected })).nextExpectedRevision);
  await portSeconds(WARM_UP_APPENDS, 'bench-warmup'); // not measured, as the bound's first round
  const { result: portRate, bound: rawRate, label } = await besideRawBound(pool, async () => Math.round((RAW_WRITERS * RAW_PER_WRITER) / (await portSeconds(RAW_PER_WRITER, 'bench'))));
  record({ figure: 'Append, 8 writers (event store port)', unit: 'appends/s', value: portRate, bound: `raw single-row inserts, 8 writers, ${label}`, boundValue: rawRate, goal: '>= 0.6 of bound' });
  await store.close();
  await pool.end();
  const peerRate = await peerAppendRate(url);
  record({ figure: 'Append, 8 writers (event store port) beside the peer', unit: 'appends/s', value: portRate, bound: 'emmett-postgresql 0.42, same rows, 8 writers', boundValue: peerRate, goal: '> 1 (ahead of the peer)' });
  return rawRate;
}

/**
 * The peer: Emmett's PostgreSQL event store on the same database (its own tables), the same rows appended by the same
 * 8 writers to distinct streams, each append with the expected stream version. Emmett sets pg's global type parsers
 * for json, jsonb and int8 when it creates its pool; they are put back afterwards so the rest of the run parses as
 * the product does.
 */
async function peerAppendRate(url: string): Promise<number> {
  const builtins = pg.types.builtins;
  const parsers = ([builtins.JSON, builtins.JSONB, builtins.INT8] as const).map((oid) => [oid, pg.types.getTypeParser(oid)] as const);
  const { getPostgreSQLEventStore } = await import('@event-driven-io/emmett-postgresql');
  const { STREAM_DOES_NOT_EXIST } = await import('@event-driven-io/emmett');
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  // As the product's pools: a connection closed while idle (the database stopping at the end) is not a crash.
  pool.on('error', () => {});
  const peer = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  try {
    await peer.schema.migrate();
    const peerSeconds = (appends: number, prefix: string) => appendSeconds<bigint | typeof STREAM_DOES_NOT_EXIST>(appends, prefix, STREAM_DOES_NOT_EXIST, async (stream, expected) =>
      (await peer.appendToStream(stream, [{ type: 'LoadStatusChanged', data: RAW_DATA }], { expectedStreamVersion: expected })).nextExpectedStreamVersion);
    // Warmed as the port is, unmeasured.
    await peerSeconds(WARM_UP_APPENDS, 'bench-warmup');
    const seconds = await peerSeconds(RAW_PER_WRITER, 'bench');
    const { rows } = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM emt_messages WHERE stream_id LIKE 'bench-%' AND stream_id NOT LIKE 'bench-warmup-%'");
    const total = RAW_WRITERS * RAW_PER_WRITER;
    if (Number(rows[0]?.n) !== total) throw new Error(`bench: the peer stored ${rows[0]?.n} of ${total} events`);
    return Math.round(total / seconds);
  } finally {
    await peer.close();
    await pool.end();
    for (const [oid, parser] of parsers) pg.types.setTypeParser(oid, parser);
  }
}

/** The bytes a response puts on the wire when the client accepts gzip, and the encoding the server chose. */
function wireBytes(url: string, cookie: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * 5. The list as the vendor's table reads it: `runs` sequential reads of an unchanged read model (the read API keeps the
 * compressed answer until a load changes), then `runs` reads each right after a change (a status change, read with its
 * position: the answer is built again), p50/p99 of each, and its size raw and on the wire.
 */
async function listFigures(system: System, reader: PortalClient, loads: number, runs: number): Promise<void> {
  const first = await reader.get(`/api/loads/?min_position=${await system.store.headPosition()}`);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(`${system.url}/api/loads/`, { headers: { Cookie: reader.cookieHeader() } });
    const text = await response.text();
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(text);
  }
  const afterChange: number[] = [];
  const target = (first.body as { id: string }[])[0]!.id;
  for (let i = 0; i < runs; i++) {
    const changed = await reader.request('PATCH', `/api/loads/${target}/`, { status: i % 2 === 0 ? 'picked_up' : 'open' });
    const position = changed.headers.get('x-event-position');
    if (changed.status !== 200 || !position) throw new Error(`bench: the change before a list read failed (${changed.status} ${JSON.stringify(changed.body)})`);
    const started = performance.now();
    const response = await fetch(`${system.url}/api/loads/?min_position=${position}`, { headers: { Cookie: reader.cookieHeader() } });
    await response.text();
    afterChange.push(performance.now() - started);
  }
  const count = loads.toLocaleString('en-US');
  const goal = loads === LOADS ? '< 150 ms' : 'informational';
  record({ figure: `GET /api/loads/ with ${count} loads, unchanged read model, p50`, unit: 'ms', value: Math.round(percentile(times, 50)), bound: 'p99', boundValue: Math.round(percentile(times, 99)), goal });
  record({ figure: `GET /api/loads/ with ${count} loads, right after a change, p50`, unit: 'ms', value: Math.round(percentile(afterChange, 50)), bound: 'p99', boundValue: Math.round(percentile(afterChange, 99)), goal });
  const wire = await wireBytes(`${system.url}/api/loads/`, reader.cookieHeader());
  record({ figure: `GET /api/loads/ body with ${count} loads`, unit: 'kB', value: Math.round(bytes / 1024), bound: `on the wire (Content-Encoding: ${wire.encoding})`, boundValue: Math.round(wire.bytes / 1024), goal: 'informational' });
}

async function detailTimes(reader: PortalClient, ids: readonly string[], random: () => number, keepGoing: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (keepGoing()) {
    const started = performance.now();
    const answer = await reader.get(`/api/loads/${ids[Math.floor(random() * ids.length)]}/`);
    if (answer.status !== 200) throw new Error(`bench: a load detail answered ${answer.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** What the board's search figure types: a load number's start, as dispatch types one. */
const SEARCH_KEYS = 'kdt_1234';

/** 6. Median of the navigations' times to the first rows, then the quick search typed key by key. */
async function boardFirstRowsFigure(systemUrl: string, loads: number, runs: number): Promise<void> {
  const board = await Board.open(systemUrl);
  try {
    const times = await board.firstRows(runs);
    const count = loads.toLocaleString('en-US');
    record({ figure: `Board in Chromium, navigation to first rows, ${count} loads (median of ${runs})`, unit: 'ms', value: Math.round(percentile(times, 50)), bound: '-', boundValue: null, goal: loads === LOADS ? '< 1500 ms' : 'informational' });
    const [first, ...rest] = await board.searchKeys(SEARCH_KEYS);
    record({
      figure: `Board quick search typed key by key ('${SEARCH_KEYS}'), ${count} loads: key to next frame, median of keys 2-${SEARCH_KEYS.length}`,
      unit: 'ms', value: Math.round(percentile(rest, 50)), bound: 'the first key, typed at the first rows (makes the search texts the board has not made while idle)', boundValue: Math.round(first!), goal: 'informational',
    });
    if (board.errors.length > 0) process.stdout.write(`  (errors in the page: ${board.errors.join('; ')})\n`);
  } finally {
    await board.close();
  }
}

/** How often figure 2 samples the projector's lag: every 10 ms the samples cost PostgreSQL 10-19 µs per command. */
const LAG_SAMPLE_MS = 50;

/** Events the projector's checkpoint is behind the event store's head (positions of the Postgres store are consecutive). */
async function projectorLag(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ lag: string }>(
    "SELECT ((SELECT coalesce(max(position), 0) FROM es_events) - coalesce((SELECT position FROM projector_checkpoints WHERE name = 'read-models'), 0))::text AS lag",
  );
  return Number(rows[0]!.lag);
}

/**
 * 2 as deployed: one unmeasured round (JIT, and the command API's stream states, which the one-process system had from
 * creating the loads), then the measured one, with each process's CPU time over it per command (PostgreSQL's split
 * by the service whose connections used it). A measured round ends when the last command has been answered and the
 * projector has applied it (its lag is sampled meanwhile, every LAG_SAMPLE_MS), so the rate counts the read models'
 * work in full. Its bound is measured beside it (besideRawBound, on the same database; figure 1's bound, from earlier
 * in the run, is shown as well).
 */
async function deployedCommandsFigure(url: string, services: Services, clients: LeanClient[], commandLoad: CommandLoad, firstBound: number | null): Promise<void> {
  await commandLoad.run(clients, FIGURE_2_PER_CLIENT);
  const monitor = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  const sampler = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  const raw = new pg.Pool({ connectionString: url, max: RAW_WRITERS, application_name: 'bench-raw' });
  raw.on('error', () => {});
  await Promise.all([monitor.connect(), sampler.connect()]);
  const cpu = async (): Promise<Record<string, number>> => {
    const bench = process.cpuUsage();
    const byService = await postgresCpuByService(monitor);
    return {
      ...Object.fromEntries(services.services.map((s) => [s.name, cpuSeconds(s.child.pid!)])),
      ...Object.fromEntries(Object.entries(byService).map(([name, seconds]) => [`postgres ${name}`, seconds])),
      clients: (bench.user + bench.system) / 1e6,
    };
  };
  const { result, bound, label } = await (async () => {
    try {
      return await besideRawBound(raw, async () => {
        // One notice per committed batch (the last part of one that needed several carries the position).
        let batches = 0;
        sampler.on('notification', (message) => {
          if (message.payload?.startsWith('{"position"')) batches++;
        });
        await sampler.query(`LISTEN ${READ_MODEL_CHANNEL}`);
        let maxLag = 0;
        let sampling = true;
        const lagSampled = (async () => {
          while (sampling) {
            maxLag = Math.max(maxLag, await projectorLag(sampler));
            await pause(LAG_SAMPLE_MS);
          }
        })();
        const before = await cpu();
        const started = performance.now();
        const answered = await commandLoad.run(clients, FIGURE_2_PER_CLIENT);
        const lastAnswer = performance.now();
        while ((await projectorLag(monitor)) > 0) await pause(1);
        const caughtUp = performance.now();
        const after = await cpu();
        sampling = false;
        await lagSampled;
        return { before, after, measured: { ...answered, seconds: (caughtUp - started) / 1000 }, maxLag, batchCount: batches, catchUpMs: caughtUp - lastAnswer };
      });
    } finally {
      await Promise.all([monitor.end(), sampler.end(), raw.end()]);
    }
  })();
  const { before, after, measured, maxLag, batchCount, catchUpMs } = result;
  const { commands, unchanged, seconds } = measured;
  if (unchanged > 0) throw new Error(`bench: ${unchanged} of figure 2's commands changed nothing or were refused`);
  const rate = commands / seconds;
  const figure = 'Status and payment commands over HTTP, 16 clients, services in own processes (as deployed), until the projector has applied the last';
  record({
    figure, unit: 'commands/s', value: Math.round(rate),
    bound: `raw single-row inserts, 8 writers, same database, ${label}`,
    boundValue: bound, goal: '>= 0.4 of bound',
  });
  if (firstBound !== null) record({ figure: `${figure}, beside figure 1's bound`, unit: 'commands/s', value: Math.round(rate), bound: 'raw single-row inserts of figure 1 (earlier in the run)', boundValue: firstBound, goal: 'informational' });
  const projector = services.services.find((s) => s.name === 'projector')!;
  record({
    figure: `Projector (niceness ${os.getPriority(projector.child.pid!)}) during figure 2 as deployed: most events behind the event store (sampled every ${LAG_SAMPLE_MS} ms); it applied the last ${Math.round(catchUpMs)} ms after the last answer`,
    unit: 'events', value: maxLag, bound: '-', boundValue: null, goal: 'informational',
  });
  record({ figure: `Projector during figure 2 as deployed: events per batch (${batchCount} batches)`, unit: 'events', value: Math.round(commands / Math.max(1, batchCount)), bound: '-', boundValue: null, goal: 'informational' });
  // µs per command, by process.
  const us = Object.fromEntries(Object.keys(after).map((name) => [name, Math.round(((after[name]! - before[name]!) * 1e6) / commands)]));
  const postgres = us['postgres command-api']! + us['postgres projector']! + us['postgres read-api']! + us['postgres other']!;
  const share = `command API ${us['command-api']}, projector ${us.projector}, read API ${us['read-api']}, PostgreSQL ${postgres} `
    + `(for the command API ${us['postgres command-api']}, the projector ${us['postgres projector']}, the read API ${us['postgres read-api']}, `
    + `its own processes and the bench's lag samples ${us['postgres other']}), the 16 clients ${us.clients}`;
  const total = us['command-api']! + us.projector! + us['read-api']! + postgres + us.clients!;
  const cores = os.cpus().length;
  record({ figure: `CPU per command of figure 2 as deployed, all processes (µs: ${share})`, unit: 'µs', value: total, bound: `${cores} cores at ${Math.round(rate)} commands/s`, boundValue: Math.round((cores * 1e6) / rate), goal: 'informational' });
}

/**
 * 2, 3 and 7, with each service in its own process, as deployed (the command clients and the listening socket stay in
 * this process; the other sockets run in a process of their own, socket-crowd.ts).
 * 2. Commands over HTTP: figure 2's load again (deployedCommandsFigure).
 * 3. Live latency: 100 staff sockets connected, the first one listens; different loads in each run (see
 *    liveLatencyFigure). 7. RSS of each service: idle, then its peak under figure 2's load with 500 staff sockets.
 */
async function ownProcessFigures(url: string, dataDir: string, sessions: PortalClient[], admin: PortalClient, loadIds: readonly string[], commandLoad: CommandLoad, loads: number, rawRate: number | null): Promise<void> {
  const services = await startServices(url, dataDir);
  // The same sessions: the separate services share them through the database.
  const commandClients = sessions.map((session) => new LeanClient(session, services.commandUrl));
  try {
    await pause(3_000);
    if (wants('commands')) await deployedCommandsFigure(url, services, commandClients, commandLoad, rawRate);
    if (wants('live')) {
      // The listener here; the other 99 in a process of their own (see socket-crowd.ts).
      const [listener] = await connectSockets(services.readUrl, admin.cookieHeader(), 1);
      const crowd = await connectCrowd(services.readUrl, admin.cookieHeader(), 99);
      try {
        // One second at the same rate first, to other loads, recorded apart: the read API has not pushed to sockets
        // before (figure 2 runs with none connected) and the crowd's process has received nothing, so their push paths
        // run unoptimised (JIT) for about the first quarter second, and the first 40 or so pushes came 40-100 ms late,
        // enough to set the p99 of the 3,000 measured after it.
        await liveLatencyFigure({ clients: commandClients, listener: listener!, socketCount: 100, loadIds, rate: 200, total: 200, first: 3_500, warmUp: true });
        await liveLatencyFigure({ clients: commandClients, listener: listener!, socketCount: 100, loadIds, rate: 200, total: 3_000, first: 0 });
        await liveLatencyFigure({ clients: commandClients, listener: listener!, socketCount: 100, loadIds, rate: 50, total: 500, first: 3_000 });
      } finally {
        listener!.disconnect();
        await crowd.stop();
      }
    }
    if (!wants('memory')) return;
    await pause(wants('live') ? 3_000 : 0);
    const idle = services.rss();
    const crowd = await connectCrowd(services.readUrl, admin.cookieHeader(), 500);
    const peak = services.rss();
    const sampler = setInterval(() => {
      const now = services.rss();
      for (const name of Object.keys(peak) as ServiceName[]) peak[name] = Math.max(peak[name], now[name]);
    }, 100);
    let load: { commands: number; seconds: number };
    try {
      load = await commandLoad.run(commandClients);
    } finally {
      clearInterval(sampler);
      await crowd.stop();
    }
    const labels: Record<ServiceName, string> = { 'command-api': 'command API', 'read-api': 'read API', projector: 'projector' };
    const rate = Math.round(load.commands / load.seconds);
    for (const name of Object.keys(labels) as ServiceName[]) {
      record({
        figure: `Memory (RSS) of the ${labels[name]}, own process, peak under figure 2's load (${rate} commands/s) with 500 sockets, ${loads.toLocaleString('en-US')} loads`,
        unit: 'MiB', value: peak[name], bound: 'idle', boundValue: idle[name], goal: 'informational',
      });
    }
  } finally {
    for (const client of commandClients) client.close();
    await services.stop();
  }
}

/** 2, 5 and 6 with the whole system in this process on one database, growing from 10,000 loads to 50,000; then 3 and 7. */
async function systemFigures(url: string, rawRate: number | null): Promise<void> {
  const dataDir = removedWithBench(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-')));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, seedDemo: true, demoPassword: DEMO_PASSWORD, adminPassword: ADMIN_PASSWORD };
  const system = await startSystem({ config, databaseUrl: url, logger: silentLogger });
  let running = true;
  let clients: LeanClient[] = [];
  try {
    const vendor = await signIn(system.url, 'carrier', 'vendor');
    const random = seeded(42);
    // 10,000 loads through the command API.
    const loadIds: string[] = [];
    let owner: LoadOwner | undefined;
    const creators = Array.from({ length: 16 }, () => new LeanClient(vendor));
    const createSeconds = await timed(async () => {
      await Promise.all(creators.map(async (creator, c) => {
        for (let i = c; i < LOADS; i += 16) {
          const answer = await creator.request('POST', '/api/loads/', { load_number: `b${i}`, pickup_location: `City ${Math.floor(random() * 500)}, TX`, rate_amount: Math.round(random() * 4000), ...loadDates(random) });
          if (answer.status !== 201) continue;
          const created = JSON.parse(answer.body) as { id: string; vendor: string; vendor_name: string; user_id: string };
          loadIds.push(created.id);
          owner ??= { vendorId: created.vendor, vendorName: created.vendor_name, userId: created.user_id, username: 'carrier' };
        }
      }));
    });
    for (const creator of creators) creator.close();
    if (wants('commands')) record({ figure: 'Load creation over HTTP, 16 clients', unit: 'creates/s', value: Math.round(loadIds.length / createSeconds), bound: 'raw single-row inserts', boundValue: rawRate, goal: 'informational' });

    const sessions = await Promise.all(Array.from({ length: 16 }, () => signIn(system.url, 'carrier', 'vendor')));
    clients = sessions.map((session) => new LeanClient(session));
    const commandLoad = new CommandLoad(loadIds);
    if (wants('commands')) {
      // A short round first, not measured: the first few hundred commands run through code not yet optimised (JIT).
      await commandLoad.run(clients, 25);
      const { commands, unchanged, seconds } = await commandLoad.run(clients, FIGURE_2_PER_CLIENT);
      if (unchanged > 0) throw new Error(`bench: ${unchanged} of figure 2's commands changed nothing or were refused`);
      // One Node process runs the command API, the projector, the read API and the 16 clients (as npm start runs the
      // services): its one thread, not the database, sets this figure. The goal is measured as deployed (below).
      record({ figure: 'Status and payment commands over HTTP, 16 clients, all services and the clients in one process (npm start)', unit: 'commands/s', value: Math.round(commands / seconds), bound: 'raw single-row inserts', boundValue: rawRate, goal: 'informational' });
    }

    if (wants('reads')) {
      await listFigures(system, vendor, LOADS, 20);
      let reads = 0;
      const detail = await detailTimes(vendor, loadIds, random, () => reads++ < 200);
      record({ figure: 'GET /api/loads/{id}/ p50, idle', unit: 'ms', value: Math.round(percentile(detail, 50) * 10) / 10, bound: 'p99', boundValue: Math.round(percentile(detail, 99) * 10) / 10, goal: 'informational' });
    }

    const admin = await signIn(system.url, 'admin', 'staff');

    if (wants('board')) await boardFirstRowsFigure(system.url, LOADS, 5);

    let moreIds: string[] = [];
    if (wants('reads') || wants('board')) {
      // 40,000 more loads through the event store port (see load-generator.ts), then the projector catches up.
      const from = await system.store.headPosition();
      const appendSeconds = await timed(async () => void (moreIds = await generateLoads(system.store, owner!, LOADS, LOADS + MORE_LOADS, random)));
      const events = Number((await system.store.headPosition()) - from);
      const projectSeconds = await timed(() => projectorCaughtUp(system.store, system.pool));
      const count = MORE_LOADS.toLocaleString('en-US');
      record({ figure: `Setup: ${count} loads appended through the event store port (2 appends each, 64 in flight)`, unit: 'loads/s', value: Math.round(MORE_LOADS / appendSeconds), bound: '-', boundValue: null, goal: 'informational' });
      record({ figure: `Setup: the live projector catching up on those ${events} events after the appends`, unit: 's', value: Math.round(projectSeconds * 10) / 10, bound: '-', boundValue: null, goal: 'informational' });
    }
    const allLoads = loadIds.length + moreIds.length;

    if (wants('reads')) {
      await listFigures(system, vendor, allLoads, 10);
      // Figure 2's command load, and meanwhile one reader reading random loads' details one after another.
      const allIds = [...loadIds, ...moreIds];
      let loading = true;
      const reading = detailTimes(vendor, allIds, random, () => loading);
      const { commands, seconds } = await commandLoad.run(clients).finally(() => (loading = false));
      const detail = await reading;
      const label = `GET /api/loads/{id}/ under figure 2's load (${Math.round(commands / seconds)} commands/s), ${allLoads.toLocaleString('en-US')} loads`;
      record({ figure: `${label}, p50`, unit: 'ms', value: Math.round(percentile(detail, 50) * 10) / 10, bound: 'p99', boundValue: Math.round(percentile(detail, 99) * 10) / 10, goal: 'informational' });
    }

    if (wants('board')) {
      await boardFirstRowsFigure(system.url, allLoads, 3);
      // 1,000 pushed updates on the open board: 999 payment changes to generated loads nobody has touched (all unpaid),
      // then the marker (see Board.pushedUpdates).
      const board = await Board.open(system.url);
      const [listener] = await connectSockets(system.url, admin.cookieHeader(), 1);
      try {
        const result = await board.pushedUpdates(clients, listener!, moreIds, 1_000);
        const label = `Board applies 1,000 pushed updates (${result.answered} commands, ${result.pushed + 1} pushed), ${allLoads.toLocaleString('en-US')} loads: first command to last update shown`;
        const socketMs = result.socketMs > 0 ? Math.round(result.socketMs) : null;
        record({ figure: label, unit: 'ms', value: Math.round(result.boardMs), bound: 'a Socket.IO client receives the last update', boundValue: socketMs, goal: 'informational' });
        if (socketMs !== null) record({ figure: 'Board: last of the 1,000 updates shown after the Socket.IO client received it', unit: 'ms', value: Math.round(result.boardMs) - socketMs, bound: '-', boundValue: null, goal: 'informational' });
        if (board.errors.length > 0) process.stdout.write(`  (errors in the page: ${board.errors.join('; ')})\n`);
      } finally {
        listener!.disconnect();
        await board.close();
      }
    }

    if (wants('commands') || wants('live') || wants('memory')) {
      // The same database, now served by the three services as separate processes, as they are deployed.
      running = false;
      await system.close();
      await ownProcessFigures(url, dataDir, sessions, admin, loadIds, commandLoad, allLoads, rawRate);
    }
  } finally {
    for (const client of clients) client.close();
    if (running) await system.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The UI the board figure opens and whose bundles are weighed: built when there is none (`npm run bench` builds it first). */
function ensureUiBuilt(): void {
  if (fs.existsSync(path.join(root, 'ui', 'dist', 'index.html'))) return;
  process.stdout.write('Building the UI (ui/dist is missing)...\n');
  const built = spawnSync('npm', ['run', 'build', '-w', 'ui'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('bench: npm run build -w ui failed');
}

/** 7. What a browser downloads: the built UI's JavaScript, gzipped. */
function bundleFigures(): void {
  const assets = path.join(root, 'ui', 'dist', 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const byPrefix = (prefix: string) => files.find((f) => f.startsWith(prefix));
  // A chunk and the chunks it imports statically (`import ... from"./x.js"`; an `import("./x.js")` loads on demand):
  // what the browser fetches to run it.
  const withImports = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const [, imported] of fs.readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) withImports(imported!, into);
    return into;
  };
  const kB = (chunks: Set<string>) => Math.round([...chunks].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(assets, file))).length, 0) / 1024);
  const vendor = withImports(byPrefix('index-')!);
  record({ figure: 'JS a vendor downloads for / and /loads (gzip)', unit: 'kB', value: kB(vendor), bound: 'goal 250 kB', boundValue: 250, goal: '< 250 kB' });
  const board = byPrefix('staff-loads-page-');
  if (board) record({ figure: 'JS a staff user downloads for /staff/loads (gzip)', unit: 'kB', value: kB(withImports(board, new Set(vendor))), bound: '-', boundValue: null, goal: 'AG Grid only on staff pages' });
}

async function main(): Promise<void> {
  const subset = [
    ...(only.size > 0 ? [`BENCH_ONLY=${[...only].join(',')}`] : []),
    ...(SCALE !== 1 ? [`BENCH_SCALE=${SCALE}`] : []),
    ...(REBUILD_EVENTS !== 1_000_000 ? [`BENCH_REBUILD_EVENTS=${REBUILD_EVENTS}`] : []),
  ];
  process.stdout.write(`Benchmarks on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${subset.length > 0 ? `; ${subset.join(', ')}` : ''}\n`);
  if (wants('board') || wants('bundles')) ensureUiBuilt();
  const db = await database();
  endOnSignals(() => db.stop());
  try {
    const rawRate = wants('append') ? await appendFigure(await freshDatabase(db.adminUrl, 'bench_append')) : null;
    if (wants('commands') || wants('reads') || wants('live') || wants('board') || wants('memory')) {
      await systemFigures(await freshDatabase(db.adminUrl, 'bench_system'), rawRate);
    }
    if (wants('rebuild')) await rebuildFigure(db.adminUrl);
    if (wants('bundles')) bundleFigures();
  } finally {
    await db.stop();
  }
  const table = [
    '| Figure | Value | Unit | Bound or peer | Bound value | Ratio | Goal |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.figure} | ${f.value} | ${f.unit} | ${f.bound} | ${f.boundValue ?? ''} | ${f.ratio ?? ''} | ${f.goal} |`),
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  if (subset.length > 0) {
    process.stdout.write(`\n${subset.join(', ')}: bench/results/ left as it was.\n`);
    process.exit(0);
  }
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
