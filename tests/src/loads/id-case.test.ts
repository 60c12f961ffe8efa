// A UUID is case-insensitive: an id written in upper case names the same load, document or vendor for a command as it
// does for a read, and what is recorded names it in lower case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { pdf } from '../support/files';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, GOOD_PASSWORD, login, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let dispatch: PortalClient;
let carrier: PortalClient;
let carrierId: string;
let serial = 0;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  dispatch = await signIn(system, 'dispatch', 'staff');
  carrier = await signIn(system, 'carrier', 'vendor');
  carrierId = (await carrier.get('/api/auth/user/')).body.vendor_profile.id;
});
afterAll(async () => {
  await system?.stop();
});

const upper = (id: string) => id.toUpperCase();
/** The streams of the events recorded after `head`. */
const streamsSince = async (head: bigint) =>
  (await system.db.pool.query('SELECT DISTINCT stream_id FROM es_events WHERE position > $1', [head.toString()])).rows.map((r) => r.stream_id);

async function newLoad(client: PortalClient, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await client.post('/api/loads/', { load_number: `CASE-${++serial}`, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

describe('ids in upper case on the command side', () => {
  it('a load: changed and deleted as read, recorded in lower case', async () => {
    const loadId = await newLoad(carrier);
    await system.caughtUp();
    expect((await carrier.get(`/api/loads/${upper(loadId)}/`)).status).toBe(200);
    const head = await system.store.headPosition();
    const patched = await carrier.request('PATCH', `/api/loads/${upper(loadId)}/`, { pickup_notes: 'Dock 7' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: loadId, pickup_notes: 'Dock 7' });
    expect((await admin.request('DELETE', `/api/api/loads/${upper(loadId)}/`)).status).toBe(204);
    expect(await streamsSince(head)).toEqual([`load-${loadId}`]);
    expect((await carrier.request('PATCH', `/api/loads/${upper(loadId)}/`, { pickup_notes: 'Gone' })).status).toBe(404);
  });

  it("a load's documents: uploaded and deleted as read", async () => {
    const loadId = await newLoad(carrier);
    const uploaded = await carrier.upload(`/api/loads/${upper(loadId)}/documents/`, { document_type: 'invoice' }, { file: { name: 'inv.pdf', content: pdf() } });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.file_url).toBe(`/api/serve-file/load-documents/${loadId}/${uploaded.body.id}/inv.pdf`);
    const deleted = await carrier.request('DELETE', `/api/loads/${upper(loadId)}/documents/${upper(uploaded.body.id)}/delete/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detail: 'Document deleted successfully' });
  });

  it('a vendor named for a load: created for, assigned, and a vendor creating for itself', async () => {
    const other = (await activeSignedIn(system, 'vendor', 'case_other')).user.vendor_profile.id as string;
    const head = await system.store.headPosition();
    const created = await dispatch.post('/api/loads/', { load_number: `CASE-${++serial}`, vendor: upper(carrierId) });
    expect(created.status).toBe(201);
    expect(created.body.vendor).toBe(carrierId);
    const assigned = await dispatch.request('PATCH', `/api/loads/${created.body.id}/`, { vendor: upper(other) });
    expect(assigned.status).toBe(200);
    expect(assigned.body.vendor).toBe(other);
    expect((await carrier.post('/api/loads/', { load_number: `CASE-${++serial}`, vendor: upper(carrierId) })).status).toBe(201);
    const vendorIds = (await system.db.pool.query(
      `SELECT coalesce(data->>'vendor_id', data->'to'->>'id') AS id FROM es_events WHERE position > $1 AND type IN ('LoadCreated', 'LoadVendorAssigned') ORDER BY position`,
      [head.toString()],
    )).rows.map((r) => r.id);
    expect(vendorIds).toEqual([carrierId, other, carrierId]);
  });

  it('a vendor: edited and deleted as read', async () => {
    const vendorId = (await activeSignedIn(system, 'vendor', 'case_vendor')).user.vendor_profile.id as string;
    const edited = await admin.request('PATCH', `/api/vendors/${upper(vendorId)}/`, { city: 'Austin' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.city).toBe('Austin');
    const viaProfile = await admin.request('PATCH', '/api/profiles/vendor/', { vendor: upper(vendorId), city: 'Waco' });
    expect(viaProfile.status).toBe(200);
    expect(viaProfile.body.city).toBe('Waco');
    expect((await admin.request('DELETE', `/api/vendors/${upper(vendorId)}/`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/vendors/${vendorId}/`)).body).toEqual({ detail: 'Vendor not found.' });
  });

  it('the recycle bin: a vendor and a load restored as read', async () => {
    const vendorId = (await activeSignedIn(system, 'vendor', 'case_restored')).user.vendor_profile.id as string;
    expect((await admin.request('DELETE', `/api/vendors/${vendorId}/`)).status).toBe(204);
    const restored = await admin.post(`/api/recycle-bin/vendors/${upper(vendorId)}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ detail: 'Restored.' });
    const loadId = await newLoad(carrier);
    expect((await admin.request('DELETE', `/api/loads/${loadId}/`)).status).toBe(204);
    expect((await admin.post(`/api/recycle-bin/loads/${upper(loadId)}/restore/`)).status).toBe(200);
    expect((await carrier.request('PATCH', `/api/loads/${loadId}/`, { pickup_notes: 'Back' })).status).toBe(200);
  });

  it('the recycle bin: a staff member restored as read, recorded in lower case', async () => {
    const staffId = (await activeSignedIn(system, 'staff', 'case_staff')).user.id as string;
    expect((await admin.request('DELETE', `/api/staff-accounts/${staffId}/`)).status).toBe(204);
    expect((await login(await system.client().start(), 'case_staff', GOOD_PASSWORD, 'staff')).status).not.toBe(200);
    const head = await system.store.headPosition();
    const restored = await admin.post(`/api/recycle-bin/staff/${upper(staffId)}/restore/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ detail: 'Restored.' });
    expect(await streamsSince(head)).toEqual([`user-${staffId}`]);
    expect((await login(await system.client().start(), 'case_staff', GOOD_PASSWORD, 'staff')).status).toBe(200);
  });
});
