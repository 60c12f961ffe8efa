import { createHash, createHmac, randomBytes } from 'node:crypto';
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

/**
 * The CSRF token of a session: derived from its id (which scripts and other sites never see: the cookie is HttpOnly),
 * so only the holder of the session can know it. A token planted in the csrftoken cookie (from a sibling subdomain, or
 * over plain HTTP) and sent in the header too then no longer passes: plain double submit accepted any pair.
 */
export const csrfTokenFor = (sessionId: string) => createHmac('sha256', sessionId).update('csrftoken').digest('base64url');

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

  /**
   * The live session with this id, as the database holds it after the call was made: lookups that arrive while one
   * is under way are answered together by the next one (one round trip for many requests), never by one that
   * started before they arrived, so a session that has ended is never found.
   */
  get(id: string | undefined): Promise<Session | null> {
    if (!id || id.length > 128) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiting.push({ key: hashId(id), resolve, reject });
      if (!this.looking) void this.lookUp();
    });
  }

  private readonly waiting: { key: string; resolve: (session: Session | null) => void; reject: (error: unknown) => void }[] = [];
  private looking = false;

  private async lookUp(): Promise<void> {
    this.looking = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, 500);
        try {
          const { rows } = await this.pool.query<{ id_hash: string; user_id: string; expires_at: Date }>({
            name: 'sessions-look-up',
            text: 'SELECT id_hash, user_id, expires_at FROM sessions WHERE id_hash = ANY($1::text[]) AND expires_at > now()',
            values: [[...new Set(batch.map((lookup) => lookup.key))]],
          });
          const found = new Map(rows.map((row) => [row.id_hash, { userId: row.user_id, expiresAt: row.expires_at }]));
          for (const lookup of batch) lookup.resolve(found.get(lookup.key) ?? null);
        } catch (error) {
          for (const lookup of batch) lookup.reject(error);
        }
      }
    } finally {
      this.looking = false;
    }
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
