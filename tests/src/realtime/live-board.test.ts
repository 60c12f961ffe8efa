import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '@portal/platform/auth/sessions';
import { FileStorage } from '@portal/platform/files/storage';
import { silentLogger } from '@portal/platform/logger';
import { createReadApi } from '@portal/read-api/app';
import { ProjectionPosition } from '@portal/read-api/projection-position';
import { attachRealtime, type LoadsChanged } from '@portal/read-api/realtime/socket-server';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, signIn } from '../accounts/support';
import { until as waitUntil } from '../support/until';

let system: TestSystem;
let admin: PortalClient;
let vendorA: PortalClient;
let vendorB: PortalClient;
let vendorAId: string;
let vendorBId: string;
const sockets: Socket[] = [];

/**
 * A socket as the browser opens it: same origin, the session cookie. Answered once its 'hello' has come, that is once
 * it is in its rooms: a push sent before that does not reach it (the browser re-reads on 'hello' for that reason).
 */
async function openSocket(client: PortalClient, baseUrl = system.url, origin = baseUrl): Promise<{ socket: Socket; messages: LoadsChanged[]; hello: Promise<{ position: string }> }> {
  const messages: LoadsChanged[] = [];
  const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: client.cookieHeader(), Origin: origin }, reconnection: false });
  sockets.push(socket);
  socket.on('loads:changed', (message: LoadsChanged) => messages.push(message));
  const hello = new Promise<{ position: string }>((resolve) => socket.once('hello', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  await hello;
  return { socket, messages, hello };
}

/** The messages `socket` receives of `event` (each with the position it was sent at), from now on. */
function heard(socket: Socket, event: string): { position: string }[] {
  const messages: { position: string }[] = [];
  socket.on(event, (message: { position: string }) => messages.push(message));
  return messages;
}

const until = (condition: () => boolean, timeoutMs = 5_000) => waitUntil(condition, { timeoutMs, intervalMs: 10 });

const upsertedIds = (messages: LoadsChanged[]) => messages.flatMap((m) => m.upserts.map((l) => l.id));
const removedIds = (messages: LoadsChanged[]) => messages.flatMap((m) => m.removals);

beforeAll(async () => {
  system = await startTestSystem();
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  const a = await activeSignedIn(system, 'vendor', 'live_vendor_a');
  const b = await activeSignedIn(system, 'vendor', 'live_vendor_b');
  [vendorA, vendorB] = [a.client, b.client];
  [vendorAId, vendorBId] = [a.user.vendor_profile.id, b.user.vendor_profile.id];
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await system?.stop();
});

describe('who may connect', () => {
  it('refuses a signed-out client', async () => {
    await expect(openSocket(await system.client().start())).rejects.toThrow('unauthorized');
  });

  it('refuses a handshake from another site, even with the session cookie', async () => {
    await expect(openSocket(admin, system.url, 'https://evil.example.com')).rejects.toThrow();
  });
});

describe('pushes follow projection', () => {
  it('sends a vendor\'s new load to staff, after it is committed, at or past the command\'s position', async () => {
    const staff = await openSocket(admin);
    const created = await vendorA.post('/api/loads/', { load_number: 'live-1', pickup_location: 'Dallas, TX' });
    await until(() => upsertedIds(staff.messages).includes(created.body.id));
    const message = staff.messages.find((m) => m.upserts.some((l) => l.id === created.body.id))!;
    expect(BigInt(message.position)).toBeGreaterThanOrEqual(BigInt(created.headers.get('x-event-position')!));
    expect(message.upserts.find((l) => l.id === created.body.id)).toEqual(created.body);
  });

  it('pushes the rows of a batch too large for one NOTIFY instead of telling every client to re-read everything', async () => {
    const staff = await openSocket(admin);
    const resyncs: unknown[] = [];
    staff.socket.on('loads:resync', (message: unknown) => resyncs.push(message));
    // With the projector paused, 300 new loads wait; it then projects them in one or two batches of ~30 kB of changes.
    await system.projector.stop();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 300; i++) ids.push((await vendorA.post('/api/loads/', { load_number: `burst-${i}` })).body.id);
    } finally {
      system.projector.start();
    }
    await until(() => ids.every((id) => upsertedIds(staff.messages).includes(id)), 20_000);
    expect(resyncs).toEqual([]);
  });

  it('never sends vendor A\'s rows to vendor B, over many events', async () => {
    const a = await openSocket(vendorA);
    const b = await openSocket(vendorB);
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const created = await vendorA.post('/api/loads/', { load_number: `iso-a-${i}` });
      ids.push(created.body.id);
      await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { status: 'picked_up', rate_amount: 1000 + i });
    }
    const own = await vendorB.post('/api/loads/', { load_number: 'iso-b-1' });
    await until(() => upsertedIds(b.messages).includes(own.body.id) && ids.every((id) => upsertedIds(a.messages).includes(id)));
    const seenByB = [...upsertedIds(b.messages), ...removedIds(b.messages)];
    expect(seenByB.filter((id) => ids.includes(id))).toEqual([]);
    expect(b.messages.flatMap((m) => m.upserts).every((l) => l.vendor === vendorBId)).toBe(true);
  });

  it('moves a reassigned load from one vendor\'s table to the other\'s, and removes deleted loads', async () => {
    const a = await openSocket(vendorA);
    const b = await openSocket(vendorB);
    const staff = await openSocket(admin);
    const created = await admin.post('/api/loads/', { load_number: 'move-1', vendor: vendorAId });
    await until(() => upsertedIds(a.messages).includes(created.body.id));
    await admin.request('PATCH', `/api/loads/${created.body.id}/`, { vendor: vendorBId });
    await until(() => removedIds(a.messages).includes(created.body.id) && upsertedIds(b.messages).includes(created.body.id));
    await admin.request('DELETE', `/api/loads/${created.body.id}/`);
    await until(() => removedIds(b.messages).includes(created.body.id) && removedIds(staff.messages).includes(created.body.id));
  });
});

