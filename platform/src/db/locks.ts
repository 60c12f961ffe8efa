import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Every PostgreSQL advisory lock key the product takes, in one place, so that no two ever share a key. */
export const ADVISORY_LOCKS = {
  /** Held while migrations run (any process). */
  migration: 4_200_001,
  /** Held by every live projector batch; a rebuild's switch-over holds it to pause the live projector. */
  projectorBatch: 4_200_002,
  /** Held by the active projector for as long as it runs (compose: the others wait on it). */
  projectorLeader: 4_200_003,
  /** Held by a rebuild or a verify for its whole run. */
  replay: 4_200_004,
  /** With a hash of a staff member's id: held while a command on that member is decided and appended. */
  staffMember: 4_200_010,
} as const;

/** One key, or a class with a text id hashed into the second key (two-key form). */
export type AdvisoryKey = number | { lock: number; id: string };

const keyArgs = (key: AdvisoryKey) => (typeof key === 'number' ? { sql: '$1::bigint', values: [key] } : { sql: '$1::int, hashtext($2)', values: [key.lock, key.id] });

/**
 * Runs `work` while holding the session advisory lock `key`. Waiting for it holds no connection (it is asked for again
 * every 25 ms, each time on a connection taken and given back), so callers queued on one lock cannot take the whole
 * pool from the holder; after `waitMs` (0: ask once) `busy()` is thrown. A connection that cannot say unlock is dropped,
 * which ends its lock too.
 */
export async function whileHolding<T>(pool: pg.Pool, key: AdvisoryKey, work: () => Promise<T>, options: { waitMs?: number; busy: () => Error }): Promise<T> {
  const { sql, values } = keyArgs(key);
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    const client = await pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${sql}) AS got`, values);
      if (rows[0]!.got) {
        try {
          return await work();
        } finally {
          await client.query(`SELECT pg_advisory_unlock(${sql})`, values).catch(() => (broken = true));
        }
      }
    } finally {
      client.release(broken);
    }
    if (Date.now() >= deadline) throw options.busy();
    await sleep(25);
  }
}

/** Whether some session holds the advisory lock `key` (one key: PostgreSQL shows it as classid 0, objid `key`). */
export async function advisoryLockHeld(db: pg.Pool | pg.PoolClient, key: number): Promise<boolean> {
  const { rows } = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND granted) AS held`,
    [key],
  );
  return rows[0]!.held;
}
