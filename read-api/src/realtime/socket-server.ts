import type http from 'node:http';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { Load } from '@portal/domain/loads/decider';
import type { LoadView } from '@portal/domain/loads/view';
import type { Actor } from '@portal/domain/permissions';
import { SESSION_COOKIE, SESSIONS_ENDED_CHANNEL, sessionKey, type SessionStore } from '@portal/platform/auth/sessions';
import { PgNotificationListener } from '@portal/platform/event-store/pg-listener';
import type { Logger } from '@portal/platform/logger';
import { PAYMENTS_CHANGE, RECYCLE_BIN_CHANGE, type ChangeNotice } from '@portal/projector/notices';
import { toView } from '../loads/list-cache';
import type { ProjectionPosition } from '../projection-position';

const STAFF_ROOM = 'staff';
const vendorRoom = (vendorId: string) => `vendor:${vendorId}`;
const userRoom = (userId: string) => `user:${userId}`;
/** Named by the session's key (a hash of its id), as the `sessions_ended` NOTIFY names it. */
const sessionRoom = (key: string) => `session:${key}`;

/** What a client receives: rows to upsert and ids to remove, as of `position` (a decimal string). */
export interface LoadsChanged {
  position: string;
  upserts: LoadView[];
  removals: string[];
}

interface SocketData {
  actor: Actor;
  sessionKey: string;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

async function authenticate(pool: pg.Pool, sessions: SessionStore, cookieHeader: string | undefined): Promise<SocketData | undefined> {
  const id = cookieValue(cookieHeader, SESSION_COOKIE);
  const session = await sessions.get(id);
  if (!session || !id) return undefined;
  const { rows } = await pool.query(
    `SELECT u.id, u.username, u.kind, u.vendor_id, u.builtin, s.tier FROM users u LEFT JOIN staff_profiles s ON s.user_id = u.id
     WHERE u.id = $1 AND u.is_active AND u.deleted_at IS NULL`,
    [session.userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const actor: Actor = { userId: row.id, username: row.username, type: row.kind, tier: row.kind === 'STAFF' ? (row.builtin ? 'ADMIN' : row.tier) : null, vendorId: row.vendor_id };
  return { actor, sessionKey: sessionKey(id) };
}

/** The handshake's Origin, when a browser sends one, must be this host: no other site can open a socket as the user. */
function sameOrigin(request: http.IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the read API's HTTP server. Any number of instances may run: each serves its own sockets, and each
 * turns the projector's notices, which every instance hears anyway (its read-your-writes position needs them), into
 * pushes to its own sockets. For a batch that concerns a room with sockets here, it reads the changed loads' stored
 * views (one query) and emits one message to the staff room and to each concerned vendor's room; an instance without
 * such sockets reads nothing. No message goes from one instance to another, so nothing is sent through the database
 * per push, and no instance depends on another being alive.
 *
 * When notices may have been missed (the LISTEN connection was lost and is back) or a batch was too large to list,
 * the instance tells its own clients to re-read (`loads:resync`). A staff member whose tier or profile changed is told
 * so in their own room (`me:changed`), so their open pages follow the new tier without a reload. Each socket also
 * joins its user's and its session's room: a user the projector reports removed, and a session that ends (the session
 * store's `sessions_ended` NOTIFY, which every instance LISTENs to), lose their sockets on every instance. Each
 * instance also re-checks its sockets' sessions now and then and after its LISTEN connections come back, which catches
 * expiry, deactivation and any notice missed meanwhile.
 */
export function attachRealtime(options: {
  server: http.Server;
  pool: pg.Pool;
  sessions: SessionStore;
  projection: ProjectionPosition;
  logger: Logger;
  /** The database the `sessions_ended` LISTEN connects to; by default the pool's. */
  connectionString?: string;
  /** How often each instance re-checks its sockets' sessions (default 60 s). */
  sessionCheckMs?: number;
}): { close(): Promise<void> } {
  const { pool, sessions, projection, logger } = options;
  const connectionString = options.connectionString ?? pool.options.connectionString;
  if (!connectionString) throw new Error('attachRealtime needs a connection string for its LISTEN connection');
  let closed = false;

  const io = new Server(options.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
  });

  io.use(async (socket, next) => {
    try {
      const data = await authenticate(pool, sessions, socket.request.headers.cookie);
      if (!data) return next(new Error('unauthorized'));
      Object.assign(socket.data, data);
      next();
    } catch (error) {
      logger.warn('socket handshake failed', { error });
      next(new Error('unavailable'));
    }
  });

  io.on('connection', async (socket: Socket) => {
    const { actor, sessionKey: key } = socket.data as SocketData;
    const rooms = [userRoom(actor.userId), sessionRoom(key)];
    if (actor.type === 'STAFF') rooms.push(STAFF_ROOM);
    else if (actor.vendorId) rooms.push(vendorRoom(actor.vendorId));
    await socket.join(rooms);
    socket.emit('hello', { position: (await projection.current()).toString() });
  });

  // Everything this instance emits goes through one queue: batches in commit order.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: Error) => logger.error('push failed', { error }));
  };

  const unsubscribe = projection.subscribe((notice) => enqueue(() => push(notice)));

  async function push(notice: ChangeNotice | 'reconnected'): Promise<void> {
    if (closed) return;
    if (notice === 'reconnected' || notice.changes === null) {
      // Notices may have been missed (a user removed among them) or were too many to list: this instance's clients re-read.
      if (notice === 'reconnected') checkSessionsSoon();
      io.emit('loads:resync', { position: (await projection.current()).toString() });
      return;
    }
    const rooms = io.of('/').adapter.rooms;
    // Said to staff sockets once per batch, no more than that something changed (the screens read themselves again):
    // an account (a tier, a profile, a sign-in, an activation, a deletion) for the staff accounts pages; the payments
    // log; a vendor or staff member deleted or restored, for the recycle bin.
    const announced = new Set<'accounts:changed' | 'payments:changed' | 'recycle-bin:changed'>();
    for (const change of notice.changes) {
      if (change.kind === 'user' || change.kind === 'staff') announced.add('accounts:changed');
      if (change.kind === 'user' && change.op === 'remove') io.in(userRoom(change.key)).disconnectSockets(true);
      // A staff member's tier or profile changed: their open pages ask who they are again (controls follow the tier).
      else if (change.kind === 'staff') io.to(userRoom(change.key)).emit('me:changed', { position: notice.position.toString() });
      else if (change.kind === RECYCLE_BIN_CHANGE) announced.add('recycle-bin:changed');
      else if (change.kind === PAYMENTS_CHANGE) announced.add('payments:changed');
    }
    for (const event of announced) io.to(STAFF_ROOM).emit(event, { position: notice.position.toString() });
    // Each changed load's concerned rooms with sockets on this instance: staff, and the vendors it belongs or belonged to.
    const staffHere = rooms.has(STAFF_ROOM);
    const loadChanges = notice.changes.flatMap((change) => {
      if (change.kind !== 'load') return [];
      const vendors = (change.vendors ?? []).filter((vendorId) => rooms.has(vendorRoom(vendorId)));
      return staffHere || vendors.length > 0 ? [{ key: change.key, vendors }] : [];
    });
    if (loadChanges.length === 0) return;
    // The stored view is the answer's shape already; only rows projected before views were kept are built here.
    const { rows } = await pool.query<{ id: string; vendor_id: string | null; deleted: boolean; view: LoadView | null; state: Load | null; vendor_name: string | null }>({
      name: 'read-api-push-loads',
      text: `SELECT id, vendor_id, deleted_at IS NOT NULL AS deleted, view,
              CASE WHEN view IS NULL THEN state END AS state, CASE WHEN view IS NULL THEN vendor_name END AS vendor_name
       FROM loads WHERE id = ANY($1)`,
      values: [loadChanges.map((change) => change.key)],
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const position = notice.position.toString();
    const messages = new Map<string, LoadsChanged>();
    const forRoom = (room: string) => {
      let message = messages.get(room);
      if (!message) messages.set(room, (message = { position, upserts: [], removals: [] }));
      return message;
    };
    for (const change of loadChanges) {
      const row = byId.get(change.key);
      const live = row && !row.deleted ? (row.view ?? toView({ state: row.state!, vendor_name: row.vendor_name })) : undefined;
      if (staffHere) {
        if (live) forRoom(STAFF_ROOM).upserts.push(live);
        else forRoom(STAFF_ROOM).removals.push(change.key);
      }
      for (const vendorId of change.vendors) {
        // The load's current vendor sees it; a vendor it was taken from sees it go.
        if (live && row!.vendor_id === vendorId) forRoom(vendorRoom(vendorId)).upserts.push(live);
        else forRoom(vendorRoom(vendorId)).removals.push(change.key);
      }
    }
    if (closed) return;
    for (const [room, message] of messages) io.to(room).emit('loads:changed', message);
  }

  /** Sockets whose session has ended, expired, or whose user is gone: disconnected. */
  async function checkSessions(): Promise<void> {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const keys = [...new Set(sockets.map((socket) => (socket.data as SocketData).sessionKey))];
    const { rows } = await pool.query<{ id_hash: string }>(
      `SELECT s.id_hash FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = ANY($1) AND s.expires_at > now() AND u.is_active AND u.deleted_at IS NULL`,
      [keys],
    );
    const live = new Set(rows.map((row) => row.id_hash));
    for (const socket of sockets) if (!live.has((socket.data as SocketData).sessionKey)) socket.disconnect(true);
  }
  const checkSessionsSoon = () => {
    checkSessions().catch((error: Error) => logger.warn('socket session check failed', { error }));
  };
  const sessionCheck = setInterval(checkSessionsSoon, options.sessionCheckMs ?? 60_000);
  sessionCheck.unref();

  // A session that ends closes its sockets here at once; after a lost connection, notices may have been missed.
  const sessionsEnded = new PgNotificationListener({ connectionString, channel: SESSIONS_ENDED_CHANNEL, logger, applicationName: 'read-api-sessions-ended' });
  sessionsEnded.on((key) => {
    if (key === undefined) checkSessionsSoon();
    else if (key !== null && /^[0-9a-f]{64}$/.test(key)) io.in(sessionRoom(key)).disconnectSockets(true);
  });
  // Sockets that connected before the LISTEN was in place: any session that ended meanwhile is found.
  void sessionsEnded.ready.then(() => !closed && checkSessionsSoon());

  return {
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(sessionCheck);
      await sessionsEnded.close();
      await queue;
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
