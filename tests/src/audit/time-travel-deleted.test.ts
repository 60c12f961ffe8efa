// Time travel into the recycle bin: an ADMIN can read a deleted load or vendor as it was at any point of its history
// (folded from its stream), while the plain detail read of a deleted record stays 404 for everyone and nobody else
// can look into deleted records at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let dispatch: PortalClient;
let accounting: PortalClient;
let carrier: PortalClient;

const position = (answer: Answer) => answer.headers.get('x-event-position')!;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  dispatch = await signIn(system, 'dispatch', 'staff');
  accounting = await signIn(system, 'accounting', 'staff');
  carrier = await signIn(system, 'carrier', 'vendor');
});
afterAll(async () => { await system?.stop(); });

describe('a deleted load', () => {
  let id: string;
  let created: string;
  let deleted: string;

  beforeAll(async () => {
    const answer = await carrier.post('/api/loads/', { load_number: 'gone-1', rate_amount: 900, pickup_location: 'Dallas, TX' });
    id = answer.body.id;
    created = position(answer);
    expect((await carrier.request('PATCH', `/api/loads/${id}/`, { status: 'picked_up', rate_amount: 950 })).status).toBe(200);
    const removal = await carrier.request('DELETE', `/api/loads/${id}/`);
    expect(removal.status).toBe(204);
    deleted = position(removal);
    // The read side has seen the delete: the load is in the recycle bin.
    expect((await admin.get(`/api/recycle-bin/?min_position=${deleted}`)).body.loads.map((l: { id: string }) => l.id)).toContain(id);
  });

  it('is 404 on its plain detail read for everyone, the ADMIN included', async () => {
    for (const client of [admin, dispatch, accounting, carrier]) {
      const answer = await client.get(`/api/loads/${id}/`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: 'Not found.' });
    }
    // An empty as_of is no time travel.
    expect((await admin.get(`/api/loads/${id}/?as_of=&as_of_position=`)).status).toBe(404);
  });

  it('reads, for the ADMIN, as it was at each point of its history', async () => {
    const first = await admin.get(`/api/loads/${id}/?as_of_position=${created}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, kdt_id: 'kdt_gone-1', status: 'open', rate_amount: 900, pickup_location: 'Dallas, TX', pickup_date: null });
    const now = await admin.get(`/api/loads/${id}/?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ id, status: 'picked_up', rate_amount: 950 });
    expect(now.body.pickup_date).not.toBeNull();
    expect((await admin.get(`/api/loads/${id}/?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
    expect((await admin.get(`/api/loads/${id}/?as_of_position=soon`)).body).toEqual({ as_of_position: ['Enter a valid event position.'] });
  });

  it('answers every "view as of this change" of its history panel', async () => {
    const history = await admin.get(`/api/loads/${id}/history/`);
    expect(history.status).toBe(200);
    const entries = history.body.results as { position: string; event_type: string }[];
    expect(entries.map((e) => e.event_type)).toEqual(['LoadCreated', 'LoadStatusChanged', 'LoadPickupDateSet', 'LoadSectionEdited', 'LoadDeleted']);
    const rates: unknown[] = [];
    const deletedThen: unknown[] = [];
    for (const entry of entries) {
      const answer = await admin.get(`/api/loads/${id}/?as_of_position=${entry.position}`);
      expect(answer.status, entry.event_type).toBe(200);
      rates.push(answer.body.rate_amount);
      deletedThen.push(answer.body.deleted);
    }
    expect(rates).toEqual([900, 900, 900, 950, 950]);
    // As of its deletion the answer says so; the screens would otherwise show a live-looking load.
    expect(deletedThen).toEqual([false, false, false, false, true]);
  });

  it('stays out of reach for its vendor and the other staff tiers, in the past too', async () => {
    for (const client of [carrier, dispatch, accounting]) {
      for (const query of [`as_of_position=${created}`, `as_of=${encodeURIComponent(new Date().toISOString())}`]) {
        const answer = await client.get(`/api/loads/${id}/?${query}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
  });

  it('reads normally again once restored', async () => {
    const restored = await admin.post(`/api/recycle-bin/loads/${id}/restore/`);
    expect(restored.status).toBe(200);
    expect((await carrier.get(`/api/loads/${id}/?min_position=${position(restored)}`)).body).toMatchObject({ id, rate_amount: 950 });
    expect((await carrier.get(`/api/loads/${id}/?as_of_position=${created}`)).body).toMatchObject({ id, rate_amount: 900, deleted: false });
    // Only a past answer carries `deleted`.
    expect((await carrier.get(`/api/loads/${id}/`)).body).not.toHaveProperty('deleted');
  });
});

describe('a deleted vendor', () => {
  let id: string;
  let before: string;
  let edited: string;
  let live: string;

  beforeAll(async () => {
    const { client: vendor, user } = await activeSignedIn(system, 'vendor', 'vanished_carrier');
    id = user.vendor_profile.id;
    before = position(await vendor.request('PATCH', '/api/profiles/vendor/', { legal_name: 'Vanished Freight LLC', bank_account_number: '000123456789' }));
    edited = position(await vendor.request('PATCH', '/api/profiles/vendor/', { legal_name: 'Vanished Logistics LLC' }));
    const removal = await admin.request('DELETE', `/api/vendors/${id}/`);
    expect(removal.status).toBe(204);
    expect((await admin.get(`/api/recycle-bin/?min_position=${position(removal)}`)).body.vendors.map((v: { id: string }) => v.id)).toContain(id);
    live = (await carrier.get('/api/auth/user/')).body.vendor_profile.id;
  });

  it('is 404 on its plain detail read for all staff, the ADMIN included', async () => {
    for (const client of [admin, dispatch, accounting]) {
      const answer = await client.get(`/api/vendors/${id}/`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: 'Vendor not found.' });
    }
  });

  it('reads, for the ADMIN, as it was then, bank numbers masked as always', async () => {
    const then = await admin.get(`/api/vendors/${id}/?as_of_position=${before}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ id, username: 'vanished_carrier', legal_name: 'Vanished Freight LLC', bank_account_number: '****6789' });
    expect(JSON.stringify(then.body)).not.toContain('000123456789');
    const after = await admin.get(`/api/vendors/${id}/?as_of_position=${edited}`);
    expect(after.body).toMatchObject({ id, legal_name: 'Vanished Logistics LLC' });
    const now = await admin.get(`/api/vendors/${id}/?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.body).toMatchObject({ id, legal_name: 'Vanished Logistics LLC' });
    expect((await admin.get(`/api/vendors/${id}/?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
    expect((await admin.get(`/api/vendors/${id}/?as_of=yesterday`)).body).toEqual({ as_of: ['Enter a valid date and time.'] });
    // Its history panel, and the view as of each change in it.
    const history = await admin.get(`/api/vendors/${id}/history/?page_size=200`);
    expect(history.body.results.at(-1).event_type).toBe('VendorDeleted');
    const deletedThen: unknown[] = [];
    for (const entry of history.body.results as { position: string }[]) {
      const answer = await admin.get(`/api/vendors/${id}/?as_of_position=${entry.position}`);
      expect(answer.status).toBe(200);
      deletedThen.push(answer.body.deleted);
    }
    expect(deletedThen.at(-1)).toBe(true);
    expect(deletedThen.slice(0, -1).every((deleted) => deleted === false)).toBe(true);
  });

  it('stays out of reach for the other staff tiers and for vendors', async () => {
    for (const client of [dispatch, accounting]) {
      const answer = await client.get(`/api/vendors/${id}/?as_of_position=${before}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: 'Vendor not found.' });
      const history = await client.get(`/api/vendors/${id}/history/`);
      expect(history.status).toBe(404);
      expect(history.body).toEqual({ detail: 'Vendor not found.' });
    }
    expect((await carrier.get(`/api/vendors/${id}/?as_of_position=${before}`)).status).toBe(403);
  });

  it('leaves time travel on live vendors as it was, for every staff tier', async () => {
    for (const client of [admin, dispatch]) {
      const answer = await client.get(`/api/vendors/${live}/?as_of=${encodeURIComponent(new Date().toISOString())}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: live, legal_name: 'Lone Star Carriers LLC' });
    }
    expect((await carrier.get(`/api/vendors/${live}/?as_of_position=1`)).status).toBe(403);
  });
});
