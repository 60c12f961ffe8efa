import { BODY_NOT_AN_OBJECT } from '@portal/platform/http/errors';
import * as account from '@portal/domain/accounts/decider';
import { userStream } from '@portal/domain/accounts/events';
import { handleCommand } from '@portal/command-api/command-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeAccount, activeSignedIn, DEMO_PASSWORD, GOOD_PASSWORD, login, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let dispatch: PortalClient;
let accounting: PortalClient;
let pending: PortalClient;
let vendor: PortalClient;
const ids: Record<string, string> = {};

const at = (answer: { headers: Headers }) => `?min_position=${answer.headers.get('x-event-position') ?? 0}`;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  dispatch = await signIn(system, 'dispatch', 'staff');
  accounting = await signIn(system, 'accounting', 'staff');
  pending = await signIn(system, 'newstaff', 'staff');
  vendor = await signIn(system, 'carrier', 'vendor');
  for (const account of (await admin.get('/api/staff-accounts/')).body) ids[account.username] = account.id;
  for (const entry of (await admin.get('/api/vendors/')).body) ids[`vendor:${entry.username}`] = entry.id;
});
afterAll(async () => { await system?.stop(); });

describe('ADMIN-only endpoints', () => {
  it('refuses every one of them to DISPATCH_OPS, ACCOUNTING, PENDING and vendors, changing nothing', async () => {
    const head = await system.store.headPosition();
    for (const client of [dispatch, accounting, pending, vendor]) {
      expect((await client.get('/api/staff-accounts/')).body).toEqual({ detail: 'You do not have permission to view staff accounts.' });
      expect((await client.get(`/api/staff-accounts/${ids.newstaff}/`)).body).toEqual({ detail: 'You do not have permission to view staff details.' });
      expect((await client.request('PATCH', `/api/staff-accounts/${ids.newstaff}/update-tier/`, { tier: 'ADMIN' })).status).toBe(403);
      expect((await client.request('DELETE', `/api/staff-accounts/${ids.newstaff}/`)).status).toBe(403);
      expect((await client.request('PATCH', `/api/vendors/${ids['vendor:carrier']}/`, { insurance_company: 'Hijack' })).status).toBe(403);
      expect((await client.request('DELETE', `/api/vendors/${ids['vendor:carrier']}/`)).status).toBe(403);
    }
    expect((await dispatch.request('PATCH', '/api/profiles/staff/', { department: 'Ops' })).body).toEqual({ detail: 'You do not have permission to edit this profile.' });
    expect(await system.store.headPosition()).toBe(head);
  });
});

