// GET /api/loads/ keeps its compressed answer until the loads read model changes: these tests check that a kept
// answer is never older than what a client is entitled to see (its own writes, renames, deletes, other vendors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let vendorA: PortalClient;
let vendorB: PortalClient;
let vendorAId: string;

const ids = (body: { id: string }[]) => body.map((load) => load.id);
const positionOf = (response: { headers: Headers }) => response.headers.get('x-event-position')!;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  const a = await activeSignedIn(system, 'vendor', 'cache_vendor_a');
  vendorA = a.client;
  vendorB = (await activeSignedIn(system, 'vendor', 'cache_vendor_b')).client;
  vendorAId = a.user.vendor_profile.id;
});
afterAll(async () => {
  await system?.stop();
});

describe('the kept list answer', () => {
  it('shows every write of a client on its next read, however quickly the writes follow each other', async () => {
    for (let i = 0; i < 25; i++) {
      const created = await vendorA.post('/api/loads/', { load_number: `cache-${i}` });
      expect(created.status).toBe(201);
      const changed = await admin.request('PATCH', `/api/loads/${created.body.id}/?min_position=${positionOf(created)}`, { status: 'picked_up' });
      expect(changed.status).toBe(200);
      const staffList = await admin.get(`/api/loads/?min_position=${positionOf(changed)}`);
      expect(staffList.body.find((load: { id: string }) => load.id === created.body.id)?.status).toBe('picked_up');
      const own = await vendorA.get(`/api/loads/?min_position=${positionOf(changed)}`);
      expect(ids(own.body)).toContain(created.body.id);
      expect(own.body.find((load: { id: string }) => load.id === created.body.id).status).toBe('picked_up');
    }
  });

  it('lists newest first, as the read model orders them, also after loads were patched in one by one', async () => {
    const list = (await admin.get(`/api/loads/?min_position=${await system.store.headPosition()}`)).body as { id: string; created_at: string }[];
    const { rows } = await system.pool.query<{ id: string }>('SELECT id FROM loads WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC');
    expect(ids(list)).toEqual(rows.map((row) => row.id));
  });

  it('keeps each vendor to its own loads, even when the staff answer is kept', async () => {
    const staff = await admin.get('/api/loads/');
    const again = await admin.get('/api/loads/');
    expect(ids(again.body)).toEqual(ids(staff.body));
    const b = await vendorB.get('/api/loads/');
    expect(b.status).toBe(200);
    expect(b.body).toEqual([]);
    const a = await vendorA.get('/api/loads/');
    expect(a.body.length).toBe(25);
    expect(a.body.every((load: { vendor: string }) => load.vendor === vendorAId)).toBe(true);
  });

  it('drops a deleted load and shows a vendor rename on every kept list', async () => {
    const before = await vendorA.get('/api/loads/');
    const victim = before.body[3].id as string;
    const deleted = await admin.request('DELETE', `/api/loads/${victim}/`);
    expect(deleted.status).toBeLessThan(300);
    const after = await vendorA.get(`/api/loads/?min_position=${positionOf(deleted)}`);
    expect(ids(after.body)).not.toContain(victim);
    expect(after.body.length).toBe(before.body.length - 1);

    const renamed = await admin.request('PATCH', `/api/vendors/${vendorAId}/`, { business_name: 'Renamed Haulers' });
    expect(renamed.status).toBe(200);
    const staffList = await admin.get(`/api/loads/?min_position=${positionOf(renamed)}`);
    const ofA = staffList.body.filter((load: { vendor: string }) => load.vendor === vendorAId);
    expect(ofA.length).toBe(24);
    expect(ofA.every((load: { vendor_name: string }) => load.vendor_name === 'Renamed Haulers')).toBe(true);
  });

  it('answers gzip to clients that accept it and plain JSON to those that do not', async () => {
    const zipped = await fetch(`${system.url}/api/loads/`, { headers: { Cookie: vendorA.cookieHeader(), 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(((await zipped.json()) as unknown[]).length).toBe(24);
    const plain = await fetch(`${system.url}/api/loads/`, { headers: { Cookie: vendorA.cookieHeader(), 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text()).length).toBe(24);
  });

  it('still refuses a signed-out reader', async () => {
    const anonymous = await system.client().start();
    expect((await anonymous.get('/api/loads/')).status).toBe(401);
  });
});
