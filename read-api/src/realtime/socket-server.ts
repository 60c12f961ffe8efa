import type http from 'node:http';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { Load } from '@portal/domain/loads/decider';
import { loadView, type LoadView } from '@portal/domain/loads/view';
import type { Actor } from '@portal/domain/permissions';
import { SESSION_COOKIE, type SessionStore } from '@portal/platform/auth/sessions';
import { stringifyJson } from '@portal/platform/event-store/json';
import type { Logger } from '@portal/platform/logger';
import type { ChangeNotice, ProjectionPosition } from '../projection-position';

export const STAFF_ROOM = 'staff';
export const vendorRoom = (vendorId: string) => `vendor:${vendorId}`;

/** What a client receives: rows to upsert and ids to remove, as of `position` (a decimal string). */
export interface LoadsChanged {
  position: string;
  upserts: LoadView[];
  removals: string[];
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

async function actorFor(pool: pg.Pool, sessions: SessionStore, cookieHeader: string | undefined): Promise<Actor | undefined> {
  const session = await sessions.get(cookieValue(cookieHeader, SESSION_COOKIE));
  if (!session) return undefined;
  const { rows } = await pool.query(
    `SELECT u.id, u.username, u.kind, u.vendor_id, u.builtin, s.tier FROM users u LEFT JOIN staff_profiles s ON s.user_id = u.id
     WHERE u.id = $1 AND u.is_active AND u.deleted_at IS NULL`,
    [session.userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { userId: row.id, username: row.username, type: row.kind, tier: row.kind === 'STAFF' ? (row.builtin ? 'ADMIN' : row.tier) : null, vendorId: row.vendor_id };
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
 * Socket.IO on the read API's HTTP server. Pushes are a consequence of projection only: each committed batch's NOTIFY
 * is turned into the changed rows, read from the read model, and sent to the staff room and the concerned vendors'
 * rooms. Every read-api instance receives every NOTIFY and pushes to its own clients, so whichever instance a client
 * is on, it gets every update exactly once.
 */
export function attachRealtime(options: {
  server: http.Server;
  pool: pg.Pool;
  sessions: SessionStore;
  projection: ProjectionPosition;
  logger: Logger;
}): { io: Server; close(): Promise<void> } {
  const { pool, sessions, projection, logger } = options;
  const io = new Server(options.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
  });

  io.use(async (socket, next) => {
    try {
      const actor = await actorFor(pool, sessions, socket.request.headers.cookie);
      if (!actor) return next(new Error('unauthorized'));
      socket.data.actor = actor;
      next();
    } catch (error) {
      logger.warn('socket handshake failed', { error });
      next(new Error('unavailable'));
    }
  });

  io.on('connection', async (socket: Socket) => {
    const actor = socket.data.actor as Actor;
    if (actor.type === 'STAFF') await socket.join(STAFF_ROOM);
    else if (actor.vendorId) await socket.join(vendorRoom(actor.vendorId));
    socket.emit('hello', { position: (await projection.current()).toString() });
  });

  // Batches are pushed one at a time, in commit order.
  let queue = Promise.resolve();
  const unsubscribe = projection.subscribe((notice) => {
    queue = queue.then(() => push(notice)).catch((error: Error) => logger.error('push failed', { error }));
  });

  async function push(notice: ChangeNotice | 'reconnected'): Promise<void> {
    if (notice === 'reconnected' || notice.changes === null) {
      // Notices may have been missed or were too many to list: every client re-reads.
      const position = notice === 'reconnected' ? await projection.current() : notice.position;
      io.local.emit('loads:resync', { position: position.toString() });
      return;
    }
    const loadChanges = notice.changes.filter((change) => change.kind === 'load');
    if (loadChanges.length === 0) return;
    const { rows } = await pool.query<{ id: string; state: Load; vendor_name: string | null; vendor_id: string | null; deleted_at: Date | null }>(
      'SELECT id, state, vendor_name, vendor_id, deleted_at FROM loads WHERE id = ANY($1)',
      [loadChanges.map((change) => change.key)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const position = notice.position.toString();
    const staff: LoadsChanged = { position, upserts: [], removals: [] };
    const perVendor = new Map<string, LoadsChanged>();
    const forVendor = (vendorId: string) => {
      let message = perVendor.get(vendorId);
      if (!message) perVendor.set(vendorId, (message = { position, upserts: [], removals: [] }));
      return message;
    };
    for (const change of loadChanges) {
      const row = byId.get(change.key);
      const live = row && !row.deleted_at ? loadView({ ...row.state, vendorName: row.vendor_name }) : undefined;
      if (live) staff.upserts.push(live);
      else staff.removals.push(change.key);
      for (const vendorId of change.vendors ?? []) {
        // The load's current vendor sees it; a vendor it was taken from sees it go.
        if (live && row!.vendor_id === vendorId) forVendor(vendorId).upserts.push(live);
        else forVendor(vendorId).removals.push(change.key);
      }
    }
    io.local.to(STAFF_ROOM).emit('loads:changed', JSON.parse(stringifyJson(staff)));
    for (const [vendorId, message] of perVendor) io.local.to(vendorRoom(vendorId)).emit('loads:changed', JSON.parse(stringifyJson(message)));
  }

  return {
    io,
    async close() {
      unsubscribe();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