describe('staff accounts and tiers', () => {
  it('lists staff accounts for an admin, the built-in admin always ADMIN', async () => {
    const { body } = await admin.get('/api/staff-accounts/');
    const byName = Object.fromEntries(body.map((a: { username: string }) => [a.username, a]));
    expect(Object.keys(byName).sort()).toEqual(['accounting', 'admin', 'dispatch', 'newstaff']);
    expect(byName.admin).toMatchObject({ is_builtin_admin: true, is_active: true, staff_profile: { tier: 'ADMIN' } });
    expect(byName.newstaff).toMatchObject({ first_name: 'Pat', last_name: 'Morgan', staff_profile: { tier: 'PENDING' } });
    expect((await admin.get(`/api/staff-accounts/${ids.dispatch}/`)).body.staff_profile.tier).toBe('DISPATCH_OPS');
    expect((await admin.get('/api/staff-accounts/00000000-0000-4000-8000-000000000000/')).body).toEqual({ detail: 'Staff member not found' });
  });

  it('promotes a PENDING member to ACCOUNTING, who can then change a payment status', async () => {
    const { body: load } = await vendor.post('/api/loads/', { load_number: 'tier-pay-1' });
    expect((await pending.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'paid' })).status).toBe(403);
    const promoted = await admin.request('PATCH', `/api/staff-accounts/${ids.newstaff}/update-tier/`, { tier: 'ACCOUNTING' });
    expect(promoted.status).toBe(200);
    const { rows } = await system.db.pool.query(`SELECT data FROM es_events WHERE type = 'StaffTierChanged' AND stream_id = $1`, [`staff-${ids.newstaff}`]);
    expect(rows.map((r) => r.data)).toEqual([{ user_id: ids.newstaff, from: 'PENDING', to: 'ACCOUNTING' }]);
    expect((await pending.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'paid' })).status).toBe(200);
    expect((await admin.get(`/api/staff-accounts/${ids.newstaff}/${at(promoted)}`)).body.staff_profile.tier).toBe('ACCOUNTING');
    // Choosing the current tier records nothing.
    const head = await system.store.headPosition();
    expect((await admin.request('PATCH', `/api/staff-accounts/${ids.newstaff}/update-tier/`, { tier: 'ACCOUNTING' })).status).toBe(200);
    expect(await system.store.headPosition()).toBe(head);
    expect((await admin.request('PATCH', `/api/staff-accounts/${ids.newstaff}/update-tier/`, { tier: 'OWNER' })).status).toBe(400);
    // Only the tier changes here: another field is refused, not ignored while the tier changes.
    const mixed = await admin.request('PATCH', `/api/staff-accounts/${ids.newstaff}/update-tier/`, { tier: 'DISPATCH_OPS', is_active: false });
    expect([mixed.status, mixed.body]).toEqual([400, { is_active: ['This field cannot be changed.'] }]);
    expect(await system.store.headPosition()).toBe(head);
  });

  it('never changes or deletes the built-in admin, nor deletes any ADMIN-tier account', async () => {
    expect((await admin.request('PATCH', `/api/staff-accounts/${ids.admin}/update-tier/`, { tier: 'PENDING' })).body).toEqual({ detail: 'The built-in admin is always ADMIN.' });
    expect((await admin.request('DELETE', `/api/staff-accounts/${ids.admin}/`)).body).toEqual({ detail: 'Admin accounts cannot be deleted.' });
    const other = await activeAccount(system, 'staff', 'second_admin');
    const secondId = (await admin.get(`/api/staff-accounts/?min_position=${await system.store.headPosition()}`)).body.find((a: { username: string }) => a.username === 'second_admin').id;
    const promoted = await admin.request('PATCH', `/api/staff-accounts/${secondId}/update-tier/`, { tier: 'ADMIN' });
    expect(promoted.status).toBe(200);
    expect((await admin.request('DELETE', `/api/staff-accounts/${secondId}/`)).body).toEqual({ detail: 'Admin accounts cannot be deleted.' });
    expect(other).toBeDefined();
  });

  it('soft-deletes a staff account: it cannot log in, its session ends, it leaves the lists', async () => {
    const { client: leaving } = await activeSignedIn(system, 'staff', 'leaving_soon');
    const id = (await admin.get(`/api/staff-accounts/?min_position=${await system.store.headPosition()}`)).body.find((a: { username: string }) => a.username === 'leaving_soon').id;
    const deleted = await admin.request('DELETE', `/api/staff-accounts/${id}/`);
    expect(deleted.status).toBe(204);
    expect((await leaving.get('/api/auth/user/')).status).toBe(401);
    expect((await login(await system.client().start(), 'leaving_soon', GOOD_PASSWORD, 'staff')).body).toEqual({ detail: 'Invalid username or password' });
    const list = (await admin.get(`/api/staff-accounts/${at(deleted)}`)).body.map((a: { username: string }) => a.username);
    expect(list).not.toContain('leaving_soon');
    expect((await admin.get(`/api/staff-accounts/${id}/`)).status).toBe(404);
    const { rows } = await system.db.pool.query(`SELECT type FROM es_events WHERE stream_id = $1 ORDER BY position`, [`user-${id}`]);
    expect(rows.at(-1)!.type).toBe('UserDeleted');
  });
});

