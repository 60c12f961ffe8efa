import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { type EmbeddedPostgres, isPostgresOn, type PostgresStarter, startedBy, startEmbeddedPostgres } from '../embedded-postgres';

export const EMBEDDED_DATABASE = 'portal';

export interface Database {
  url: string;
  /** 'external' (DATABASE_URL), 'embedded' (started here) or 'embedded-running' (another process of ours runs it). */
  source: 'external' | 'embedded' | 'embedded-running';
  /** Started here: settles, with how it ended, if the embedded server ends without stop() (it never does otherwise). */
  lost: Promise<string>;
  /** 'embedded-running': who started that server (an orphan's app was killed: the next npm start stops it). */
  startedBy?: PostgresStarter;
  stop(): Promise<void>;
}

const never = new Promise<string>(() => {});

/** The URL of an embedded server that a running `npm start` already owns on this data folder, if any. */
async function runningEmbedded(dataDir: string): Promise<Pick<Database, 'url' | 'startedBy'> | undefined> {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    process.kill(pid, 0);
    // After a crash or a reboot the file's pid may belong to another process by now: then nothing of ours runs, and
    // starting the embedded server (which removes the stale file) is right, not connecting to a port nobody serves.
    if (!(await isPostgresOn(pid, path.join(dataDir, 'postgres')))) return undefined;
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`, startedBy: await startedBy(pid) };
  } catch {
    return undefined;
  }
}

/** No database to work on: an ops command was pointed at a data folder the product never ran in. */
export class NoDatabase extends Error {
  override name = 'NoDatabase';
}

/**
 * DATABASE_URL when given; else the embedded PostgreSQL under DATA_DIR: started here, or, for an ops command
 * run beside `npm start`, the one already running.
 */
export async function openDatabase(config: Config, logger: Logger, options: { allowRunning?: boolean; mustExist?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, source: 'external', lost: never, stop: async () => {} };
  if (options.allowRunning) {
    const running = await runningEmbedded(config.dataDir);
    if (running) return { ...running, source: 'embedded-running', lost: never, stop: async () => {} };
  }
  if (options.mustExist && !fs.existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new NoDatabase(`there is no database in DATA_DIR=${config.dataDir}: start the product there first (npm start), or set DATA_DIR or DATABASE_URL to the one to work on`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
  const url = await embedded.ensureDatabase(EMBEDDED_DATABASE);
  return superviseEmbedded(embedded, url, (port) => startEmbeddedPostgres({ dataDir: config.dataDir, port, logger }), logger);
}

/** Unexpected ends of the embedded server that are restarted: more within the window and it is given up on. */
export const EMBEDDED_RESTARTS = { max: 3, windowMs: 10 * 60_000, attempts: 10, retryMs: 1_000 };

/**
 * The embedded server, started again on the same port when it ends unexpectedly (killed, crashed): the services
 * reconnect by themselves, and PostgreSQL's crash recovery makes the restarted server hold every committed change. A
 * server that keeps ending (more than `max` times in `windowMs`) or cannot be started again (`attempts` tries, a second
 * apart: the old server's processes may hold its memory for a moment) is given up on: `lost` settles, saying why.
 */
export function superviseEmbedded(
  first: EmbeddedPostgres,
  url: string,
  start: (port: number) => Promise<EmbeddedPostgres>,
  logger: Logger,
  limits = EMBEDDED_RESTARTS,
): Database {
  let current = first;
  let stopping = false;
  let restarting: Promise<void> | null = null;
  const ends: number[] = [];
  let giveUp: (how: string) => void = () => undefined;
  const lost = new Promise<string>((resolve) => (giveUp = resolve));

  const watch = (server: EmbeddedPostgres) => {
    void server.exitedUnexpectedly.then((how) => {
      if (stopping) return;
      const now = Date.now();
      ends.push(now);
      while (ends.length > 0 && ends[0]! < now - limits.windowMs) ends.shift();
      if (ends.length > limits.max) {
        giveUp(`${how}; it stopped unexpectedly ${ends.length} times in ${Math.round(limits.windowMs / 60_000)} minutes`);
        return;
      }
      logger.warn('the embedded PostgreSQL stopped unexpectedly; starting it again', { how, port: server.port });
      restarting = (async () => {
        for (let attempt = 1; !stopping; attempt += 1) {
          try {
            current = await start(server.port);
            // Stopping meanwhile: stop() stops it, once this restart is done.
            if (!stopping) {
              logger.warn('the embedded PostgreSQL is running again', { port: current.port, attempt });
              watch(current);
            }
            return;
          } catch (error) {
            if (attempt >= limits.attempts) {
              giveUp(`${how}; starting it again failed: ${(error as Error)?.message ?? String(error)}`);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, limits.retryMs));
          }
        }
      })().finally(() => (restarting = null));
    });
  };
  watch(first);

  return {
    url,
    source: 'embedded',
    lost,
    async stop() {
      stopping = true;
      await restarting;
      await current.stop();
    },
  };
}

/** Services start in any order: wait (with backoff) until the database answers before going on. */
export async function waitForDatabase(url: string, logger: Logger, timeoutMs = 120_000): Promise<void> {
  const pg = (await import('pg')).default;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`The database does not answer: ${(error as Error).message}`);
      if (attempt === 0) logger.warn('waiting for the database', { error });
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
