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

  async reset(keys: string[]): Promise<void> {
    await this.pool.query('DELETE FROM auth_throttle WHERE key = ANY($1) AND (locked_until IS NULL OR locked_until <= now())', [keys]);
  }
}
