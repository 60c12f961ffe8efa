// Read models built by an older version of the projections are rebuilt when a projector starts on them: after an
// upgrade that changes what a projection writes, nobody has to remember to run `rebuild`.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { EventStore } from '@portal/platform/event-store/port';
import type { Logger } from '@portal/platform/logger';
import { rebuild, type Progress } from './rebuild';
import { CHECKPOINT_NAME, type Projector } from './runtime';
import { READ_MODELS_VERSION } from './schema';

/** What a projector found at start: which version built the read models, and what it does about it. */
export type ReadModelsState =
  | { kind: 'current' }
  /** Nothing projected yet: the read models are this version's from the first event on. */
  | { kind: 'new' }
  /** Built by an older version (1: before versions were kept): `rebuilt` settles once the rebuild is over or stopped. */
  | { kind: 'older'; version: number; rebuilt: Promise<void> }
  /** Built by a newer version (this one was rolled back): kept as they are, and marked this version's by its batches. */
  | { kind: 'newer'; version: number };

/**
 * The lowest version of the projections that wrote the read models since they were last built (see the checkpoint
 * statement in runtime.ts); 1 when a projector from before versions were kept wrote them; null if nothing was projected.
 */
export async function readModelsVersion(db: pg.Pool | pg.PoolClient): Promise<number | null> {
  const { rows } = await db.query<{ version: number | null; moved: boolean }>(
    `SELECT version, version_position IS DISTINCT FROM position AS moved FROM projector_checkpoints WHERE name = $1`,
    [CHECKPOINT_NAME],
  );
  const row = rows[0];
  if (!row) return null;
  return row.moved || row.version === null ? 1 : row.version;
}

/** The first wait before a failed (or refused) upgrade rebuild is tried again; it doubles up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 5 * 60_000;
/** How often a running upgrade rebuild logs how far it is. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * Run before the projector starts: rebuilds read models of an older version in the background (the live tables keep
 * serving and the projector keeps projecting meanwhile, as with `npm run projector -- rebuild`), trying again, later
 * and later, after a failure (the database restarted) or while another rebuild or verify runs, until they are this
 * version's. Stopped by `signal`, a rebuild resumes at the next start from its last committed transaction.
 */
export async function keepReadModelsCurrent(options: {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  logger: Logger;
  signal?: AbortSignal;
  /** The first wait before trying again (tests). */
  retryAfterMs?: number;
}): Promise<ReadModelsState> {
  const { pool, logger } = options;
  const version = await readModelsVersion(pool);
  if (version === null) return { kind: 'new' };
  if (version === READ_MODELS_VERSION) return { kind: 'current' };
  const versions = { built: version, running: READ_MODELS_VERSION };
  if (version > READ_MODELS_VERSION) {
    logger.warn(
      'the read models were built by a newer version of the projections (a rollback?): kept as they are; from now on they count as this version, so the newer one rebuilds them when it starts again (npm run projector -- rebuild makes them this version\'s now)',
      versions,
    );
    return { kind: 'newer', version };
  }
  logger.warn('the read models were built by an older version of the projections: rebuilding them from the events while they keep serving', versions);
  return { kind: 'older', version, rebuilt: rebuildUntilCurrent(options) };
}

async function rebuildUntilCurrent(options: Parameters<typeof keepReadModelsCurrent>[0]): Promise<void> {
  const { pool, logger, signal } = options;
  let wait = options.retryAfterMs ?? RETRY_FIRST_MS;
  let lastReport = Date.now();
  const onProgress = (progress: Progress) => {
    if (progress.stage === 'start' && progress.position >= 0n) logger.info('read models rebuild resuming where it stopped', { position: progress.position.toString(), head: progress.head.toString() });
    // What a stop from now on would keep (it resumes after it).
    if (progress.stage === 'committed') logger.info('read models rebuild committed', { position: progress.position.toString() });
    if (progress.stage !== 'page' || Date.now() - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = Date.now();
    logger.info('read models rebuild under way', { position: progress.position.toString(), head: progress.head.toString(), eventsPerSecond: progress.eventsPerSecond, etaSeconds: progress.etaSeconds });
  };
  for (;;) {
    const started = Date.now();
    try {
      const { position } = await rebuild({ pool, store: options.store, databaseUrl: options.databaseUrl, logger, signal, onProgress });
      logger.info('read models rebuilt and switched over', { version: READ_MODELS_VERSION, position: position.toString(), ms: Date.now() - started });
      return;
    } catch (error) {
      if (signal?.aborted) {
        logger.info('read models rebuild stopped; it resumes at the next start');
        return;
      }
      const seconds = Math.round(wait / 1000);
      if (/another rebuild or verify is running/.test((error as Error).message)) {
        logger.info(`read models rebuild waiting: another rebuild or verify is running on this database; looking again in ${seconds} s`);
      } else {
        logger.error(`read models rebuild failed; the read models keep serving as they are, and it is tried again in ${seconds} s (or run npm run projector -- rebuild)`, { error });
      }
    }
    if (await sleep(wait, undefined, { signal }).then(() => false, () => true)) return; // stopped meanwhile
    // Another rebuild (the CLI's) may have switched them over meanwhile.
    if ((await readModelsVersion(pool).catch(() => null)) === READ_MODELS_VERSION) {
      logger.info('read models are this version\'s now (rebuilt elsewhere)');
      return;
    }
    wait = Math.min(wait * 2, RETRY_MAX_MS);
  }
}

/**
 * Starts `projector` on read models made current (keepReadModelsCurrent: an older version's are rebuilt in the
 * background meanwhile); the answer stops both, the rebuild first (it resumes at the next start). A failure to read the
 * version is logged and the projector started all the same: projecting must not wait on it.
 */
export async function startProjecting(options: Omit<Parameters<typeof keepReadModelsCurrent>[0], 'retryAfterMs'> & { projector: Projector }): Promise<() => Promise<void>> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const state = await keepReadModelsCurrent({ ...options, signal }).catch((error: Error) => {
    options.logger.error('could not read which version of the projections built the read models; projecting on', { error });
    return undefined;
  });
  options.projector.start();
  return async () => {
    stop.abort();
    if (state?.kind === 'older') await state.rebuilt;
    await options.projector.stop();
  };
}
