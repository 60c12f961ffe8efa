// The command API keeps each load's state as its last command left it and appends at that revision instead of
// reading the stream first. A load changed anywhere else in between (another instance, the recycle bin; written
// straight into the event store here) must still be decided on as it is now: no stale answer, no stale refusal, no
// lost change, and no load shown to a vendor it no longer belongs to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStream } from '@portal/domain/loads/fields';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signedIn, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let vendor: PortalClient;
let otherVendor: PortalClient;
let otherVendorId: string;

/** A load of the demo carrier, created and then changed once by the carrier (so its state is kept). */
async function keptLoad(number: string): Promise<string> {
  const created = await vendor.post('/api/loads/', { load_number: number });
  expect(created.status).toBe(201);
  expect((await patch(vendor, created.body.id, { status: 'picked_up' })).status).toBe(200);
  return created.body.id;
}

const recordElsewhere = (loadId: string, type: string, data: Record<string, unknown>) =>
  system.store.appendToStream(loadStream(loadId), [{ type, data: data as never, metadata: { actorType: 'OPS' } }], { expectedRevision: 'stream_exists' });

const patch = (client: PortalClient, loadId: string, body: Record<string, string>) => client.request('PATCH', `/api/loads/${loadId}/`, body);

/** The load's stored events of one type, as from -> to. */
const stored = async (loadId: string, type?: string) =>
  (await system.store.readStream(loadStream(loadId))).filter((event) => !type || event.type === type).map((event) => `${event.data.from as string} -> ${event.data.to as string}`);

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  vendor = await signIn(system, 'carrier', 'vendor');
  const other = await signedIn(system, 'newcarrier', DEMO_PASSWORD, 'vendor');
  otherVendor = other.client;
  otherVendorId = other.user.vendor_profile.id;
});
afterAll(async () => { await system?.stop(); });

describe('a load whose state the command API kept', () => {
  it('is changed as asked when the kept state says the change was already made but the load has moved on since', async () => {
    const load = await keptLoad('kl-noop-1');
    await recordElsewhere(load, 'LoadStatusChanged', { from: 'picked_up', to: 'delivered' });
    // The kept state says picked_up already; the load is delivered: this must record a change back.
    const answer = await patch(vendor, load, { status: 'picked_up' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('picked_up');
    expect(answer.headers.get('x-event-position')).not.toBeNull();
    expect(await stored(load, 'LoadStatusChanged')).toEqual(['open -> picked_up', 'picked_up -> delivered', 'delivered -> picked_up']);
  });

  it('keeps a change made elsewhere when the next command is appended after it', async () => {
    const load = await keptLoad('kl-race-1');
    await recordElsewhere(load, 'LoadPaymentStatusChanged', { from: 'unpaid', to: 'disputed' });
    const answer = await patch(vendor, load, { status: 'delivered' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'delivered', payment_status: 'disputed' });
    const next = await patch(vendor, load, { payment_status: 'paid' });
    expect(next.body).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect(await stored(load, 'LoadPaymentStatusChanged')).toEqual(['unpaid -> disputed', 'disputed -> paid']);
  });

  it('is not found once deleted elsewhere, and can be changed again once restored elsewhere', async () => {
    const load = await keptLoad('kl-deleted-1');
    await recordElsewhere(load, 'LoadDeleted', { load_id: load });
    const gone = await patch(vendor, load, { status: 'delivered' });
    expect(gone.status).toBe(404);
    // Even a change the kept state would call a no-op must not answer with the deleted load.
    const noop = await patch(vendor, load, { status: 'picked_up' });
    expect(noop.status).toBe(404);
    expect(noop.body).toEqual({ detail: 'Not found.' });
    await recordElsewhere(load, 'LoadRestored', { load_id: load });
    expect((await patch(vendor, load, { status: 'delivered' })).body.status).toBe('delivered');
  });

  it('is not shown to, nor changed by, a vendor it was moved away from elsewhere; its new vendor may change it', async () => {
    const load = await keptLoad('kl-moved-1');
    const before = await stored(load);
    await recordElsewhere(load, 'LoadVendorAssigned', { from: null, to: { id: otherVendorId, name: 'New Carrier' } });
    const refused = await patch(vendor, load, { status: 'picked_up' });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: 'Not found.' });
    expect((await patch(vendor, load, { status: 'delivered' })).status).toBe(404);
    expect((await stored(load)).length).toBe(before.length + 1);
    expect((await patch(otherVendor, load, { status: 'delivered' })).body.status).toBe('delivered');
  });

  it('is refused to a caller the kept state would refuse only until the load allows it', async () => {
    // Kept as the other vendor's load (404 for the carrier), then moved to the carrier elsewhere.
    const created = await otherVendor.post('/api/loads/', { load_number: 'kl-back-1' });
    expect(created.status).toBe(201);
    const load = created.body.id as string;
    expect((await patch(otherVendor, load, { status: 'picked_up' })).status).toBe(200);
    expect((await patch(vendor, load, { status: 'delivered' })).status).toBe(404);
    const carrierId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id as string;
    await recordElsewhere(load, 'LoadVendorAssigned', { from: { id: otherVendorId, name: null }, to: { id: carrierId, name: 'Carrier' } });
    expect((await patch(vendor, load, { status: 'delivered' })).body.status).toBe('delivered');
  });

  it("answers with the vendor's name as renamed through the portal, from the very next command", async () => {
    const load = await keptLoad('kl-name-1');
    expect((await patch(vendor, load, { payment_status: 'partial' })).status).toBe(200);
    const renamed = await vendor.request('PATCH', '/api/profiles/vendor/', { business_name: 'Renamed Haulers LLC' });
    expect(renamed.status).toBe(200);
    expect((await patch(vendor, load, { payment_status: 'paid' })).body.vendor_name).toBe('Renamed Haulers LLC');
    const byAdmin = await admin.request('PATCH', `/api/vendors/${(await vendor.get('/api/auth/user/')).body.vendor_profile.id}/`, { business_name: 'Renamed Again LLC' });
    expect(byAdmin.status).toBe(200);
    expect((await patch(vendor, load, { payment_status: 'partial' })).body.vendor_name).toBe('Renamed Again LLC');
  });
});
