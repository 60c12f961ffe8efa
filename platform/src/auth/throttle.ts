import type pg from 'pg';

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Failed logins counted per key (a username, a client address) in Postgres, so every command-api instance sees the
 * same counts. Past maxFailures within windowMs the key is locked for lockMs.
 */
export class LoginThrottle {
  constructor(private readonly pool: pg.Pool) {}

  /** Seconds until every key is free again; 0 when none is locked. */
  async retryAfter(keys: string[]): Promise<number> {
    const { rows } = await this.pool.query<{ seconds: number | null }>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS seconds
       FROM auth_throttle WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    return Math.max(0, rows[0]?.seconds ?? 0);
  }

  async recordFailure(entries: { key: string; policy: ThrottlePolicy }[]): Promise<void> {
    for (const { key, policy } of entries) {
      await this.pool.query(
        `INSERT INTO auth_throttle AS t (key, failures, window_started_at) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $2 / 1000.0) THEN 1 ELSE t.failures + 1 END,
           window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $2 / 1000.0) THEN now() ELSE t.window_started_at END`,
        [key, policy.windowMs],
      );
      await this.pool.query(
        `UPDATE auth_throttle SET locked_until = now() + make_interval(secs => $3 / 1000.0), failures = 0, window_started_at = now()
         WHERE key = $1 AND failures >= $2`,
        [key, policy.maxFailures, policy.lockMs],
      );
    }
  }

  /**
   * Counts one attempt under `key` unless the key is locked, in one statement: concurrent attempts queue on the key's
   * row, so a burst cannot all pass before the count reaches the limit. The attempt that reaches `maxFailures` is let
   * through and locks the key for `lockMs`. Answers 0 when the attempt may go ahead, else the seconds until the lock ends.
   */
  async take(key: string, policy: ThrottlePolicy): Promise<number> {
    // $2 the limit, $3 the window and $4 the lock in ms. `count` is this attempt's number in the current window.
    const expired = 't.window_started_at < now() - make_interval(secs => $3 / 1000.0)';
    const count = `CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END`;
    const locks = `${count} >= $2::int`;
    const { rows } = await this.pool.query(
      `INSERT INTO auth_throttle AS t (key, failures, window_started_at, locked_until)
       VALUES ($1, CASE WHEN $2::int <= 1 THEN 0 ELSE 1 END, now(), CASE WHEN $2::int <= 1 THEN now() + make_interval(secs => $4 / 1000.0) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN ${locks} THEN 0 ELSE ${count} END,
         window_started_at = CASE WHEN ${locks} OR ${expired} THEN now() ELSE t.window_started_at END,
         locked_until = CASE WHEN ${locks} THEN now() + make_interval(secs => $4 / 1000.0) ELSE t.locked_until END
       WHERE t.locked_until IS NULL OR t.locked_until <= now()
       RETURNING 1`,
      [key, policy.maxFailures, policy.windowMs, policy.lockMs],
    );
    return rows.length > 0 ? 0 : Math.max(1, await this.retryAfter([key]));
  }

  /** Removes the rows neither locked nor counting any more (their window began over `olderThanMs` ago); answers how many. */
  async purgeStale(olderThanMs: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM auth_throttle WHERE (locked_until IS NULL OR locked_until <= now()) AND window_started_at < now() - make_interval(secs => $1 / 1000.0)`,
      [olderThanMs],
    );
    return rowCount ?? 0;
  }

  async reset(keys: string[]): Promise<void> {
    await this.pool.query('DELETE FROM auth_throttle WHERE key = ANY($1) AND (locked_until IS NULL OR locked_until <= now())', [keys]);
  }
}
