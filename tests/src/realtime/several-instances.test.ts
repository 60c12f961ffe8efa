import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey, SessionStore } from '@portal/platform/auth/sessions';
import { FileStorage } from '@portal/platform/files/storage';
import { silentLogger } from '@portal/platform/logger';
import { createReadApi } from '@portal/read-api/app';
import { ProjectionPosition } from '@portal/read-api/projection-position';
import { attachRealtime, type LoadsChanged } from '@portal/read-api/realtime/socket-server';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, GOOD_PASSWORD, signIn } from '../accounts/support';
import { backends, newBackend } from '../support/database';
import { until as waitUntil } from '../support/until';

// The system's own read API (the gateway's port) is one instance; each test adds others over the same database, as
// compose scales the read API. Each instance turns the projector's notices into pushes to its own sockets, and hears
// the session store's `sessions_ended` NOTIFY itself.

let system: TestSystem;
let admin: PortalClient;
let vendor: PortalClient;
const sockets: Socket[] = [];
const instances: Instance[] = [];

interface Instance {
  url: string;
  /** The backends of its LISTEN connections: the projector's notices, and ended sessions. */
  noticesBackend: number;
  sessionsBackend: number;
  stop(): Promise<void>;
}

async function startInstance(options: { sessionCheckMs?: number } = {}): Promise<Instance> {
  const [noticesBefore, sessionsBefore] = [await backends(system.pool, 'read-api-notices'), await backends(system.pool, 'read-api-sessions-ended')];
  const projection = new ProjectionPosition({ pool: system.pool, connectionString: system.db.url, logger: silentLogger });
  const sessions = new SessionStore(system.pool);
  const app = createReadApi({ store: system.store, pool: system.pool, projection, logger: silentLogger, readWaitMs: 2000, sessions, trustProxy: false, storage: new FileStorage(path.join(system.dataDir, 'files')) });
  const server = http.createServer(app.callback());
  const realtime = attachRealtime({ server, pool: system.pool, sessions, projection, logger: silentLogger, sessionCheckMs: options.sessionCheckMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let stopped: Promise<void> | undefined;
  const instance: Instance = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    noticesBackend: await newBackend(system.pool, 'read-api-notices', noticesBefore),
    sessionsBackend: await newBackend(system.pool, 'read-api-sessions-ended', sessionsBefore),
    stop: () => (stopped ??= (async () => {
      server.closeAllConnections();
      await realtime.close();
      await projection.close();
    })()),
  };
  instances.push(instance);
  return instance;
}

interface Client {
  socket: Socket;
  messages: LoadsChanged[];
  resyncs: string[];
  disconnected: Promise<string>;
}

/** A socket as the browser opens it: same origin, the session cookie. */
async function openSocket(cookie: string, baseUrl = system.url): Promise<Client> {
  const messages: LoadsChanged[] = [];
  const resyncs: string[] = [];
  const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: cookie, Origin: baseUrl }, reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on('loads:changed', (message: LoadsChanged) => messages.push(message));
  socket.on('loads:resync', (message: { position: string }) => resyncs.push(message.position));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('hello', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, messages, resyncs, disconnected };
}

/** The same socket trying to connect again, as socket.io-client does when asked to. */
function reconnect(socket: Socket): Promise<string> {
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
    socket.connect();
  });
}

const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => waitUntil(condition, { timeoutMs, intervalMs: 10 });

const upsertedIds = (messages: LoadsChanged[]) => messages.flatMap((m) => m.upserts.map((l) => l.id));
const count = (ids: string[], id: string) => ids.filter((each) => each === id).length;
const received = (client: Client, ids: string[]) => ids.every((id) => upsertedIds(client.messages).includes(id));

async function signedIn(kind: 'vendor' | 'staff', username: string): Promise<{ client: PortalClient; userId: string }> {
  const { client, user } = await activeSignedIn(system, kind, username);
  return { client, userId: user.id as string };
}

beforeAll(async () => {
  system = await startTestSystem();
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  vendor = (await signedIn('vendor', 'multi_vendor')).client;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const instance of instances) await instance.stop();
  await system?.stop();
});

describe('pushes on every instance', () => {
  it('gives clients on each instance every change once, in order, however large the batch', async () => {
    const other = await startInstance();
    const staffHere = await openSocket(admin.cookieHeader());
    const staffOnOther = await openSocket(admin.cookieHeader(), other.url);
    const vendorOnOther = await openSocket(vendor.cookieHeader(), other.url);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await vendor.post('/api/loads/', { load_number: `big-${i}`, pickup_location: 'Fort Worth, TX', delivery_location: 'Oklahoma City, OK' })).body.id);
    const clients = [staffHere, staffOnOther, vendorOnOther];
    await until(() => clients.every((client) => received(client, ids)));
    // A rename touches every load of the vendor in one batch.
    const renamed = await vendor.request('PATCH', '/api/profiles/vendor/', { business_name: 'Renamed Haulers' });
    expect(renamed.status).toBe(200);
    const renamedOn = (client: Client, id: string) => client.messages.flatMap((m) => m.upserts).filter((l) => l.id === id && l.vendor_name === 'Renamed Haulers').length;
    await until(() => clients.every((client) => ids.every((id) => renamedOn(client, id) >= 1)));
    for (const client of clients) {
      const seen = upsertedIds(client.messages);
      for (const id of ids) {
        expect(count(seen, id)).toBe(2);
        expect(renamedOn(client, id)).toBe(1);
      }
      const positions = client.messages.map((m) => BigInt(m.position));
      expect(positions.every((position, i) => i === 0 || position >= positions[i - 1]!)).toBe(true);
    }
    await other.stop();
  });

  it('tells only its own clients to re-read when an instance may have missed notices, and pushes again once they are back', async () => {
    const other = await startInstance();
    const here = await openSocket(admin.cookieHeader());
    const onOther = await openSocket(admin.cookieHeader(), other.url);
    await system.pool.query('SELECT pg_terminate_backend($1)', [other.noticesBackend]);
    await until(() => onOther.resyncs.length > 0);
    const created = (await vendor.post('/api/loads/', { load_number: 'after-reconnect' })).body.id;
    await until(() => received(here, [created]) && received(onOther, [created]));
    expect(here.resyncs).toEqual([]);
    for (const client of [here, onOther]) expect(count(upsertedIds(client.messages), created)).toBe(1);
    await other.stop();
  });

  it('keeps pushing on the other instances when one stops', async () => {
    const other = await startInstance();
    const here = await openSocket(admin.cookieHeader());
    const onOther = await openSocket(admin.cookieHeader(), other.url);
    await other.stop();
    expect(await onOther.disconnected).toBe('transport close');
    const created = (await vendor.post('/api/loads/', { load_number: 'after-stop' })).body.id;
    await until(() => received(here, [created]));
    expect(count(upsertedIds(here.messages), created)).toBe(1);
    expect(here.resyncs).toEqual([]);
  });
});

