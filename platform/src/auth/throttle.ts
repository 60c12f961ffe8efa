import type pg from 'pg';

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** An attempt `begin` counted under each of its keys, with the end of the lock it set there (PostgreSQL's text), if any. */
export interface CountedAttempt {
  entries: { key: string; maxFailures: number; lockedUntil: string | null }[];
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

  /**
   * Counts an attempt as a failure under every key *before* it is checked, unless a key is locked: then nothing is
   * counted and the answer is the seconds to wait. One transaction, its keys' rows locked in order, so attempts sent
   * all at once queue here and each sees the ones before it: a burst cannot pass the check before any of it is
   * counted (checked first and counted after a password check of a tenth of a second, 200 guesses sent at once were
   * all let through), and a refused attempt counts nowhere (so an attacker refused at one key cannot go on raising
   * another, such as the username's, by the hundred). The attempt that reaches a key's limit goes ahead and locks it.
   * An attempt that turns out not to be a failure (the right password) is taken back with `forgive`.
   */
  async begin(entries: { key: string; policy: ThrottlePolicy }[]): Promise<{ wait: number } | { attempt: CountedAttempt }> {
    const ordered = [...new Map(entries.map((entry) => [entry.key, entry])).values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const keys = ordered.map(({ key }) => key);
    // A key already locked is refused by one plain read, holding no connection or row lock: attempts sent on and on
    // while locked must not queue for the rows (and the pool's connections) the transaction below takes.
    const locked = await this.retryAfter(keys);
    if (locked > 0) return { wait: locked };
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO auth_throttle (key, failures, window_started_at) SELECT k, 0, now() FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT (key) DO NOTHING`,
        [keys],
      );
      const { rows: held } = await client.query<{ seconds: number | null }>(
        `SELECT CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END AS seconds
         FROM auth_throttle WHERE key = ANY($1) ORDER BY key FOR UPDATE`,
        [keys],
      );
      const wait = Math.max(0, ...held.map((row) => row.seconds ?? 0));
      if (wait > 0) {
        await client.query('ROLLBACK');
        return { wait };
      }
      // Per key: $2 the limit, $3 the window and $4 the lock in ms. `count` is this attempt's number in the window.
      const { rows } = await client.query<{ key: string; locked: string | null }>(
        `WITH p AS (
           SELECT p.key, p.max, p.lock, t.window_started_at < now() - make_interval(secs => p.win / 1000.0) AS expired,
             CASE WHEN t.window_started_at < now() - make_interval(secs => p.win / 1000.0) THEN 1 ELSE t.failures + 1 END AS count
           FROM unnest($1::text[], $2::int[], $3::float8[], $4::float8[]) AS p(key, max, win, lock) JOIN auth_throttle t USING (key)
         )
         UPDATE auth_throttle AS t SET
           failures = CASE WHEN p.count >= p.max THEN 0 ELSE p.count END,
           window_started_at = CASE WHEN p.count >= p.max OR p.expired THEN now() ELSE t.window_started_at END,
           locked_until = CASE WHEN p.count >= p.max THEN now() + make_interval(secs => p.lock / 1000.0) ELSE t.locked_until END
         FROM p WHERE t.key = p.key
         RETURNING t.key, CASE WHEN p.count >= p.max THEN t.locked_until::text END AS locked`,
        [keys, ordered.map(({ policy }) => policy.maxFailures), ordered.map(({ policy }) => policy.windowMs), ordered.map(({ policy }) => policy.lockMs)],
      );
      await client.query('COMMIT');
      const locks = new Map(rows.filter((row) => row.locked !== null).map((row) => [row.key, row.locked!]));
      return { attempt: { entries: ordered.map(({ key, policy }) => ({ key, maxFailures: policy.maxFailures, lockedUntil: locks.get(key) ?? null })) } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Takes back what `begin` counted for an attempt that was not a failure: each key's count goes back by one, and a
   * lock the attempt itself set (it reached the limit) is lifted, the count left one short of it.
   */
  async forgive(attempt: CountedAttempt): Promise<void> {
    await this.pool.query(
      `UPDATE auth_throttle AS t SET
         failures = CASE WHEN a.locked IS NOT NULL AND t.locked_until = a.locked::timestamptz THEN greatest(a.max - 1, 0) ELSE greatest(t.failures - 1, 0) END,
         locked_until = CASE WHEN a.locked IS NOT NULL AND t.locked_until = a.locked::timestamptz THEN NULL ELSE t.locked_until END
       FROM unnest($1::text[], $2::int[], $3::text[]) AS a(key, max, locked) WHERE t.key = a.key`,
      [attempt.entries.map(({ key }) => key), attempt.entries.map(({ maxFailures }) => maxFailures), attempt.entries.map(({ lockedUntil }) => lockedUntil)],
    );
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

/**
 * Runs work for one key at a time in this process, in the order asked, whatever the one before it ended in. Logins
 * of one username from one address go through the throttle and the password check one at a time: each sees the one
 * before it counted or forgiven, so several right ones at once all sign in (counted before the check, a sixth would
 * have met the lock the fifth set and not yet lifted), and a burst of wrong ones meets the lock after the fifth. The
 * waiting holds no database connection.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work running or waiting (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