describe('the staff profile', () => {
  it('is read by every staff member and edited only by ADMIN, with the phone and email rules', async () => {
    const mine = await dispatch.get('/api/profiles/staff/');
    expect(mine.body).toMatchObject({ username: 'dispatch', tier: 'DISPATCH_OPS', first_name: 'Dana', last_name: 'Reyes', phone: null });
    expect((await vendor.get('/api/profiles/staff/')).status).toBe(404);
    const bad = await admin.request('PATCH', '/api/profiles/staff/', { phone: '555', email: 'nope' });
    expect(bad.body).toEqual({ phone: ['Phone format: (xxx) xxx-xxxx'], email: ['Please enter a valid email address.'] });
    // A bad tier is named beside the other fields' errors, not instead of them.
    expect((await admin.request('PATCH', '/api/profiles/staff/', { tier: 'X', phone: '12' })).body).toEqual({
      tier: ['Select a valid tier: ADMIN, DISPATCH_OPS, ACCOUNTING, PENDING.'], phone: ['Phone format: (xxx) xxx-xxxx'],
    });
    // An address naming no vendor is not found (as its DELETE answers), not a field error about a field never sent.
    expect((await admin.request('PATCH', '/api/vendors/zzz/', { city: 'Dallas' })).body).toEqual({ detail: 'Vendor not found.' });
    expect((await dispatch.request('PATCH', '/api/vendors/zzz/', { city: 'Dallas' })).status).toBe(403);
    const saved = await admin.request('PATCH', '/api/profiles/staff/', { department: 'Operations', position: 'Director', phone: '2145550100', phone_ext: '' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ department: 'Operations', position: 'Director', phone: '(214) 555-0100', tier: 'ADMIN' });
    expect((await admin.get(`/api/profiles/staff/${at(saved)}`)).body).toEqual(saved.body);
  });
});

