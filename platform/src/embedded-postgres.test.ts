import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { createLogger, silentLogger } from './logger';

const TIMEOUT = 60_000;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-pg-test-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string, options: { port?: number; logger?: typeof silentLogger } = {}) {
  const server = await startEmbeddedPostgres({ dataDir, port: options.port ?? 0, logger: options.logger ?? silentLogger });
  cleanups.push(() => server.stop());
  return server;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(line) });
  const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { lines, logger, messages };
}

function listen(port = 0): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function expectEmbeddedError(promise: Promise<EmbeddedPostgres>): Promise<EmbeddedPostgresError> {
  const error = await promise.then(
    (server) => {
      cleanups.push(() => server.stop());
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddedPostgresError);
  return error as EmbeddedPostgresError;
}

describe('startEmbeddedPostgres', () => {
  it(
    'starts, answers queries, stops, and keeps the data across a restart without re-initialising',
    async () => {
      const dir = await tempDir();
      const first = capturingLogger();
      const server = await start(dir, { logger: first.logger });

      expect(server.dataDir).toBe(path.join(dir, 'postgres'));
      expect(server.port).toBeGreaterThan(0);
      expect(server.adminUrl).toMatch(new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${server.port}/postgres$`));
      expect(server.urlFor('app')).toBe(server.adminUrl.replace(/\/postgres$/, '/app'));
      expect(first.messages()).toContain('initialising a new PostgreSQL cluster');

      const password = (await fs.readFile(path.join(dir, 'postgres-password'), 'utf8')).trim();
      expect((await fs.stat(path.join(dir, 'postgres-password'))).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(server.adminUrl).password)).toBe(password);
      expect(first.lines.some((line) => line.includes(password))).toBe(false);

      const [settings] = await query<{ listen: string }>(server.adminUrl, "SELECT current_setting('listen_addresses') AS listen");
      expect(settings?.listen).toBe('127.0.0.1');

      const appUrl = await server.ensureDatabase('app');
      expect(await server.ensureDatabase('app')).toBe(appUrl);
      await query(appUrl, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survives')");

      await server.stop();
      await server.stop(); // idempotent
      await expect(query(appUrl, 'SELECT 1')).rejects.toThrow();
      const pgVersionTime = (await fs.stat(path.join(dir, 'postgres', 'PG_VERSION'))).mtimeMs;

      const second = capturingLogger();
      const again = await start(dir, { logger: second.logger });
      expect(second.messages()).toContain('reusing the existing PostgreSQL cluster');
      expect(second.messages()).not.toContain('initialising a new PostgreSQL cluster');
      expect((await fs.stat(path.join(dir, 'postgres', 'PG_VERSION'))).mtimeMs).toBe(pgVersionTime);
      expect(again.adminUrl).toContain(encodeURIComponent(password));
      expect(await query(again.urlFor('app'), 'SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
      expect(second.lines.some((line) => line.includes(password))).toBe(false);
      await again.stop();
    },
    TIMEOUT,
  );

  // Only a copy made by root is root's and not the postgres user's: run by another user, `cp -r` leaves the copy that
  // user's, the server runs as that user too, and there is no wrong owner to mend. Skipped there, the reason printed
  // and in the title (as the niceness tests do).
  const notRoot = process.getuid?.() === 0 ? '' : 'skipped: not run as root, so a copy made with cp -r has no other owner to mend';
  if (notRoot) process.stdout.write(`${notRoot}\n`);
  it.skipIf(notRoot)(
    `starts from a cold copy made with cp -r as root (the README's backup), giving the copy to the postgres user${notRoot ? ` (${notRoot})` : ''}`,
    async () => {
      // PostgreSQL refused to read the root-owned copy's configuration file, and the copy could not be started.
      const dir = await tempDir();
      const server = await start(dir);
      await query(await server.ensureDatabase('app'), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('copied')");
      await server.stop();
      const copy = await tempDir();
      await fs.rm(copy, { recursive: true });
      await new Promise<void>((resolve, reject) => spawn('cp', ['-r', dir, copy]).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cp exited ${code}`)))));
      expect((await fs.stat(path.join(copy, 'postgres', 'postgresql.conf'))).uid).toBe(0);
      const logged = capturingLogger();
      const restored = await start(copy, { logger: logged.logger });
      expect(await query(restored.urlFor('app'), 'SELECT v FROM kept')).toEqual([{ v: 'copied' }]);
      expect(logged.messages()).toContain('the PostgreSQL cluster is not owned by the postgres user (copied as root?): giving it to that user');
      await restored.stop();
    },
    TIMEOUT,
  );

  it(
    'refuses a port that is already taken, naming the port',
    async () => {
      const dir = await tempDir();
      const blocker = await listen();
      cleanups.push(() => new Promise((resolve) => blocker.close(() => resolve())));
      const { port } = blocker.address() as net.AddressInfo;

      const error = await expectEmbeddedError(startEmbeddedPostgres({ dataDir: dir, port, logger: silentLogger }));
      expect(error.message).toContain(String(port));
      expect(error.message).toContain('EMBEDDED_PG_PORT');
    },
    TIMEOUT,
  );

  it(
    'removes a stale postmaster.pid left by a dead server and starts',
    async () => {
      const dir = await tempDir();
      const server = await start(dir);
      await server.stop();

      const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
      await fs.writeFile(pidFile, `999999\n${path.join(dir, 'postgres')}\n1700000000\n${server.port}\n`);
      const log = capturingLogger();
      const again = await start(dir, { logger: log.logger });
      expect(log.messages().some((msg) => msg.includes('stale postmaster.pid'))).toBe(true);
      expect(await query(again.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await again.stop();
    },
    TIMEOUT,
  );

  it(
    'refuses a second server on a data folder that is in use',
    async () => {
      const dir = await tempDir();
      const server = await start(dir);
      const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
      const pidBefore = await fs.readFile(pidFile, 'utf8');

      const error = await expectEmbeddedError(startEmbeddedPostgres({ dataDir: dir, port: 0, logger: silentLogger }));
      expect(error.message).toMatch(/another PostgreSQL instance .* is already running on the data folder/i);
      expect(error.message).toContain(path.join(dir, 'postgres'));
      // Who holds it (this test's own process started the first server), and never the advice to delete the pid file
      // of a server that is running.
      expect(error.message).toContain(`started by the process ${process.pid} `);
      expect(error.message).toContain('do not delete postmaster.pid while it runs');
      expect(error.message).not.toMatch(/, delete /);

      // The first server is untouched.
      expect(await fs.readFile(pidFile, 'utf8')).toBe(pidBefore);
      expect(await query(server.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await server.stop();
    },
    TIMEOUT,
  );

  it(
    'reports a server that exits during start-up with its last log lines',
    async () => {
      const dir = await tempDir();
      const server = await start(dir);
      await server.stop();
      await fs.appendFile(path.join(dir, 'postgres', 'postgresql.conf'), '\nno_such_setting = 1\n');

      const error = await expectEmbeddedError(startEmbeddedPostgres({ dataDir: dir, port: 0, logger: silentLogger }));
      expect(error.message).toContain('failed to start');
      expect(error.message).toContain('no_such_setting');
    },
    TIMEOUT,
  );

  it(
    'creates the cluster again when its creation was cut off on a first start (it could never start), but keeps a complete one',
    async () => {
      const dir = await tempDir();
      const cluster = path.join(dir, 'postgres');
      // A complete cluster from before the creation marker existed: reused, with its data.
      const first = await start(dir);
      await query(first.adminUrl, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES (\'still here\')');
      await first.stop();
      await fs.rm(path.join(cluster, '.portal-initialised'));
      const again = await start(dir);
      expect(await query<{ note: string }>(again.adminUrl, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
      await again.stop();
      // Cut off while being created: initdb had written PG_VERSION, not yet the control file; and its password file
      // (which holds the password) was never removed.
      await fs.rm(path.join(cluster, '.portal-initialised'));
      await fs.rm(path.join(cluster, 'global', 'pg_control'));
      await fs.writeFile(path.join(dir, '.initdb-pwfile-0123456789ab'), 'secret\n', { mode: 0o600 });
      const { logger, messages } = capturingLogger();
      const fresh = await start(dir, { logger });
      expect(messages()).toContain('moving aside a PostgreSQL cluster whose creation was interrupted, and creating it again');
      // Kept beside the new one, never deleted.
      expect((await fs.readdir(dir)).filter((name) => name.startsWith('postgres.interrupted-') && !name.endsWith('.password'))).toHaveLength(1);
      expect(await query<{ one: number }>(fresh.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect((await fs.readdir(dir)).filter((name) => name.startsWith('.initdb-pwfile-'))).toEqual([]);
      await fresh.stop();
      // Only PG_VERSION, as right after initdb began.
      await fs.rm(cluster, { recursive: true, force: true });
      await fs.mkdir(cluster, { recursive: true });
      await fs.writeFile(path.join(cluster, 'PG_VERSION'), '18\n');
      const fromScratch = await start(dir);
      expect(await query<{ one: number }>(fromScratch.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    },
    TIMEOUT * 2,
  );

  it(
    'tells when its server ends without being asked to stop, and only then',
    async () => {
      const dir = await tempDir();
      const server = await start(dir);
      const pid = Number((await fs.readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      expect(await server.exitedUnexpectedly).toBe('killed by SIGKILL');

      const asked = await start(await tempDir());
      await asked.stop();
      const told = await Promise.race([asked.exitedUnexpectedly, new Promise((resolve) => setTimeout(() => resolve('nothing'), 500))]);
      expect(told).toBe('nothing');
    },
    TIMEOUT,
  );

  it(
    'recovers the data folder after the app that ran it was killed with SIGKILL',
    async () => {
      const dir = await tempDir();
      const fixture = path.resolve(import.meta.dirname, '..', '..', 'tests', 'src', 'fixtures', 'embedded-child.ts');
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...process.env, DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // The killed app's server (orphaned) or its stale pid file is dealt with, and the data is all there.
      const server = await start(dir);
      const rows = await query<{ note: string }>(server.urlFor('portal'), 'SELECT note FROM survived');
      expect(rows).toEqual([{ note: 'before the crash' }]);
    },
    TIMEOUT,
  );
});
