// The command API keeps each caller's account and staff state between requests, and looks sessions up together.
// None of that may let a caller act on a state that has changed: whatever happened to the account before a request
// (demoted, deleted, logged out) counts for that very request, even when the kept state was warm, and even when the
// change did not go through this command API (another instance, written straight into the event store here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffStream } from '@portal/domain/staff/events';
import { userStream } from '@portal/domain/accounts/events';
import { sessionKey } from '@portal/platform/auth/sessions';
import { sameSession, type PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, login, signIn } from './support';

const NOT_SIGNED_IN = { detail: 'Authentication credentials were not provided.' };
let system: TestSystem;
let admin: PortalClient;
let vendor: PortalClient;

/** A load of the demo carrier, created by the carrier. */
async function newLoad(number: string): Promise<string> {
  const created = await vendor.post('/api/loads/', { load_number: number });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A new staff member of the given tier, signed in. */
async function staffMember(username: string, tier: 'DISPATCH_OPS' | 'ACCOUNTING') {
  const { client, user } = await activeSignedIn(system, 'staff', username);
  const id = user.id as string;
  expect((await admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier })).status).toBe(200);
  return { client, id };
}

/** What another command API instance would record: straight into the event store, past this command API. */
const recordElsewhere = (stream: string, type: string, data: Record<string, string>) =>
  system.store.appendToStream(stream, [{ type, data, metadata: { actorType: 'OPS' } }], { expectedRevision: 'stream_exists' });

const patch = (client: PortalClient, loadId: string, body: Record<string, string>) => client.request('PATCH', `/api/loads/${loadId}/`, body);

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  vendor = await signIn(system, 'carrier', 'vendor');
});
afterAll(async () => { await system?.stop(); });