describe('reconnection', () => {
  it('catches up on 100 changes made while a client was away, from the position it last saw', async () => {
    const first = await openSocket(vendorA);
    const created = await vendorA.post('/api/loads/', { load_number: 'away-1' });
    await until(() => upsertedIds(first.messages).includes(created.body.id));
    const lastSeen = first.messages.at(-1)!.position;
    first.socket.disconnect();
    let lastWrite = '';
    for (let i = 1; i <= 100; i++) {
      const changed = await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { rate_amount: 1000 + i });
      lastWrite = changed.headers.get('x-event-position')!;
    }
    // Back online: the server says where the read side is; the client re-reads from there.
    const again = await openSocket(vendorA);
    const { position } = await again.hello;
    expect(BigInt(position)).toBeGreaterThan(BigInt(lastSeen));
    const list = await vendorA.get(`/api/loads/?min_position=${lastWrite}`);
    expect(list.body.find((l: { id: string }) => l.id === created.body.id).rate_amount).toBe(1100);
  });
});

describe('several read-api instances', () => {
  it('delivers every change to clients on each instance', async () => {
    // A second read API on its own port, over the same database, as compose scales it.
    const projection = new ProjectionPosition({ pool: system.pool, connectionString: system.db.url, logger: silentLogger });
    const sessions = new SessionStore(system.pool);
    const app = createReadApi({ store: system.store, pool: system.pool, projection, logger: silentLogger, readWaitMs: 2000, sessions, trustProxy: false, storage: new FileStorage(path.join(system.dataDir, 'files')) });
    const server = http.createServer(app.callback());
    const realtime = attachRealtime({ server, pool: system.pool, sessions, projection, logger: silentLogger });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const secondUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const onFirst = await openSocket(admin);
      const onSecond = await openSocket(admin, secondUrl);
      const vendorOnSecond = await openSocket(vendorA, secondUrl);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push((await vendorA.post('/api/loads/', { load_number: `multi-${i}` })).body.id);
      await until(() => [onFirst, onSecond, vendorOnSecond].every((c) => ids.every((id) => upsertedIds(c.messages).includes(id))));
      // Exactly once each, on each instance.
      for (const client of [onFirst, onSecond]) {
        expect(upsertedIds(client.messages).filter((id) => ids.includes(id))).toHaveLength(ids.length);
      }
    } finally {
      await realtime.close();
      await projection.close();
    }
  });
});

describe('a staff member\'s own account', () => {
  it('tells only that member\'s sockets that their tier changed, at or past the change\'s position', async () => {
    const member = await activeSignedIn(system, 'staff', 'live_tier_member');
    const other = await activeSignedIn(system, 'staff', 'live_tier_other');
    const told = (socket: Socket) => heard(socket, 'me:changed');
    const mine = await openSocket(member.client);
    const theirs = await openSocket(other.client);
    const watching = await openSocket(admin);
    const [heardMine, heardTheirs, heardAdmin] = [told(mine.socket), told(theirs.socket), told(watching.socket)];
    await Promise.all([mine.hello, theirs.hello, watching.hello]);
    const changed = await admin.request('PATCH', `/api/staff-accounts/${member.user.id}/update-tier/`, { tier: 'ACCOUNTING' });
    expect(changed.status).toBe(200);
    const position = BigInt(changed.headers.get('x-event-position')!);
    await until(() => heardMine.length > 0);
    expect(BigInt(heardMine[0]!.position)).toBeGreaterThanOrEqual(position);
    // A load change afterwards reaches every staff socket: by then the tier notice would have reached the others too.
    const created = await vendorA.post('/api/loads/', { load_number: 'live-tier-1' });
    await until(() => upsertedIds(theirs.messages).includes(created.body.id) && upsertedIds(watching.messages).includes(created.body.id));
    expect(heardTheirs).toEqual([]);
    expect(heardAdmin).toEqual([]);
  });
});