describe('vendors for staff', () => {
  it('lists vendors (never staff) for every staff tier, with status', async () => {
    for (const client of [admin, dispatch, accounting]) {
      const { body } = await client.get('/api/vendors/');
      expect(body.map((v: { username: string }) => v.username).sort()).toEqual(['carrier', 'newcarrier']);
      expect(body.every((v: { is_staff: boolean }) => v.is_staff === false)).toBe(true);
    }
    const { body } = await dispatch.get('/api/vendors/');
    expect(Object.fromEntries(body.map((v: { username: string; status: string }) => [v.username, v.status]))).toEqual({ carrier: 'active', newcarrier: 'pending' });
    expect((await vendor.get('/api/vendors/')).status).toBe(403);
  });

  it("counts the insurance's last day in the reader's zone (tz), as the screens do; UTC without one", async () => {
    const carrierId = ids['vendor:carrier']!;
    // Pago Pago (UTC-11) and Kiritimati (UTC+14) are never on the same day: a policy ending on Pago Pago's today is
    // still in force there, and expired in Kiritimati.
    const [west, east] = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'];
    const westToday = new Intl.DateTimeFormat('en-CA', { timeZone: west }).format(new Date());
    const before = (await admin.get(`/api/vendors/${carrierId}/`)).body.insurance_expiration;
    try {
      const saved = await admin.request('PATCH', `/api/vendors/${carrierId}/?tz=${west}`, { insurance_expiration: westToday });
      expect(saved.status).toBe(200);
      expect(saved.body.status).toBe('active');
      await system.caughtUp();
      const listed = async (query: string) => ((await dispatch.get(`/api/vendors/${query}`)).body as { id: string; status: string }[]).find((v) => v.id === carrierId)!.status;
      expect(await listed(`?tz=${west}`)).toBe('active');
      expect(await listed(`?tz=${east}`)).toBe('other');
      expect((await accounting.get(`/api/vendors/${carrierId}/?tz=${west}`)).body.status).toBe('active');
      expect((await accounting.get(`/api/vendors/${carrierId}/?tz=${east}`)).body.status).toBe('other');
      expect((await admin.request('PATCH', `/api/vendors/${carrierId}/?tz=${east}`, { insurance_expiration: westToday })).body.status).toBe('other');
      // Without a zone, or with one the server does not know, the day is UTC's (never refused).
      const utc = westToday >= new Date().toISOString().slice(0, 10) ? 'active' : 'other';
      expect(await listed('')).toBe(utc);
      expect(await listed('?tz=Etc/Unknown')).toBe(utc);
    } finally {
      expect((await admin.request('PATCH', `/api/vendors/${carrierId}/`, { insurance_expiration: before })).status).toBe(200);
      await system.caughtUp();
    }
  });

  it('shows a complete vendor whose insurance has expired as other, until a current date is entered', async () => {
    const carrierId = ids['vendor:carrier']!;
    const statusOf = async () => ((await dispatch.get('/api/vendors/')).body as { id: string; status: string }[]).find((v) => v.id === carrierId)!.status;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const before = (await admin.get(`/api/vendors/${carrierId}/`)).body.insurance_expiration;
    try {
      // The day before yesterday: expired in every zone on earth.
      const expired = await admin.request('PATCH', `/api/vendors/${carrierId}/`, { insurance_expiration: day(-2) });
      expect(expired.status).toBe(200);
      expect(expired.body.status).toBe('other');
      await system.caughtUp();
      expect(await statusOf()).toBe('other');
      expect((await accounting.get(`/api/vendors/${carrierId}/`)).body.status).toBe('other');
      // Still covered today: the last day of a policy counts.
      expect((await admin.request('PATCH', `/api/vendors/${carrierId}/`, { insurance_expiration: day(2) })).status).toBe(200);
      await system.caughtUp();
      expect(await statusOf()).toBe('active');
    } finally {
      expect((await admin.request('PATCH', `/api/vendors/${carrierId}/`, { insurance_expiration: before })).status).toBe(200);
      await system.caughtUp();
    }
  });

  it('shows staff only the last 4 digits of bank numbers', async () => {
    const detail = await accounting.get(`/api/vendors/${ids['vendor:carrier']}/`);
    expect(detail.body.bank_account_number).toBe('****2873');
    expect(detail.body.bank_routing_number).toBe('****0093');
    const everything = JSON.stringify([(await admin.get('/api/vendors/')).body, detail.body]);
    expect(everything).not.toContain('004512873');
    expect(everything).not.toContain('114000093');
    // The vendor itself still sees its own numbers.
    expect((await vendor.get('/api/profiles/vendor/')).body.bank_account_number).toBe('004512873');
  });

  it('lands an admin\'s vendor edit on the chosen vendor only, by either path', async () => {
    const carrierId = ids['vendor:carrier']!;
    const otherId = ids['vendor:newcarrier']!;
    const before = (await admin.get(`/api/vendors/${otherId}/`)).body;
    const edited = await admin.request('PATCH', `/api/vendors/${carrierId}/`, { insurance_company: 'Great West Casualty', liability_amount: '$1,000,000', cargo_amount: '150000' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ insurance_company: 'Great West Casualty', liability_amount: '1000000.00', cargo_amount: '150000.00', bank_account_number: '****2873' });
    const viaProfile = await admin.request('PATCH', '/api/profiles/vendor/', { vendor: carrierId, insurance_policy_number: 'GWC-77120' });
    expect(viaProfile.body.insurance_policy_number).toBe('GWC-77120');
    expect((await admin.request('PATCH', '/api/profiles/vendor/', { insurance_policy_number: 'X' })).body).toEqual({ vendor: ['Choose the vendor to edit.'] });
    expect((await admin.request('PATCH', `/api/vendors/${carrierId}/`, { phone_1: '12' })).body).toEqual({ phone_1: ['Phone format: (xxx) xxx-xxxx'] });
    // An ADMIN can remove a coverage amount; a vendor cannot name one at all.
    const removed = await admin.request('PATCH', `/api/vendors/${carrierId}/`, { cleared_fields: ['cargo_amount'] });
    expect([removed.status, removed.body.cargo_amount, removed.body.liability_amount]).toEqual([200, null, '1000000.00']);
    expect((await admin.get(`/api/vendors/${carrierId}/${at(removed)}`)).body).toMatchObject({ cargo_amount: null, liability_amount: '1000000.00' });
    expect((await vendor.request('PATCH', '/api/profiles/vendor/', { cleared_fields: ['cargo_amount'] })).body).toEqual({ cargo_amount: ['This field cannot be changed.'] });
    const after = (await admin.get(`/api/vendors/${otherId}/${at(viaProfile)}`)).body;
    expect(after).toEqual(before);
    const { rows } = await system.db.pool.query(`SELECT DISTINCT stream_id FROM es_events WHERE type = 'VendorProfileEdited' AND metadata->>'actorUsername' = 'admin'`);
    expect(rows).toEqual([{ stream_id: `vendor-${carrierId}` }]);
  });

  it('soft-deletes a vendor: gone from lists, and it can no longer log in', async () => {
    const { client: victim } = await activeSignedIn(system, 'vendor', 'closing_carrier');
    const list = (await admin.get('/api/vendors/')).body;
    const id = list.find((v: { username: string }) => v.username === 'closing_carrier').id;
    const deleted = await admin.request('DELETE', `/api/vendors/${id}/`);
    expect(deleted.status).toBe(204);
    expect((await victim.get('/api/auth/user/')).status).toBe(401);
    expect((await login(await system.client().start(), 'closing_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(400);
    expect((await admin.get(`/api/vendors/${at(deleted)}`)).body.map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await admin.get(`/api/vendors/${id}/`)).status).toBe(404);
    expect((await admin.get('/api/vendors/picker/')).body.map((v: { username: string }) => v.username)).not.toContain('closing_carrier');
  });
});

describe('a vendor deletion that stopped half way', () => {
  // Two appends on two streams: the vendor's and its account's. Before, the vendor's came first, so a deletion that
  // stopped between them (a lost connection, a crash) hid the vendor from every list while its user still signed in
  // and changed its loads, and deleting again answered 404.
  it("is finished by deleting again: the account is closed, its sessions end, and it answers 204", async () => {
    const { client: victim } = await activeSignedIn(system, 'vendor', 'halfway_carrier');
    const id = (await admin.get('/api/vendors/')).body.find((v: { username: string }) => v.username === 'halfway_carrier').id as string;
    const stream = `vendor-${id}`;
    const revision = (await system.store.readStream(stream)).at(-1)!.revision;
    // Only the vendor's event, as such a deletion left it.
    await system.store.appendToStream(stream, [{ type: 'VendorDeleted', data: { vendor_id: id }, metadata: { actorUsername: 'admin', actorType: 'STAFF', actorTier: 'ADMIN' } }], { expectedRevision: revision });
    expect((await victim.get('/api/auth/user/')).status).toBe(200);

    const finished = await admin.request('DELETE', `/api/vendors/${id}/`);
    expect(finished.status).toBe(204);
    expect((await victim.get('/api/auth/user/')).status).toBe(401);
    expect((await login(await system.client().start(), 'halfway_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(400);
    // Nothing is left to finish: a third time is the plain 404 of a deleted vendor.
    expect((await admin.request('DELETE', `/api/vendors/${id}/`)).status).toBe(404);
  });

  it('cut short after the account was closed, is in the recycle bin, and its restore lets the vendor sign in again', async () => {
    const { client: victim } = await activeSignedIn(system, 'vendor', 'cut_carrier');
    const me = (await victim.get('/api/auth/user/')).body as { id: string; vendor_profile: { id: string } };
    const vendorId = me.vendor_profile.id;
    // Only the account's event, as such a deletion leaves it (the vendor's never came).
    await handleCommand(system.store, userStream(me.id), account, { type: 'DeleteAccount', data: {} }, { actorUsername: 'admin', actorType: 'STAFF', actorTier: 'ADMIN' });
    await system.caughtUp();
    const bin = (await admin.get('/api/recycle-bin/')).body as { vendors: { id: string; username: string; deleted_by: string | null }[] };
    expect(bin.vendors.find((vendor) => vendor.id === vendorId)).toMatchObject({ username: 'cut_carrier', deleted_by: 'admin' });
    expect((await login(await system.client().start(), 'cut_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(400);

    const restored = await admin.post(`/api/recycle-bin/vendors/${vendorId}/restore/`);
    expect(restored.status).toBe(200);
    expect((await login(await system.client().start(), 'cut_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(200);
    expect(((await admin.get(`/api/recycle-bin/${at(restored)}`)).body as { vendors: { id: string }[] }).vendors.map((vendor) => vendor.id)).not.toContain(vendorId);
    // Nothing is deleted any more: a second restore is refused.
    expect((await admin.post(`/api/recycle-bin/vendors/${vendorId}/restore/`)).status).toBe(409);
  });

  it('closes the account before the vendor goes, so a deletion cut short after one append leaves no vendor user able to work', async () => {
    await activeSignedIn(system, 'vendor', 'ordered_carrier');
    const id = (await admin.get('/api/vendors/')).body.find((v: { username: string }) => v.username === 'ordered_carrier').id as string;
    const before = await system.store.headPosition();
    const deleted = await admin.request('DELETE', `/api/vendors/${id}/`);
    expect(deleted.status).toBe(204);
    const { rows } = await system.pool.query<{ type: string }>(
      `SELECT type FROM es_events WHERE position > $1 AND type IN ('UserDeleted', 'VendorDeleted') ORDER BY position`,
      [before],
    );
    expect(rows.map((row) => row.type)).toEqual(['UserDeleted', 'VendorDeleted']);
  });
});

describe('a tier change and a deletion of one member at once', () => {
  it('never leaves a deleted ADMIN: one of the two is refused, as if they came one after the other', async () => {
    await activeAccount(system, 'staff', 'racing_member');
    await system.caughtUp();
    const id = (await admin.get('/api/staff-accounts/')).body.find((a: { username: string }) => a.username === 'racing_member').id;
    for (let round = 0; round < 10; round++) {
      const [promoted, deleted] = await Promise.all([
        admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier: 'ADMIN' }),
        admin.request('DELETE', `/api/staff-accounts/${id}/`),
      ]);
      // Promoted first: the deletion is refused; deleted first: the promotion finds no member.
      expect([['200', '403'], ['404', '204']].map((pair) => pair.join(' '))).toContain(`${promoted.status} ${deleted.status}`);
      if (deleted.status === 204) {
        expect(promoted.body).toEqual({ detail: 'Staff member not found' });
        expect((await admin.post(`/api/recycle-bin/staff/${id}/restore/`)).status).toBe(200);
      } else {
        expect(deleted.body).toEqual({ detail: 'Admin accounts cannot be deleted.' });
      }
      expect((await admin.request('PATCH', `/api/staff-accounts/${id}/update-tier/`, { tier: 'PENDING' })).status).toBe(200);
    }
    // A member id in capitals names the same member, for commands as for reads.
    const upper = await admin.request('PATCH', `/api/staff-accounts/${id.toUpperCase()}/update-tier/`, { tier: 'DISPATCH_OPS' });
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual({ id, tier: 'DISPATCH_OPS' });
  });
});

describe('a staff profile body that is not an object', () => {
  it('is refused as the load PATCH refuses it, changing nothing', async () => {
    const head = await system.store.headPosition();
    for (const body of ['[]', '[{"department":"Ops"}]']) {
      const answer = await admin.request('PATCH', '/api/profiles/staff/', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body, body).toEqual({ non_field_errors: [BODY_NOT_AN_OBJECT] });
    }
    expect(await system.store.headPosition()).toBe(head);
  });
});
