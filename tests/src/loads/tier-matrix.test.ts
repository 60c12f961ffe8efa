// Every load capability x every actor kind, with the expectations copied from staff-side.md section 6 (not computed
// from the code under test): allowed -> the change is recorded and readable; refused -> 403, the spec text, no event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

type ActorName = 'ADMIN' | 'DISPATCH_OPS' | 'ACCOUNTING' | 'PENDING' | 'VENDOR';

let system: TestSystem;
const clients = {} as Record<ActorName, PortalClient>;
let vendorId: string;
let otherVendorId: string;
let counter = 0;

interface Capability {
  name: string;
  allowed: ActorName[];
  message: string;
  /** Performs the change on the load; returns the response. */
  act(client: PortalClient, loadId: string): Promise<{ status: number; body: any; headers: Headers }>;
  /** What the read side must show afterwards when it was allowed. */
  visible(load: any): boolean;
}

const patch = (body: object) => (client: PortalClient, id: string) => client.request('PATCH', `/api/loads/${id}/`, body);

const capabilities: Capability[] = [
  { name: 'change status', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to change the load status.', act: patch({ status: 'cancelled' }), visible: (l) => l.status === 'cancelled' },
  { name: 'set a date', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to change load dates.', act: patch({ delivery_date: '2026-12-01T15:00:00Z' }), visible: (l) => l.delivery_date === '2026-12-01T15:00:00.000Z' },
  { name: 'edit Pickup', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to save changes to this section.', act: patch({ pickup_contact: 'Dock 7' }), visible: (l) => l.pickup_contact === 'Dock 7' },
  { name: 'edit Delivery', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to save changes to this section.', act: patch({ delivery_contact: 'Gate 2' }), visible: (l) => l.delivery_contact === 'Gate 2' },
  { name: 'edit Equipment', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to save changes to this section.', act: patch({ equipment_type: 'Reefer' }), visible: (l) => l.equipment_type === 'Reefer' },
  { name: 'edit Tracking', allowed: ['ADMIN', 'DISPATCH_OPS', 'VENDOR'], message: 'You do not have permission to save changes to this section.', act: patch({ last_location: 'Waco, TX' }), visible: (l) => l.last_location === 'Waco, TX' },
  { name: 'edit Rate & Payment', allowed: ['ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'VENDOR'], message: 'You do not have permission to edit rate details.', act: patch({ rate_amount: 2222 }), visible: (l) => l.rate_amount === 2222 },
  { name: 'change payment status', allowed: ['ADMIN', 'ACCOUNTING', 'VENDOR'], message: 'You do not have permission to change the payment status.', act: patch({ payment_status: 'paid' }), visible: (l) => l.payment_status === 'paid' },
  { name: 'assign a vendor', allowed: ['ADMIN', 'DISPATCH_OPS'], message: 'You do not have permission to assign vendors.', act: (c, id) => c.request('PATCH', `/api/loads/${id}/`, { vendor: otherVendorId }), visible: (l) => l.vendor === otherVendorId },
  { name: 'delete', allowed: ['ADMIN', 'VENDOR'], message: 'You do not have permission to delete loads.', act: (c, id) => c.request('DELETE', `/api/loads/${id}/`), visible: () => true },
];

const actors: ActorName[] = ['ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'PENDING', 'VENDOR'];
const cases = capabilities.flatMap((capability) => actors.map((actor) => [capability.name, actor, capability] as const));

const streamEvents = async (loadId: string) =>
  (await system.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1`, [`load-${loadId}`])).rows[0]!.n;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  clients.ADMIN = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  clients.DISPATCH_OPS = await signIn(system, 'dispatch', 'staff');
  clients.ACCOUNTING = await signIn(system, 'accounting', 'staff');
  clients.PENDING = await signIn(system, 'newstaff', 'staff');
  clients.VENDOR = await signIn(system, 'carrier', 'vendor');
  vendorId = (await clients.VENDOR.get('/api/auth/user/')).body.vendor_profile.id;
  const picker = await clients.ADMIN.get('/api/vendors/picker/');
  otherVendorId = picker.body.find((entry: { username: string }) => entry.username === 'newcarrier').vendor_profile_id;
});
afterAll(async () => { await system?.stop(); });

describe('the tier matrix, enforced by the server', () => {
  it.each(cases)('%s as %s', async (_name, actor, capability) => {
    const created = await clients.ADMIN.post('/api/loads/', { load_number: `matrix_${++counter}`, vendor: vendorId });
    expect(created.status).toBe(201);
    const loadId = created.body.id as string;
    const before = await streamEvents(loadId);
    const response = await capability.act(clients[actor], loadId);
    if (capability.allowed.includes(actor)) {
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      expect(await streamEvents(loadId)).toBeGreaterThan(before);
      const position = response.headers.get('x-event-position');
      const read = await clients.ADMIN.get(`/api/loads/${loadId}/?min_position=${position}`);
      if (capability.name === 'delete') expect(read.status).toBe(404);
      else expect(capability.visible(read.body), JSON.stringify(read.body)).toBe(true);
    } else {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: capability.message });
      expect(await streamEvents(loadId)).toBe(before);
    }
  });

  it.each(actors)('load creation as %s', async (actor) => {
    const body = { load_number: `create_${actor}`, ...(actor === 'VENDOR' ? {} : { vendor: vendorId }) };
    const response = await clients[actor].post('/api/loads/', body);
    if (['ADMIN', 'DISPATCH_OPS', 'VENDOR'].includes(actor)) {
      expect(response.status).toBe(201);
      expect(response.body.vendor).toBe(vendorId);
    } else {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: "You don't have permission to create loads." });
    }
  });

  it('lets every staff tier read every load, and the vendor picker is for staff only', async () => {
    const created = await clients.ADMIN.post('/api/loads/', { load_number: 'readable', vendor: vendorId });
    const position = created.headers.get('x-event-position');
    for (const actor of ['ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'PENDING'] as const) {
      expect((await clients[actor].get(`/api/loads/${created.body.id}/?min_position=${position}`)).status).toBe(200);
      expect((await clients[actor].get('/api/vendors/picker/')).status).toBe(200);
    }
    const picker = (await clients.PENDING.get('/api/vendors/picker/')).body;
    expect(picker.map((e: { username: string }) => e.username).sort()).toEqual(['carrier', 'newcarrier']);
    expect(picker[0]).toMatchObject({ is_staff: false, staff_tier: null });
    expect((await clients.VENDOR.get('/api/vendors/picker/')).status).toBe(403);
  });
});
