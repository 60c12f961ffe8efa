// Expired sessions and stale login-throttle rows go away by themselves (both tables only grew before).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { until } from '@portal/tests/support/until';
import { silentLogger } from '../logger';
import { startAuthHousekeeping, THROTTLE_ROW_MAX_AGE_MS } from './housekeeping';
import { authMigrations } from './schema';
import { SessionStore } from './sessions';
import { LoginThrottle } from './throttle';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(authMigrations); });
afterAll(async () => { await db?.drop(); });

it('removes expired sessions and throttle rows that count for nothing, and keeps the rest', async () => {
  const sessions = new SessionStore(db.pool, 60_000);
  const throttle = new LoginThrottle(db.pool);
  const live = await sessions.create(randomUUID());
  await db.pool.query(`INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('expired-1', $1, now() - interval '1 minute')`, [randomUUID()]);
  const day = THROTTLE_ROW_MAX_AGE_MS / 1000;
  await db.pool.query(
    `INSERT INTO auth_throttle (key, failures, window_started_at, locked_until) VALUES
       ('user:guessed', 3, now() - make_interval(secs => $1 + 60), NULL),
       ('user:old-lock-over', 0, now() - make_interval(secs => $1 + 60), now() - interval '1 hour'),
       ('user:still-locked', 0, now() - make_interval(secs => $1 + 60), now() + interval '1 hour'),
       ('user:counting', 2, now() - interval '1 minute', NULL)`,
    [day],
  );

  const stop = startAuthHousekeeping({ sessions, throttle, logger: silentLogger, firstAfterMs: 0, everyMs: 60_000 });
  try {
    await until(async () => (await db.pool.query(`SELECT 1 FROM sessions WHERE id_hash = 'expired-1'`)).rowCount === 0, { timeoutMs: 5_000, what: 'the expired session to go' });
    await until(async () => (await db.pool.query(`SELECT 1 FROM auth_throttle WHERE key = 'user:guessed'`)).rowCount === 0, { timeoutMs: 5_000, what: 'the stale row to go' });
  } finally {
    stop();
  }
  expect(await sessions.get(live.id)).not.toBeNull();
  const { rows } = await db.pool.query<{ key: string }>('SELECT key FROM auth_throttle ORDER BY key');
  expect(rows.map((row) => row.key)).toEqual(['user:counting', 'user:still-locked']);
});
