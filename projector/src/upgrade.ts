// Read models built by an older version of the projections are rebuilt when a projector starts on them: after an
// upgrade that changes what a projection writes, nobody has to remember to run `rebuild`.
import type pg from 'pg';
import type { EventStore } from '@portal/platform/event-store/port';
import type { Logger } from '@portal/platform/logger';
import { rebuild } from './rebuild';
import { READ_MODELS_VERSION } from './schema';

/** What a projector found at start: which version built the read models, and what it does about it. */
export type ReadModelsState =
  | { kind: 'current' }
  /** Nothing projected yet: the read models are this version's from the first event on. */
  | { kind: 'new' }
  /** Built by an older version (1: before versions were kept): `rebuilt` settles once the rebuild has switched over. */
  | { kind: 'older'; version: number; rebuilt: Promise<void> }
  /** Built by a newer version (this one was rolled back): kept as they are; a rebuild would make them this version's. */
  | { kind: 'newer'; version: number };

/** The version that built the read models; 1 when something was projected before versions were kept, null if nothing. */
export async function readModelsVersion(pool: pg.Pool): Promise<number | null> {
  const { rows } = await pool.query<{ version: number | null; projected: boolean }>(
    `SELECT (SELECT version FROM read_models_version) AS version, EXISTS (SELECT 1 FROM projector_checkpoints) AS projected`,
  );
  const row = rows[0]!;
  return row.version ?? (row.projected ? 1 : null);
}

/**
 * Run before the projector starts: marks new read models with this version; rebuilds older ones in the background
 * (the live tables keep serving and the projector keeps projecting meanwhile, as with `npm run projector -- rebuild`).
 * Stopped by `signal`, a rebuild resumes where it was at the next start. A rebuild already running elsewhere (the CLI,
 * or a projector that led before) is left to finish: it marks the read models current itself.
 */
export async function keepReadModelsCurrent(options: {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  logger: Logger;
  signal?: AbortSignal;
}): Promise<ReadModelsState> {
  const { pool, logger } = options;
  const version = await readModelsVersion(pool);
  if (version === READ_MODELS_VERSION) return { kind: 'current' };
  if (version === null) {
    await pool.query(`INSERT INTO read_models_version (version) VALUES ($1) ON CONFLICT (one) DO NOTHING`, [READ_MODELS_VERSION]);
    return { kind: 'new' };
  }
  if (version > READ_MODELS_VERSION) {
    logger.warn('the read models were built by a newer version of the projections; kept as they are (npm run projector -- rebuild makes them this version\'s)', {
      built: version,
      running: READ_MODELS_VERSION,
    });
    return { kind: 'newer', version };
  }
  logger.warn('the read models were built by an older version of the projections: rebuilding them from the events while they keep serving', {
    built: version,
    running: READ_MODELS_VERSION,
  });
  const started = Date.now();
  const rebuilt = rebuild({ pool, store: options.store, databaseUrl: options.databaseUrl, logger, signal: options.signal }).then(
    ({ position }) => logger.info('read models rebuilt and switched over', { version: READ_MODELS_VERSION, position: position.toString(), ms: Date.now() - started }),
    (error: Error) => {
      if (options.signal?.aborted) logger.info('read models rebuild stopped; it resumes at the next start');
      else if (/another rebuild or verify is running/.test(error.message)) {
        logger.info('read models not rebuilt now: another rebuild or verify is running on this database (a rebuild marks them current as it switches over; otherwise the next start rebuilds them)');
      }
      else logger.error('read models rebuild failed; they keep serving as they are (run npm run projector -- rebuild)', { error });
    },
  );
  return { kind: 'older', version, rebuilt };
}
