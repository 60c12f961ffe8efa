import type pg from 'pg';
import { ADVISORY_LOCKS, whileHolding } from '@portal/platform/db/locks';
import { createPool } from '@portal/platform/db/pool';
import type { EventStore } from '@portal/platform/event-store/port';
import type { Logger } from '@portal/platform/logger';
import { silentLogger } from '@portal/platform/logger';
import { projections } from './projections';
import { noticeParts, READ_MODEL_CHANNEL } from './notices';
import { ProjectionTransaction, PROJECTOR_BATCH_LOCK, readCheckpoint } from './runtime';
import { PROJECTION_TIME_COLUMNS, projectorMigrations, READ_MODEL_TABLES, READ_MODELS_VERSION } from './schema';

export const REBUILD_SCHEMA = 'rm_rebuild';
export const VERIFY_SCHEMA = 'rm_verify';

/**
 * How a replay goes: `start` before its first page (`position`: where it starts, -1 before the first event; `head`:
 * where it ends); `page` after a page, at most once a second and after the last; `done` once the last transaction
 * has committed (`applied`: every event replayed). A replay with nothing to do reports nothing.
 */
export interface Progress {
  /** 'committed': a transaction before the last has committed, up to `position` (an interrupted rebuild resumes there). */
  stage: 'start' | 'page' | 'committed' | 'done';
  position: bigint;
  head: bigint;
  applied: number;
  seconds: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
}

/**
 * Creates `schema` with the read-model tables, in one transaction (unless they are there: a build can be interrupted
 * and resumed). A schema without them (left by an interruption before the schema and its tables were created together)
 * is made again: with an empty scratch schema first in the search path, the replay would read and write the live tables.
 * So is one begun by another version of the projections (its checkpoint's `version`): resumed, it would mix two
 * shapes of rows.
 */
