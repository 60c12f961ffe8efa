// `npm start` (scripts/start.ts) as a process: a setting it cannot use, its embedded PostgreSQL going away under it, and
// Ctrl-C.
import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { until } from './support/until';
import { childEnv } from './support/processes';
import { PortalClient } from './support/http-client';

const START = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'start.ts');
const CLI = path.resolve(import.meta.dirname, '..', '..', 'projector', 'src', 'cli.ts');

/** The address `npm start` says it runs at (without the closing slash). */
const productUrl = (stdout: string) => stdout.match(/Freight portal is running at (http:\/\/\S+)/)![1]!.replace(/\/$/, '');
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

/**
 * `npm start` on a fresh data folder, running once it says so; `detached`: in a process group of its own, as a
 * terminal's foreground job (Ctrl-C signals every process in it, PostgreSQL included).
 */
async function startProduct({ logLevel, detached = false, dataDir: given, env = {} }: { logLevel: string; detached?: boolean; dataDir?: string; env?: NodeJS.ProcessEnv }) {
  const dataDir = given ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'portal-start-')));
  if (!given) dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    env: childEnv({ DATA_DIR: dataDir, PORT: '0', EMBEDDED_PG_PORT: '0', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Start-Test-Pass-42', LOG_LEVEL: logLevel, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { dataDir, child, output, exited, running: () => until(() => output.stdout.includes('Press Ctrl-C to stop.'), { timeoutMs: 90_000, intervalMs: 100, what: 'npm start to be running' }) };
}

it('starts its embedded PostgreSQL again when it dies, and keeps answering; stops with a message when it keeps dying', async () => {
  const { dataDir, child, output, exited, running } = await startProduct({ logLevel: 'warn' });
  try {
    await running();
    const base = productUrl(output.stdout);
    const postmaster = async () => Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const restarts = () => output.stdout.split('\n').filter((line) => line.includes('"the embedded PostgreSQL is running again"')).length;
    const healthy = async () => (await fetch(`${base}/api/health/`).catch(() => null))?.status === 200;

    // Killed once: started again on its port, the services reconnect, a sign-in works (it reads and writes).
    process.kill(await postmaster(), 'SIGKILL');
    await until(() => restarts() === 1, { timeoutMs: 60_000, intervalMs: 100, what: 'the embedded PostgreSQL started again' });
    await until(healthy, { timeoutMs: 30_000, intervalMs: 200, what: 'healthy again' });
    const client = await new PortalClient(base).start();
    expect((await client.post('/api/auth/login/', { username: 'admin', password: 'Start-Test-Pass-42', portal: 'staff' })).status).toBe(200);
    expect(output.stdout).toContain('"the embedded PostgreSQL stopped unexpectedly; starting it again"');

    // Three more times within the window: the fourth is given up on, said plainly, exit code 1.
    for (let killed = 2; killed <= 4; killed += 1) {
      process.kill(await postmaster(), 'SIGKILL');
      if (killed < 4) await until(() => restarts() === killed, { timeoutMs: 60_000, intervalMs: 100, what: `restart ${killed}` });
    }
    expect(await exited).toBe(1);
    expect(output.stderr).toContain('The embedded PostgreSQL stopped unexpectedly (killed by SIGKILL; it stopped unexpectedly 4 times in 10 minutes). Stopping; start again with npm start.');
  } finally {
    child.kill('SIGKILL');
    // A server started again is the product's child no more than the first: not left running if the test failed.
    const pid = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}, 240_000);

it('stops on Ctrl-C without a warning or a stack, although the Ctrl-C stops its embedded PostgreSQL too', async () => {
  const { dataDir, child, output, exited, running } = await startProduct({ logLevel: 'info', detached: true });
  try {
    await running();
    // Every LISTEN connection is up (the event store's, the read API's notices' and its ended sessions').
    const port = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
    const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'portal' });
    await admin.connect();
    try {
      const listening = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND datname = 'portal'`;
      await until(async () => (await admin.query<{ n: number }>(listening)).rows[0]!.n === 3, { timeoutMs: 10_000, what: 'three LISTEN connections' });
    } finally {
      await admin.end();
    }
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const records = output.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(records.map((record) => record.msg)).toContain('embedded PostgreSQL stopped');
    expect(records.filter((record) => record.level !== 'info')).toEqual([]);
    expect(output.stdout + output.stderr).not.toContain('stack');
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}, 120_000);

it('says which setting is wrong, without a stack trace, and exits 1 before starting anything', async () => {
  const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', START], { env: childEnv({ PORT: '99999', DATA_DIR: '/nonexistent/never-created' }) }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure.code).toBe(1);
  expect(failure.stderr.trim()).toBe("Cannot start: PORT must be a port number from 0 to 65535, got '99999'");
}, 30_000);

it('says the port is taken before it makes a database, an admin or demo data', async () => {
  // Before: it made the embedded database, the admin (its password never shown) and the demo data, then said so.
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as net.AddressInfo).port;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
  dataDirs.push(dataDir);
  try {
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', START], {
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toBe(`Cannot start: Port ${port} on 127.0.0.1 is already in use. Stop the program using it, or choose another port: PORT=8090 npm start`);
    expect(await fs.readdir(dataDir)).toEqual([]);
  } finally {
    taken.close();
  }
}, 30_000);

it("says in the ops CLI's status who runs the embedded PostgreSQL: the product, or nobody once the product was killed", async () => {
  const product = await startProduct({ logLevel: 'warn', detached: true });
  const pidFile = path.join(product.dataDir, 'postgres', 'postmaster.pid');
  try {
    await product.running();
    const [postmaster, , , port] = (await fs.readFile(pidFile, 'utf8')).split('\n');
    const env = childEnv({ DATA_DIR: product.dataDir, EMBEDDED_PG_PORT: '0' });
    delete env.DATABASE_URL;
    const status = async () => (await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'status'], { env })).stdout;
    const where = `DATA_DIR=${product.dataDir}, port ${port}`;
    expect(await status()).toContain(`database:     embedded, run by the product (npm start, process ${product.child.pid}) (${where})\n`);

    // The product killed outright (SIGKILL, OOM): its PostgreSQL runs on with nobody's services, which the next start
    // stops. Before, status still said "run by the product".
    product.child.kill('SIGKILL');
    await product.exited;
    expect(Number(postmaster)).toBeGreaterThan(0);
    expect(await status()).toContain(`database:     embedded, left running by a product that was killed (${where}); the next npm start stops it and starts its own\n`);
  } finally {
    for (const pid of [-product.child.pid!, Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0])]) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}, 120_000);

it('lets ops restore a deleted load while the product is stopped, says it shows once the product starts, and it does', async () => {
  const demo = { SEED_DEMO: 'true', DEMO_PASSWORD: 'Demo-Start-Pass-42' };
  const signedInCarrier = async (stdout: string) => {
    const client = await new PortalClient(productUrl(stdout)).start();
    expect((await client.post('/api/auth/login/', { username: 'carrier', password: demo.DEMO_PASSWORD, portal: 'vendor' })).status).toBe(200);
    return client;
  };
  const stop = async (product: Awaited<ReturnType<typeof startProduct>>) => {
    process.kill(-product.child.pid!, 'SIGINT');
    expect(await product.exited).toBe(0);
  };

  const first = await startProduct({ logLevel: 'warn', detached: true, env: demo });
  let id: string;
  let kdtId: string;
  try {
    await first.running();
    const carrier = await signedInCarrier(first.output.stdout);
    const created = await carrier.post('/api/loads/', { load_number: 'ops-offline-1' });
    expect(created.status).toBe(201);
    ({ id, kdt_id: kdtId } = created.body as { id: string; kdt_id: string });
    expect((await carrier.request('DELETE', `/api/loads/${id}/`)).status).toBe(204);
    await until(async () => (await carrier.get(`/api/loads/${id}/`)).status === 404, { timeoutMs: 10_000, what: 'the load gone from the read models' });
  } finally {
    await stop(first).catch(() => process.kill(-first.child.pid!, 'SIGKILL'));
  }

  // The product stopped: the CLI starts the embedded database for itself, and says the product is not running.
  const env = childEnv({ DATA_DIR: first.dataDir, EMBEDDED_PG_PORT: '0', OPS_ACTOR: 'nightshift' });
  delete env.DATABASE_URL;
  const cli = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], { env });
  const status = await cli('status');
  expect(status.stdout).toContain(`database:     embedded, started for this command (DATA_DIR=${first.dataDir}, port `);
  expect(status.stdout).toContain('; the product is not running)');
  const restored = await cli('restore', 'loads', kdtId!);
  expect(restored.stdout).toMatch(new RegExp(`^Restored load ${kdtId!} \\(${id!}\\) as ops:nightshift \\(event position \\d+\\)\\.\n`));
  expect(restored.stdout).toContain('\nThe product is not running: the record shows again once it starts (npm start).\n');
  // Until then the list of deleted loads is the read models': it still shows the load, and now says why.
  const listed = await cli('deleted', 'loads');
  expect(listed.stdout).toContain(`${id!}  ${kdtId!}`);
  expect(listed.stdout).toContain(
    '1 event(s) are not in the read models yet (the product is not running; it applies them when it starts): a record restored or deleted by them is not shown as such here until then.\n',
  );

  // Started again on the same folder: the projector applies the restore, and the load is the carrier's again.
  const second = await startProduct({ logLevel: 'warn', detached: true, dataDir: first.dataDir, env: demo });
  try {
    await second.running();
    const carrier = await signedInCarrier(second.output.stdout);
    await until(async () => (await carrier.get(`/api/loads/${id!}/`)).status === 200, { timeoutMs: 15_000, what: 'the restored load shown' });
    expect(((await carrier.get(`/api/loads/${id!}/`)).body as { kdt_id: string }).kdt_id).toBe(kdtId!);
  } finally {
    await stop(second).catch(() => process.kill(-second.child.pid!, 'SIGKILL'));
  }
}, 240_000);
