import type http from 'node:http';
import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { type Namespace, Server, type Socket } from 'socket.io';
import type { Load } from '@portal/domain/loads/decider';
import { loadView, type LoadView } from '@portal/domain/loads/view';
import type { Actor } from '@portal/domain/permissions';
import { SESSION_COOKIE, SESSIONS_ENDED_CHANNEL, sessionKey, type SessionStore } from '@portal/platform/auth/sessions';
import { migrate } from '@portal/platform/db/migrate';
import { createPool } from '@portal/platform/db/pool';
import { stringifyJson } from '@portal/platform/event-store/json';
import type { Logger } from '@portal/platform/logger';
import type { ChangeNotice, ProjectionPosition } from '../projection-position';
import { PushLeadership } from './push-leadership';
import { realtimeMigrations, SOCKET_IO_ATTACHMENTS } from './schema';

export const STAFF_ROOM = 'staff';
export const vendorRoom = (vendorId: string) => `vendor:${vendorId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Named by the session's key (a hash of its id, not the cookie): room names travel through the adapter. */
export const sessionRoom = (key: string) => `session:${key}`;

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

// The adapter forwards a message by NOTIFY when it is under this size, else through its attachments table. Pushes are
// cut into pieces under it, so every one travels by NOTIFY, which reaches each instance in the order it was sent (the
// adapter delivers an attachment only after reading it back, which could let a later, smaller message overtake it).
const NOTIFY_PAYLOAD_LIMIT = 7_900;
const PUSH_PIECE_BYTES = 7_000;
const REMOVAL_BYTES = 40;
// After one of the adapter's connections is lost, its LISTEN is back within 3 s (its own retry delay).
const ADAPTER_RECONNECT_MS = 3_500;

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
 * The adapter publishes each message on whichever pooled connection is free: here one at a time, which keeps them in
 * order for the other instances. And it delivers a broadcast to this instance's own sockets only once the NOTIFY has
 * been sent (socket.io-adapter's ClusterAdapter awaits the publish first): at 200 pushes a second, two NOTIFYs each, that
 * queue of round trips put up to 100 ms between a push and the board next to it. So the publish is answered at once
 * and sent behind the ones before it; local sockets get the message straight away. A publish that fails (the adapter
 * used to drop the whole broadcast, local sockets included, silently) calls `failed`: every client then re-reads.
 */
function publishingInOrder(factory: (nsp: Namespace) => PostgresAdapter, failed: (error: Error) => void): { adapter: (nsp: Namespace) => PostgresAdapter; settled(): Promise<unknown> } {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    // Socket.IO calls it with `new`: a function, not an arrow.
    adapter: function orderedAdapter(nsp) {
      const adapter = factory(nsp);
      const target = adapter as unknown as { doPublish(message: unknown): Promise<string> };
      const publish = target.doPublish.bind(adapter);
      target.doPublish = (message) => {
        const next = previous.then(() => publish(message));
        previous = next.catch((error: Error) => failed(error));
        // The offset the adapter asks for is used for connection state recovery, which this adapter does not support.
        return Promise.resolve('');
      };
      return adapter;
    },
    settled: () => previous,
  };
}

/**
 * The adapter (0.5) forgets its LISTEN connection when it ends (a database restart) without releasing it to the pool,
 * so every restart would leak a pool slot until the adapter could neither listen nor publish, and the pool could never
 * be ended. Clients handed out by this pool release themselves (destroyed) when their connection ends or fails.
 */
const bounded = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

function selfReleasing(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // pool.query() checks out with a callback and releases on its own: only the adapter's promise form is wrapped.
  (pool as unknown as { connect: (callback?: unknown) => unknown }).connect = (callback?: unknown) => {
    if (typeof callback === 'function') return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      let released = false;
      const release = client.release;
      const lost = (error?: Error) => {
        if (!released) client.release(error ?? new Error('connection ended'));
      };
      const onEnd = () => lost();
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        client.removeListener('error', lost);
        release.call(client, error);
      };
      client.once('end', onEnd);
      client.once('error', lost);
      return client;
    });
  };
  return pool;
}

/**
 * The adapter (0.5.0) acquires its LISTEN connection asynchronously and, when closed before it has it, keeps it
 * forever (and would retry after a loss even once closed): wait for it, bounded, then let it go for good.
 */
async function releaseAdapterConnection(io: Server, pool: pg.Pool): Promise<void> {
  const pubsub = (io.of('/').adapter as unknown as { client: { client?: unknown; close(): void; scheduleReconnection(): void } }).client;
  pubsub.scheduleReconnection = () => undefined;
  const deadline = Date.now() + 2_000;
  while (!pubsub.client && pool.totalCount > pool.idleCount && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  pubsub.close();
}

interface Piece {
  view: LoadView;
  bytes: number;
}

/** One room's share of a batch, cut into messages that each fit in a NOTIFY. */
function* messagesOf(position: string, upserts: Piece[], removals: string[]): Generator<LoadsChanged> {
  let message: LoadsChanged = { position, upserts: [], removals: [] };
  let bytes = 0;
  const add = (size: number) => {
    if (bytes + size > PUSH_PIECE_BYTES && bytes > 0) {
      const full = message;
      message = { position, upserts: [], removals: [] };
      bytes = 0;
      return full;
    }
    return undefined;
  };
  for (const upsert of upserts) {
    const full = add(upsert.bytes);
    if (full) yield full;
    message.upserts.push(upsert.view);
    bytes += upsert.bytes + 1;
  }
  for (const removal of removals) {
    const full = add(REMOVAL_BYTES);
    if (full) yield full;
    message.removals.push(removal);
    bytes += REMOVAL_BYTES;
  }
  if (bytes > 0) yield message;
}

/**
 * Socket.IO on the read API's HTTP server, with the Socket.IO Postgres adapter so that any number of read API instances
 * serve sockets together: whatever one instance emits to a room reaches that room's sockets on every instance.
 *
 * Pushes are a consequence of projection only. Every instance hears the projector's NOTIFY after each committed batch
 * (its position tracking needs it for read-your-writes), but exactly one, the push leader chosen by a Postgres advisory
 * lock (push-leadership.ts), reads the changed rows' stored views and emits them through the adapter to the staff room
 * and the concerned vendors' rooms. An instance that becomes leader (at start or on failover) first tells every client
 * to re-read (`loads:resync`), so a notice lost during the switch leaves no one stale.
 *
 * Each socket also joins its user's and its session's room: the leader disconnects a deleted user's sockets, and a
 * logged-out session's sockets (from the session store's `sessions_ended` NOTIFY), on every instance. Each instance
 * also re-checks its own sockets' sessions now and then, which catches expiry, deactivation and any notice missed
 * during a failover.
 */
export function attachRealtime(options: {
  server: http.Server;
  pool: pg.Pool;
  sessions: SessionStore;
  projection: ProjectionPosition;
  logger: Logger;
  /** The database the adapter and the leader lock connect to; by default the pool's. */
  connectionString?: string;
  /** How often each instance re-checks its sockets' sessions (default 60 s). */
  sessionCheckMs?: number;
  /** How often the push leader checks its lock connection is alive (default 5 s). */
  leaderKeepAliveMs?: number;
}): { io: Server; isLeader(): boolean; close(): Promise<void> } {
  const { pool, sessions, projection, logger } = options;
  const connectionString = options.connectionString ?? pool.options.connectionString;
  if (!connectionString) throw new Error('attachRealtime needs a connection string for the Socket.IO adapter');
  let closed = false;

  // The adapter's own small pool: one connection LISTENs for the other instances' messages, the rest publish.
  const adapterPool = selfReleasing(createPool(connectionString, { max: 3, applicationName: 'read-api-socket.io' }));
  let resyncTimer: NodeJS.Timeout | undefined;
  let republishTimer: NodeJS.Timeout | undefined;
  adapterPool.on('connect', (client) => {
    // A lost connection may have been the adapter's LISTEN: messages sent meanwhile never reach this instance's
    // clients, so they re-read once it is back.
    client.on('error', (error) => {
      logger.warn('socket.io adapter connection lost', { error });
      clearTimeout(resyncTimer);
      resyncTimer = setTimeout(() => enqueue(() => resync('local')), ADAPTER_RECONNECT_MS).unref();
    });
  });

  const publishing = publishingInOrder(
    createAdapter(adapterPool, {
      tableName: SOCKET_IO_ATTACHMENTS,
      payloadThreshold: NOTIFY_PAYLOAD_LIMIT,
      errorHandler: (error) => logger.warn('socket.io adapter error', { error }),
    }),
    (error) => {
      // Other instances' clients missed a message: everyone re-reads, once the adapter can publish again.
      logger.warn('socket.io adapter could not publish; clients will re-read', { error });
      clearTimeout(republishTimer);
      republishTimer = setTimeout(() => enqueue(() => resync('all')), ADAPTER_RECONNECT_MS).unref();
    },
  );
  const io = new Server(options.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
    adapter: publishing.adapter,
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

  // Everything this instance emits on its own goes through one queue: batches in commit order.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: Error) => logger.error('push failed', { error }));
  };

  let leadership: PushLeadership | undefined;
  const isLeader = () => !closed && leadership?.isLeader() === true;

  /** Every client re-reads: through the adapter to all of them (the leader), or to this instance's own. */
  async function resync(to: 'all' | 'local'): Promise<void> {
    if (closed) return;
    const message = { position: (await projection.current()).toString() };
    if (to === 'all') {
      if (isLeader()) io.emit('loads:resync', message);
    } else io.local.emit('loads:resync', message);
  }

  const unsubscribe = projection.subscribe((notice) => {
    if (isLeader()) enqueue(() => push(notice));
    // This instance's notices were interrupted (its database connections too, likely): its own clients re-read.
    else if (notice === 'reconnected') enqueue(() => resync('local'));
  });

  async function push(notice: ChangeNotice | 'reconnected'): Promise<void> {
    if (notice === 'reconnected' || notice.changes === null) {
      // Notices may have been missed or were too many to list: every client re-reads.
      return resync('all');
    }
    for (const change of notice.changes) {
      if (change.kind === 'user' && change.op === 'remove' && isLeader()) io.in(userRoom(change.key)).disconnectSockets(true);
    }
    const loadChanges = notice.changes.filter((change) => change.kind === 'load');
    if (loadChanges.length === 0) return;
    // The stored view is the answer's shape already; only rows projected before views were kept are built here.
    const { rows } = await pool.query<{ id: string; vendor_id: string | null; deleted: boolean; view: LoadView | null; bytes: number | null; state: Load | null; vendor_name: string | null }>(
      `SELECT id, vendor_id, deleted_at IS NOT NULL AS deleted, view, octet_length(view::text) AS bytes,
              CASE WHEN view IS NULL THEN state END AS state, CASE WHEN view IS NULL THEN vendor_name END AS vendor_name
       FROM loads WHERE id = ANY($1)`,
      [loadChanges.map((change) => change.key)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const position = notice.position.toString();
    const rooms = new Map<string, { upserts: Piece[]; removals: string[] }>();
    const forRoom = (room: string) => {
      let share = rooms.get(room);
      if (!share) rooms.set(room, (share = { upserts: [], removals: [] }));
      return share;
    };
    for (const change of loadChanges) {
      const row = byId.get(change.key);
      let live: Piece | undefined;
      if (row && !row.deleted) {
        if (row.view) live = { view: row.view, bytes: row.bytes ?? 0 };
        else {
          const text = stringifyJson(loadView({ ...row.state!, vendorName: row.vendor_name }));
          live = { view: JSON.parse(text) as LoadView, bytes: Buffer.byteLength(text) };
        }
      }
      if (live) forRoom(STAFF_ROOM).upserts.push(live);
      else forRoom(STAFF_ROOM).removals.push(change.key);
      for (const vendorId of change.vendors ?? []) {
        // The load's current vendor sees it; a vendor it was taken from sees it go.
        if (live && row!.vendor_id === vendorId) forRoom(vendorRoom(vendorId)).upserts.push(live);
        else forRoom(vendorRoom(vendorId)).removals.push(change.key);
      }
    }
    // A leader that lost its lock while reading says nothing: the new leader has already told everyone to re-read.
    if (!isLeader()) return;
    for (const [room, share] of rooms) {
      for (const message of messagesOf(position, share.upserts, share.removals)) io.to(room).emit('loads:changed', message);
    }
  }

  /** Sockets whose session has ended, expired, or whose user is gone: disconnected (this instance's own). */
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
  const sessionCheck = setInterval(() => {
    checkSessions().catch((error: Error) => logger.warn('socket session check failed', { error }));
  }, options.sessionCheckMs ?? 60_000);
  sessionCheck.unref();

  // The adapter's attachments table must exist before the leader may publish through it.
  const started = migrate(pool, realtimeMigrations)
    .catch((error: Error) => logger.error('socket.io adapter table could not be created', { error }))
    .then(() => {
      if (closed) return;
      leadership = new PushLeadership({
        connectionString,
        logger,
        keepAliveMs: options.leaderKeepAliveMs,
        lead: () => enqueue(() => resync('all')),
        channels: {
          [SESSIONS_ENDED_CHANNEL]: (key) => {
            if (/^[0-9a-f]{64}$/.test(key)) io.in(sessionRoom(key)).disconnectSockets(true);
          },
        },
      });
    });

  return {
    io,
    isLeader,
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(sessionCheck);
      clearTimeout(resyncTimer);
      clearTimeout(republishTimer);
      await started;
      // The lock first, so another instance takes over at once.
      await leadership?.close();
      await queue;
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // Its goodbye to the other instances, so they stop counting this one at once.
      await bounded(publishing.settled(), 2_000);
      await releaseAdapterConnection(io, adapterPool);
      // A publish or connection lost in a database restart may never settle: shutting down must not wait for it.
      await bounded(adapterPool.end(), 2_000);
    },
  };
}