async function prepareSchema(pool: pg.Pool, databaseUrl: string, schema: string, fresh: boolean): Promise<void> {
  if (fresh) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  const { rows } = await pool.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'projector_checkpoints' AND column_name = 'version'`, [schema]);
  if (rows[0]) {
    // No checkpoint yet (nothing committed): nothing to mix.
    const built = await pool.query<{ version: number | null }>(`SELECT version FROM ${schema}.projector_checkpoints`);
    if (built.rows.every((row) => row.version === READ_MODELS_VERSION)) return;
  }
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  // The migrations' SQL is unqualified, so with the scratch schema first in the search path it builds there.
  const scratch = createPool(databaseUrl, { max: 1, searchPath: `${schema},public` });
  try {
    const client = await scratch.connect();
    try {
      await client.query('BEGIN');
      await client.query(`CREATE SCHEMA ${schema}`);
      // Logged like any table: a transaction writes each row once (REBUILD_SPAN_SIZE), so the WAL carries about what
      // SET LOGGED would have copied at the end; building them unlogged and logging them before the swap was slower.
      for (const migration of projectorMigrations) await client.query(migration.sql);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await scratch.end();
  }
}

/** Events per page a rebuild reads from $all (the next page is read while one is applied). */
export const REBUILD_BATCH_SIZE = 50_000;
/**
 * Events per transaction of a rebuild: many pages, so a row touched on many pages (a busy load) is read and written
 * once per transaction (a million events of the benchmark's history touch ~66,000 loads, ~700 MB of memory at most).
 * Bounds the rows held in memory; an interrupted rebuild resumes after the last transaction committed.
 */
export const REBUILD_SPAN_SIZE = 1_000_000;

/**
 * Replays $all into the tables of `schema` until it has reached `until` (default: the head when called). Reads page
 * after page while the previous page is being applied; every `spanSize` events are one transaction with their
 * checkpoint, so an interrupted replay resumes after the last one committed. A transaction's writes and commit run
 * while the next one folds its pages (each on its own connection; see Projection.carry).
 */
async function replayInto(options: {
  store: EventStore;
  databaseUrl: string;
  schema: string;
  until?: bigint;
  logger: Logger;
  batchSize?: number;
  spanSize?: number;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}): Promise<bigint> {
  const pool = createPool(options.databaseUrl, { max: 3, searchPath: `${options.schema},public`, applicationName: 'projector-rebuild' });
  try {
    const head = options.until ?? (await options.store.headPosition());
    const startPosition = await readCheckpoint(pool);
    if (startPosition > head) throw new Error('replay target is behind the schema');
    if (startPosition >= head) return head;
    const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
    const spanSize = Math.max(batchSize, options.spanSize ?? REBUILD_SPAN_SIZE);
    const read = (after: bigint) => options.store.readAll({ after: after < 0n ? 'start' : after, maxCount: batchSize });
    const started = Date.now();
    let applied = 0;
    let lastReport = started;
    const report = (stage: Progress['stage'], position: bigint) => {
      lastReport = Date.now();
      const seconds = (lastReport - started) / 1000;
      const rate = seconds > 0 ? applied / seconds : 0;
      // Positions may be sparse (EventStoreDB's are byte offsets): the ETA assumes the rate of position so far.
      const done = Number(position - startPosition);
      const remaining = Number(head - position);
      const etaSeconds = done > 0 && seconds > 0 ? Math.max(0, Math.round((remaining / done) * seconds)) : null;
      options.onProgress?.({ stage, position, head, applied, seconds, eventsPerSecond: Math.round(rate), etaSeconds });
    };
    report('start', startPosition);
    let next = read(startPosition);
    let transaction: ProjectionTransaction | undefined;
    let spanned = 0;
    // The previous transaction's writes and commit, under way while the next one reads and folds its pages (their
    // own connections): PostgreSQL writes one span while Node folds the next.
    let committing: Promise<void> | undefined;
    let previous: ProjectionTransaction | undefined;
    const commitInBackground = async (spanEnd: bigint) => {
      // Commits stay in order, and a transaction begins only once every one before its predecessor has committed:
      // rows its predecessor did not change are then read as committed.
      await committing;
      const done = transaction!;
      transaction = undefined;
      spanned = 0;
      previous = done;
      committing = done.commit().then(
        // The last one is said by 'done'.
        () => { if (spanEnd < head) report('committed', spanEnd); },
        async (error: unknown) => {
          await done.rollback();
          throw error;
        },
      );
      committing.catch(() => {}); // awaited before the next commit or at the end
    };
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        const page = (await next).filter((event) => event.position <= head);
        if (page.length === 0) break;
        const last = page[page.length - 1]!.position;
        next = last < head ? read(last) : Promise.resolve([]);
        next.catch(() => {}); // awaited on the next turn; a failure of the page below must not leave it unhandled
        transaction ??= await ProjectionTransaction.begin(pool, projections, { lock: null, notify: false, after: previous });
        previous = undefined;
        await transaction.apply(page);
        spanned += page.length;
        applied += page.length;
        if (spanned >= spanSize || last >= head) await commitInBackground(last);
        if (Date.now() - lastReport > 1000 || last >= head) report('page', last);
        if (last >= head) break;
      }
      // $all ended before the head it promised (an empty page): commit what is held.
      if (transaction) await commitInBackground(head);
      await committing;
      report('done', head);
    } finally {
      await transaction?.rollback();
      await committing?.catch(() => {});
    }
    return head;
  } finally {
    await pool.end();
  }
}

/** Held by a rebuild or a verify for its whole run: two at once would build in the same scratch schemas. */
export const REPLAY_LOCK = ADVISORY_LOCKS.replay;

/** Runs `work` holding REPLAY_LOCK, or refuses at once when another rebuild or verify holds it. */
const alone = <T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> =>
  whileHolding(pool, REPLAY_LOCK, work, { busy: () => new Error('another rebuild or verify is running on this database; try again once it has finished') });

/**
 * `rebuild`: replays every event into fresh tables in a scratch schema while the live ones keep serving, then, with
 * the live projector paused on its batch lock, catches up and swaps all tables in one transaction. Interrupted, it
 * resumes from the scratch schema's own checkpoint.
 */
export function rebuild(options: {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  logger?: Logger;
  fresh?: boolean;
  onProgress?: (p: Progress) => void;
  /** Stops the rebuild between pages (it resumes from its checkpoint next time); the live tables stay as they were. */
  signal?: AbortSignal;
}): Promise<{ position: bigint }> {
  return alone(options.pool, () => rebuildAlone(options));
}

async function rebuildAlone(options: Parameters<typeof rebuild>[0]): Promise<{ position: bigint }> {
  const logger = options.logger ?? silentLogger;
  await prepareSchema(options.pool, options.databaseUrl, REBUILD_SCHEMA, options.fresh ?? false);
  await replayInto({ store: options.store, databaseUrl: options.databaseUrl, schema: REBUILD_SCHEMA, logger, onProgress: options.onProgress, signal: options.signal });
  options.signal?.throwIfAborted();
  const lock = await options.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [PROJECTOR_BATCH_LOCK]);
    // The live projector is paused: bring the new tables to the very end, then swap them in at once.
    const position = await replayInto({ store: options.store, databaseUrl: options.databaseUrl, schema: REBUILD_SCHEMA, logger, onProgress: options.onProgress });
    await lock.query('BEGIN');
    for (const table of READ_MODEL_TABLES) {
      await lock.query(`DROP TABLE IF EXISTS public.${table} CASCADE`);
      await lock.query(`ALTER TABLE ${REBUILD_SCHEMA}.${table} SET SCHEMA public`);
    }
    await lock.query(`DROP SCHEMA ${REBUILD_SCHEMA} CASCADE`);
    // Every open board re-reads: the rows under it were all replaced.
    await lock.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANNEL, noticeParts(position, null)[0]]);
    await lock.query('COMMIT');
    return { position };
  } catch (error) {
    await lock.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_BATCH_LOCK]).catch(() => {});
    lock.release();
  }
}

export interface Difference {
  table: string;
  /** Up to DIFFERENCES_SHOWN rows of each side. */
  onlyLive: Record<string, unknown>[];
  onlyRebuilt: Record<string, unknown>[];
  /** How many rows each side has that the other has not, all of them (absent: as many as shown). */
  liveCount?: number;
  rebuiltCount?: number;
}

/** The rows of each side of a table `verify` returns (and prints); their counts are whole. */
export const DIFFERENCES_SHOWN = 20;

/**
 * `verify`: rebuilds from scratch into a scratch schema and compares every table row by row with the live read
 * models at the same position (the live projector paused), ignoring only the columns that record projection time.
 */
export function verify(options: {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  logger?: Logger;
  /** Events per replayed page (default REBUILD_BATCH_SIZE) and per transaction (default REBUILD_SPAN_SIZE); results must not depend on them. */
  batchSize?: number;
  spanSize?: number;
  onProgress?: (p: Progress) => void;
  /** Told the position the comparison is made at: the live projector's checkpoint, where it is paused for it. */
  onCompared?: (position: bigint) => void;
}): Promise<Difference[]> {
  return alone(options.pool, () => verifyAlone(options));
}

async function verifyAlone(options: Parameters<typeof verify>[0]): Promise<Difference[]> {
  const logger = options.logger ?? silentLogger;
  await prepareSchema(options.pool, options.databaseUrl, VERIFY_SCHEMA, true);
  const lock = await options.pool.connect();
  try {
    // Replay up to where the live projector is, pause it there, and compare at exactly that position.
    await replayInto({ store: options.store, databaseUrl: options.databaseUrl, schema: VERIFY_SCHEMA, until: await readCheckpoint(options.pool), logger, batchSize: options.batchSize, spanSize: options.spanSize, onProgress: options.onProgress });
    await lock.query('SELECT pg_advisory_lock($1)', [PROJECTOR_BATCH_LOCK]);
    const live = await readCheckpoint(options.pool);
    options.onCompared?.(live);
    await replayInto({ store: options.store, databaseUrl: options.databaseUrl, schema: VERIFY_SCHEMA, until: live, logger, batchSize: options.batchSize, spanSize: options.spanSize });
    const differences: Difference[] = [];
    for (const table of READ_MODEL_TABLES) {
      const { rows: columns } = await lock.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      const ignored = new Set(PROJECTION_TIME_COLUMNS[table] ?? []);
      // json has no equality operator: compared as jsonb (the same document, whatever its spacing).
      const list = columns
        .filter((c) => !ignored.has(c.column_name))
        .map((c) => (c.data_type === 'json' ? `"${c.column_name}"::jsonb AS "${c.column_name}"` : `"${c.column_name}"`))
        .join(', ');
      const liveSide = `SELECT ${list} FROM public.${table} EXCEPT ALL SELECT ${list} FROM ${VERIFY_SCHEMA}.${table}`;
      const rebuiltSide = `SELECT ${list} FROM ${VERIFY_SCHEMA}.${table} EXCEPT ALL SELECT ${list} FROM public.${table}`;
      const onlyLive = (await lock.query(`${liveSide} LIMIT ${DIFFERENCES_SHOWN}`)).rows;
      const onlyRebuilt = (await lock.query(`${rebuiltSide} LIMIT ${DIFFERENCES_SHOWN}`)).rows;
      // Counted whole where the rows shown may not be all (the count said 20 for 30 rows deleted).
      const count = async (side: string, shown: number) =>
        shown < DIFFERENCES_SHOWN ? shown : Number((await lock.query<{ n: string }>(`SELECT count(*) AS n FROM (${side}) d`)).rows[0]!.n);
      if (onlyLive.length > 0 || onlyRebuilt.length > 0) {
        differences.push({ table, onlyLive, onlyRebuilt, liveCount: await count(liveSide, onlyLive.length), rebuiltCount: await count(rebuiltSide, onlyRebuilt.length) });
      }
    }
    return differences;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_BATCH_LOCK]).catch(() => {});
    lock.release();
    await options.pool.query(`DROP SCHEMA IF EXISTS ${VERIFY_SCHEMA} CASCADE`).catch(() => {});
  }
}
