import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');
/** A session's key as the sessions table stores it: names the session without being usable as its cookie. */
export const sessionKey = hashId;
/** NOTIFYed with the key of each session that ends (logout, account deleted), once the delete commits. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';
const DELETE_AND_NOTIFY = (where: string) =>
  `WITH ended AS (DELETE FROM sessions WHERE ${where} RETURNING id_hash) SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', id_hash) FROM ended`;
export const newToken = () => randomBytes(32).toString('base64url');

export interface Session {
  userId: string;
  expiresAt: Date;
}

/** Server-side sessions in Postgres: a stolen database holds no usable session ids, logout really ends a session. */
export class SessionStore {
  constructor(
    private readonly pool: pg.Pool,
    readonly ttlMs = 14 * 24 * 3600 * 1000,
  ) {}

  /** A brand-new id on every login (no fixation): any session the client had is destroyed by the caller. */
  async create(userId: string): Promise<{ id: string; expiresAt: Date }> {
    const id = newToken();
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.pool.query('INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)', [hashId(id), userId, expiresAt]);
    return { id, expiresAt };
  }

  async get(id: string | undefined): Promise<Session | null> {
    if (!id || id.length > 128) return null;
    const { rows } = await this.pool.query<{ user_id: string; expires_at: Date }>(
      'SELECT user_id, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
      [hashId(id)],
    );
    return rows[0] ? { userId: rows[0].user_id, expiresAt: rows[0].expires_at } : null;
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id) return;
    // Live sockets opened with this session are closed by whoever listens (the read API).
    await this.pool.query(DELETE_AND_NOTIFY('id_hash = $1'), [hashId(id)]);
  }

  async destroyAllFor(userId: string): Promise<void> {
    await this.pool.query(DELETE_AND_NOTIFY('user_id = $1'), [userId]);
  }

  async purgeExpired(): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE expires_at <= now()')).rowCount ?? 0;
  }
}