describe('a caller kept from earlier requests', () => {
  it('is refused on the very next command once an ADMIN has demoted them, and allowed again once promoted', async () => {
    const dispatcher = await staffMember('dispatcher_demoted', 'DISPATCH_OPS');
    const load = await newLoad('ac-demote-1');
    // Warm: this caller's state is kept after these.
    expect((await patch(dispatcher.client, load, { status: 'picked_up' })).status).toBe(200);
    expect((await patch(dispatcher.client, load, { status: 'delivered' })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/staff-accounts/${dispatcher.id}/update-tier/`, { tier: 'PENDING' })).status).toBe(200);
    const refused = await patch(dispatcher.client, load, { status: 'cancelled' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to change the load status.' });
    expect((await vendor.get(`/api/loads/${load}/?min_position=${(await system.store.headPosition()).toString()}`)).body.status).toBe('delivered');
    expect((await admin.request('PATCH', `/api/staff-accounts/${dispatcher.id}/update-tier/`, { tier: 'DISPATCH_OPS' })).status).toBe(200);
    expect((await patch(dispatcher.client, load, { status: 'cancelled' })).body.status).toBe('cancelled');
  });

  it('is refused on the very next command after a tier change that did not go through this command API', async () => {
    const accountant = await staffMember('accountant_elsewhere', 'ACCOUNTING');
    const load = await newLoad('ac-tier-1');
    expect((await patch(accountant.client, load, { payment_status: 'partial' })).status).toBe(200);
    await recordElsewhere(staffStream(accountant.id), 'StaffTierChanged', { user_id: accountant.id, from: 'ACCOUNTING', to: 'PENDING' });
    const refused = await patch(accountant.client, load, { payment_status: 'paid' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to change the payment status.' });
    await recordElsewhere(staffStream(accountant.id), 'StaffTierChanged', { user_id: accountant.id, from: 'PENDING', to: 'ACCOUNTING' });
    expect((await patch(accountant.client, load, { payment_status: 'paid' })).body.payment_status).toBe('paid');
  });

  it('is signed out on the very next command once the account is deleted, even while the session itself lives on', async () => {
    const dispatcher = await staffMember('dispatcher_deleted_elsewhere', 'DISPATCH_OPS');
    const load = await newLoad('ac-delete-1');
    expect((await patch(dispatcher.client, load, { status: 'picked_up' })).status).toBe(200);
    // Deleted where no one ended its sessions: only the account's own stream says so.
    await recordElsewhere(userStream(dispatcher.id), 'UserDeleted', { user_id: dispatcher.id });
    const { rows } = await system.pool.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [dispatcher.id]);
    expect(rows[0].n).toBeGreaterThan(0);
    const refused = await patch(dispatcher.client, load, { status: 'delivered' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(NOT_SIGNED_IN);
    // Restored: the same session works again, as the stream now says.
    await recordElsewhere(userStream(dispatcher.id), 'UserRestored', { user_id: dispatcher.id });
    expect((await patch(dispatcher.client, load, { status: 'delivered' })).status).toBe(200);
  });

  it('is signed out on the very next command once an ADMIN has deleted the staff account', async () => {
    const dispatcher = await staffMember('dispatcher_deleted', 'DISPATCH_OPS');
    const load = await newLoad('ac-delete-2');
    expect((await patch(dispatcher.client, load, { status: 'picked_up' })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/staff-accounts/${dispatcher.id}/`)).status).toBe(204);
    const refused = await patch(dispatcher.client, load, { status: 'delivered' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(NOT_SIGNED_IN);
    expect((await vendor.get(`/api/loads/${load}/?min_position=${(await system.store.headPosition()).toString()}`)).body.status).toBe('picked_up');
  });

  it('cannot run the next command with the cookies of a session that has logged out', async () => {
    const load = await newLoad('ac-logout-1');
    const session = await signIn(system, 'carrier', 'vendor');
    expect((await patch(session, load, { status: 'picked_up' })).status).toBe(200);
    // The same cookies, kept by someone else (a second tab, a copied cookie).
    const replay = sameSession(session);
    expect((await session.post('/api/auth/logout/')).status).toBe(200);
    const refused = await patch(replay, load, { status: 'delivered' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(NOT_SIGNED_IN);
  });

  it('cannot run the next command with a session that ended past this command API, though it knew whose it was', async () => {
    const load = await newLoad('ac-logout-2');
    const session = await signIn(system, 'carrier', 'vendor');
    // Seen here: this command API now starts reading the caller's account while it looks the session up.
    expect((await patch(session, load, { status: 'picked_up' })).status).toBe(200);
    // Logged out through another instance: its row is gone, and nothing told this one.
    const ended = await system.pool.query('DELETE FROM sessions WHERE id_hash = $1', [sessionKey(session.cookies.get('sessionid')!)]);
    expect(ended.rowCount).toBe(1);
    const refused = await patch(session, load, { status: 'delivered' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(NOT_SIGNED_IN);
    expect((await vendor.get(`/api/loads/${load}/?min_position=${(await system.store.headPosition()).toString()}`)).body.status).toBe('picked_up');
  });

  it('answers requests whose sessions are looked up together each by its own session', async () => {
    const loads = await Promise.all(Array.from({ length: 12 }, (_, i) => newLoad(`ac-many-${i}`)));
    const sessions = await Promise.all(Array.from({ length: 12 }, () => system.client().start()));
    for (const session of sessions) expect((await login(session, 'carrier', DEMO_PASSWORD, 'vendor')).status).toBe(200);
    const replays = sessions.map((session) => sameSession(session));
    // Every other session ends; then all of them ask at once, twice over.
    for (const [i, session] of sessions.entries()) if (i % 2 === 1) expect((await session.post('/api/auth/logout/')).status).toBe(200);
    for (const round of [0, 1]) {
      const answers = await Promise.all(replays.map((replay, i) => patch(replay, loads[i]!, { payment_status: ['partial', 'paid'][round]! })));
      expect(answers.map((answer) => answer.status)).toEqual(replays.map((_, i) => (i % 2 === 1 ? 401 : 200)));
    }
  });
});
