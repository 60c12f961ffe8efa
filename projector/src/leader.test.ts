import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '@portal/platform/logger';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { PROJECTOR_LEADER_LOCK, runAsLeader } from './leader';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase([]);
});
afterAll(async () => {
  await db.drop();
});

it('leads while it holds the lock, a standby takes over when the leader stops, and a waiting standby stops at once', async () => {
  const events: string[] = [];
  const first = new AbortController();
  const leading = runAsLeader({ connectionString: db.url, logger: silentLogger, signal: first.signal, lead: () => void events.push('first leads'), stepDown: async () => void events.push('first steps down') });
  await expect.poll(() => events).toContain('first leads');

  const second = new AbortController();
  const standing = runAsLeader({ connectionString: db.url, logger: silentLogger, signal: second.signal, lead: () => void events.push('second leads'), stepDown: async () => void events.push('second steps down') });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(events).not.toContain('second leads');

  first.abort();
  await leading;
  await expect.poll(() => events).toContain('second leads');
  second.abort();
  await standing;

  // A standby blocked on a lock held elsewhere returns as soon as it is told to stop.
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [PROJECTOR_LEADER_LOCK]);
  const third = new AbortController();
  const waiting = runAsLeader({ connectionString: db.url, logger: silentLogger, signal: third.signal, lead: () => void events.push('third leads'), stepDown: async () => {} });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = Date.now();
  third.abort();
  await waiting;
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(events).not.toContain('third leads');
  await holder.end();
});