describe('the recycle bin', () => {
  it('tells staff sockets, and no vendor\'s, when a vendor or a staff member is deleted or restored', async () => {
    const vendor = await activeSignedIn(system, 'vendor', 'live_bin_vendor');
    const member = await activeSignedIn(system, 'staff', 'live_bin_member');
    const told = (socket: Socket) => heard(socket, 'recycle-bin:changed');
    const staffSocket = await openSocket(admin);
    const vendorSocket = await openSocket(vendorA);
    const [heardStaff, heardVendor] = [told(staffSocket.socket), told(vendorSocket.socket)];
    await Promise.all([staffSocket.hello, vendorSocket.hello]);
    const steps: [string, () => Promise<{ status: number; headers: Headers }>][] = [
      ['vendor deleted', () => admin.request('DELETE', `/api/vendors/${vendor.user.vendor_profile.id}/`)],
      ['vendor restored', () => admin.post(`/api/recycle-bin/vendors/${vendor.user.vendor_profile.id}/restore/`)],
      ['staff member deleted', () => admin.request('DELETE', `/api/staff-accounts/${member.user.id}/`)],
      ['staff member restored', () => admin.post(`/api/recycle-bin/staff/${member.user.id}/restore/`)],
    ];
    for (const [step, command] of steps) {
      const answer = await command();
      expect(answer.status, step).toBeLessThan(300);
      const position = BigInt(answer.headers.get('x-event-position')!);
      await until(() => heardStaff.some((message) => BigInt(message.position) >= position));
    }
    // Not told of other changes: a vendor's profile edit, a load.
    const toldBefore = heardStaff.length;
    const edited = await vendorA.request('PATCH', '/api/profiles/vendor/', { city: 'Tulsa' });
    expect(edited.status).toBe(200);
    const created = await vendorA.post('/api/loads/', { load_number: 'live-bin-1' });
    await until(() => upsertedIds(staffSocket.messages).includes(created.body.id));
    expect(heardStaff).toHaveLength(toldBefore);
    expect(heardVendor).toEqual([]);
  });
});

describe('the payments log', () => {
  it('tells staff sockets, and no vendor\'s, when payment facts are added or a load is deleted or restored; not at other load changes', async () => {
    const staffSocket = await openSocket(admin);
    const vendorSocket = await openSocket(vendorA);
    const [heardStaff, heardVendor] = [heard(staffSocket.socket, 'payments:changed'), heard(vendorSocket.socket, 'payments:changed')];
    await Promise.all([staffSocket.hello, vendorSocket.hello]);
    const created = await vendorA.post('/api/loads/', { load_number: 'live-pay-1' });
    const id = created.body.id as string;
    // Not a payment: a status change, a date.
    for (const body of [{ status: 'picked_up' }, { pickup_date: '2026-12-01T15:00:00Z' }]) {
      expect((await admin.request('PATCH', `/api/loads/${id}/`, body)).status).toBe(200);
    }
    await until(() => staffSocket.messages.some((message) => message.upserts.some((load: { id: string; pickup_date: string | null }) => load.id === id && load.pickup_date !== null)));
    expect(heardStaff).toEqual([]);
    const steps: [string, () => Promise<{ status: number; headers: Headers }>][] = [
      ['payment status', () => admin.request('PATCH', `/api/loads/${id}/`, { payment_status: 'partial' })],
      ['amount paid', () => admin.request('PATCH', `/api/loads/${id}/`, { amount_paid: '120.00' })],
      ['load deleted', () => admin.request('DELETE', `/api/loads/${id}/`)],
      ['load restored', () => admin.post(`/api/recycle-bin/loads/${id}/restore/`)],
    ];
    for (const [step, command] of steps) {
      const answer = await command();
      expect(answer.status, step).toBeLessThan(300);
      const position = BigInt(answer.headers.get('x-event-position')!);
      await until(() => heardStaff.some((message) => BigInt(message.position) >= position));
    }
    expect(heardVendor).toEqual([]);
  });
});
