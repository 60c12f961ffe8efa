import { createHash } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type Koa from 'koa';
import { loadSession } from './middleware';
import { SessionStore } from './sessions';

const key = (id: string) => createHash('sha256').update(id).digest('hex');

type Query = { text: string; values: unknown[] };

/** A pool whose sessions table is a map; each SELECT takes its snapshot when sent and may be held before answering. */
function fakePool() {
  const rows = new Map<string, { user_id: string; expires_at: Date }>();
  const sent: string[][] = [];
  let gate: Promise<void> | undefined;
  const pool = {
    async query({ text, values }: Query) {
      if (!text.startsWith('SELECT id_hash, user_id, expires_at FROM sessions')) throw new Error(`unexpected: ${text}`);
      const keys = values[0] as string[];
      sent.push(keys);
      const now = new Date();
      const found = keys.flatMap((k) => {
        const row = rows.get(k);
        return row && row.expires_at > now ? [{ id_hash: k, ...row }] : [];
      });
      await gate;
      return { rows: found };
    },
  };
  const hold = () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    return () => {
      gate = undefined;
      release();
    };
  };
  return { pool: pool as unknown as pg.Pool, rows, sent, hold };
}

describe('SessionStore.get', () => {
  it('answers each id with its own live session, several ids in one query', async () => {
    const { pool, rows, sent, hold } = fakePool();
    const later = new Date(Date.now() + 60_000);
    rows.set(key('a'), { user_id: 'user-a', expires_at: later });
    rows.set(key('b'), { user_id: 'user-b', expires_at: later });
    rows.set(key('old'), { user_id: 'user-old', expires_at: new Date(Date.now() - 1) });
    const sessions = new SessionStore(pool);
    const release = hold();
    const first = sessions.get('a');
    const rest = [sessions.get('b'), sessions.get('a'), sessions.get('old'), sessions.get('missing'), sessions.get(undefined), sessions.get('x'.repeat(129))];
    release();
    expect((await first)?.userId).toBe('user-a');
    expect((await Promise.all(rest)).map((session) => session?.userId ?? null)).toEqual(['user-b', 'user-a', null, null, null, null]);
    expect(sent).toHaveLength(2);
    expect(new Set(sent[1])).toEqual(new Set([key('b'), key('a'), key('old'), key('missing')]));
  });

  it('never answers a lookup with a query sent before it was asked: a session ended meanwhile is not found', async () => {
    const { pool, rows, hold } = fakePool();
    rows.set(key('a'), { user_id: 'user-a', expires_at: new Date(Date.now() + 60_000) });
    const sessions = new SessionStore(pool);
    const release = hold();
    const inFlight = sessions.get('a');
    // Logged out (by any instance) after that query went out, before this request asked.
    rows.delete(key('a'));
    const next = sessions.get('a');
    release();
    expect((await inFlight)?.userId).toBe('user-a');
    expect(await next).toBeNull();
  });

  it('fails the lookups of a query that failed, and answers the next ones', async () => {
    const { pool, rows } = fakePool();
    rows.set(key('a'), { user_id: 'user-a', expires_at: new Date(Date.now() + 60_000) });
    let down = true;
    const flaky = {
      query: (query: Query) =>
        down ? Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' })) : (pool as unknown as { query(q: Query): unknown }).query(query),
    } as unknown as pg.Pool;
    const sessions = new SessionStore(flaky);
    await expect(Promise.all([sessions.get('a'), sessions.get('a')])).rejects.toThrow('connection refused');
    down = false;
    expect((await sessions.get('a'))?.userId).toBe('user-a');
  });
});

describe('loadSession with meanwhile', () => {
  it('names the user a session id was last found for, and forgets it once a lookup no longer finds the session', async () => {
    const { pool, rows } = fakePool();
    rows.set(key('a'), { user_id: 'user-a', expires_at: new Date(Date.now() + 60_000) });
    const told: string[] = [];
    const middleware = loadSession({ sessions: new SessionStore(pool), meanwhile: (_ctx, userId) => told.push(userId) });
    /** One request with this session cookie (or none): the user `meanwhile` was told of, and the session found. */
    const request = async (id: string | undefined) => {
      const ctx = { method: 'GET', cookies: { get: () => id }, state: {} as { session?: { userId: string } } };
      told.length = 0;
      await middleware(ctx as unknown as Koa.Context, async () => {});
      return { told: told[0], session: ctx.state.session?.userId };
    };
    expect(await request('a')).toEqual({ told: undefined, session: 'user-a' });
    expect(await request('a')).toEqual({ told: 'user-a', session: 'user-a' });
    expect(await request('b')).toEqual({ told: undefined, session: undefined });
    expect(await request(undefined)).toEqual({ told: undefined, session: undefined });
    rows.delete(key('a'));
    // Told once more (a hint, never a check), but the session is not found, and then forgotten.
    expect(await request('a')).toEqual({ told: 'user-a', session: undefined });
    expect(await request('a')).toEqual({ told: undefined, session: undefined });
  });
});
