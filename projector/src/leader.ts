import pg from 'pg';
import { ADVISORY_LOCKS } from '@portal/platform/db/locks';
import type { Logger } from '@portal/platform/logger';

export const PROJECTOR_LEADER_LOCK = ADVISORY_LOCKS.projectorLeader;

/**
 * One active projector: the leader holds a session-level advisory lock on a connection of its own. Others wait on it;
 * when the leader dies its connection closes, the lock is released, and the next in line takes over. If the leader's
 * own lock connection is lost it steps down and queues again (the batch lock and the guarded checkpoint keep a brief
 * overlap harmless). Aborting `signal` stops it at any point, also while it stands by or connects.
 */
export async function runAsLeader(options: {
  connectionString: string;
  logger: Logger;
  lead: () => Promise<void> | void;
  stepDown: () => Promise<void>;
  signal?: AbortSignal;
}): Promise<void> {
  const { logger, signal } = options;
  // pg never settles a connect() or a lock wait that end() interrupts: every wait also ends on abort.
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  const unlessAborted = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([work, aborted.then(() => Promise.reject(new Error('aborted')))]);
  while (!signal?.aborted) {
    const client = new pg.Client({ connectionString: options.connectionString, application_name: 'projector-leader' });
    let lost: () => void = () => {};
    const connectionLost = new Promise<void>((resolve) => (lost = resolve));
    client.on('error', () => lost());
    client.on('end', () => lost());
    try {
      await unlessAborted(client.connect());
      logger.info('projector standing by for the leader lock');
      await unlessAborted(client.query('SELECT pg_advisory_lock($1)', [PROJECTOR_LEADER_LOCK]));
      logger.info('projector is the active leader');
      await options.lead();
      await Promise.race([connectionLost, aborted]);
      await options.stepDown();
      if (!signal?.aborted) logger.warn('projector lost its leader lock connection; standing by again');
    } catch (error) {
      if (signal?.aborted) break;
      logger.warn('projector cannot reach the database for the leader lock; retrying', { error });
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 1_000).unref()), aborted]);
    } finally {
      // Closing releases the lock (or the wait for it); not awaited when stopping, as it may never settle then.
      const ended = client.end().catch(() => {});
      if (!signal?.aborted) await ended;
    }
  }
}