describe('sessions and users end on every instance', () => {
  it('disconnects a logged-out session\'s socket on another instance, and it cannot reconnect', async () => {
    const other = await startInstance();
    const session = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    const cookie = session.cookieHeader();
    const ending = await openSocket(cookie, other.url);
    const staying = await openSocket(admin.cookieHeader(), other.url);
    expect((await session.post('/api/auth/logout/', {})).status).toBe(200);
    expect(await ending.disconnected).toBe('io server disconnect');
    expect(await reconnect(ending.socket)).toBe('unauthorized');
    await expect(openSocket(cookie, other.url)).rejects.toThrow('unauthorized');
    // The same user's other session is untouched.
    const created = (await vendor.post('/api/loads/', { load_number: 'after-logout' })).body.id;
    await until(() => received(staying, [created]));
    expect(staying.socket.connected).toBe(true);
    await other.stop();
  });

  it('disconnects a session whose end it never heard of, once its LISTEN connection is back', async () => {
    const other = await startInstance();
    const session = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    const ending = await openSocket(session.cookieHeader(), other.url);
    const staying = await openSocket(admin.cookieHeader(), other.url);
    // Ended with its NOTIFY lost (as when the connection is down at that moment); only the re-check can find it.
    const ended = await system.pool.query('DELETE FROM sessions WHERE id_hash = $1', [sessionKey(session.cookies.get('sessionid')!)]);
    expect(ended.rowCount).toBe(1);
    await system.pool.query('SELECT pg_terminate_backend($1)', [other.sessionsBackend]);
    expect(await ending.disconnected).toBe('io server disconnect');
    expect(staying.socket.connected).toBe(true);
    await other.stop();
  });

  it('disconnects a deleted user\'s sockets on every instance', async () => {
    const other = await startInstance();
    const gone = await signedIn('staff', 'multi_staff_gone');
    const onFirst = await openSocket(gone.client.cookieHeader());
    const onOther = await openSocket(gone.client.cookieHeader(), other.url);
    expect((await admin.request('DELETE', `/api/staff-accounts/${gone.userId}/`)).status).toBe(204);
    expect(await onFirst.disconnected).toBe('io server disconnect');
    expect(await onOther.disconnected).toBe('io server disconnect');
    expect(await reconnect(onOther.socket)).toBe('unauthorized');
    await other.stop();
  });

  it('disconnects a user\'s sockets when the projector reports the user removed', async () => {
    const other = await startInstance();
    const user = await signedIn('vendor', 'multi_vendor_removed');
    const onOther = await openSocket(user.client.cookieHeader(), other.url);
    const { rows } = await system.pool.query<{ position: bigint }>("SELECT position FROM projector_checkpoints WHERE name = 'read-models'");
    const notice = { position: rows[0]!.position.toString(), changes: [{ kind: 'user', key: user.userId, op: 'remove' }] };
    await system.pool.query("SELECT pg_notify('read_model_changes', $1)", [JSON.stringify(notice)]);
    expect(await onOther.disconnected).toBe('io server disconnect');
    await other.stop();
  });

  it('keeps the socket of a staff member whose tier changes', async () => {
    const other = await startInstance();
    const member = await signedIn('staff', 'multi_staff_tier');
    const onOther = await openSocket(member.client.cookieHeader(), other.url);
    const changed = await admin.request('PATCH', `/api/staff-accounts/${member.userId}/update-tier/`, { tier: 'ACCOUNTING' });
    expect(changed.status).toBe(200);
    const created = (await vendor.post('/api/loads/', { load_number: 'after-tier' })).body.id;
    await until(() => received(onOther, [created]));
    expect(onOther.socket.connected).toBe(true);
    await other.stop();
  });

  it('disconnects a socket whose session expired', async () => {
    const other = await startInstance({ sessionCheckMs: 100 });
    const session = await signIn(system, 'multi_vendor', 'vendor', GOOD_PASSWORD);
    const client = await openSocket(session.cookieHeader(), other.url);
    await system.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash = $1", [sessionKey(session.cookies.get('sessionid')!)]);
    expect(await client.disconnected).toBe('io server disconnect');
    await other.stop();
  });

  it('still refuses a signed-out client on any instance', async () => {
    const other = await startInstance();
    const guest = await system.client().start();
    await expect(openSocket(guest.cookieHeader(), other.url)).rejects.toThrow('unauthorized');
    await expect(openSocket(guest.cookieHeader())).rejects.toThrow('unauthorized');
    await other.stop();
  });
});
