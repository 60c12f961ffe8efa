// A long, seeded random sequence of real commands through HTTP; then the read models built incrementally must equal a
// replay from position 0, row for row, and a rebuild must swap in identical tables while the system keeps serving.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuild, verify } from '@portal/projector/rebuild';
import { JPEG, pdf } from '../support/files';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import { seeded } from '../support/seeded';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
});
afterAll(async () => { await system?.stop(); });

it('rebuilds read models equal to the incrementally built ones, after a long random sequence of commands', async () => {
  const next = seeded(20261121);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const [vendor, admin, accounting, dispatch] = [
    await signIn(system, 'carrier', 'vendor'), await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD), await signIn(system, 'accounting', 'staff'), await signIn(system, 'dispatch', 'staff'),
  ];
  const vendors = (await admin.get('/api/vendors/picker/')).body.map((v: { vendor_profile_id: string }) => v.vendor_profile_id);
  const loads: string[] = (await vendor.get('/api/loads/')).body.map((l: { id: string }) => l.id);
  const deleted: string[] = [];
  let accepted = 0;
  for (let step = 0; step < 160; step++) {
    const roll = next();
    let response: { status: number; body: any };
    if (roll < 0.15 || loads.length === 0) {
      response = await pick([vendor, admin, dispatch]).post('/api/loads/', { load_number: `rnd-${step}`, vendor: pick(vendors), rate_amount: Math.round(next() * 3000) });
      if (response.status === 201) loads.push(response.body.id);
      // A vendor may not pick a vendor: the server refuses that with 403, which is part of the sequence too.
    } else if (roll < 0.35) {
      response = await pick([vendor, dispatch, admin]).request('PATCH', `/api/loads/${pick(loads)}/`, { status: pick(['open', 'picked_up', 'delivered', 'cancelled']) });
    } else if (roll < 0.5) {
      response = await pick([accounting, admin]).request('PATCH', `/api/loads/${pick(loads)}/`, { payment_status: pick(['unpaid', 'partial', 'paid', 'disputed']), amount_paid: Math.round(next() * 2000) });
    } else if (roll < 0.62) {
      response = await pick([vendor, dispatch]).request('PATCH', `/api/loads/${pick(loads)}/`, { equipment_type: pick(['Dry Van', 'Reefer', 'Flatbed']), weight: Math.round(next() * 40000), pickup_contact: `Dock ${step}` });
    } else if (roll < 0.7) {
      response = await dispatch.request('PATCH', `/api/loads/${pick(loads)}/`, { vendor: pick(vendors) });
    } else if (roll < 0.78) {
      const id = pick(loads);
      response = await vendor.upload(`/api/loads/${id}/documents/`, { document_type: pick(['bill_of_lading', 'photos', 'invoice']) }, { file: next() < 0.5 ? { name: `doc-${step}.pdf`, content: pdf() } : { name: `photo-${step}.jpg`, content: JPEG } });
    } else if (roll < 0.84) {
      const id = pick(loads);
      const documents = (await admin.get(`/api/loads/${id}/documents/`)).body;
      response = Array.isArray(documents) && documents.length > 0 ? await admin.request('DELETE', `/api/loads/${id}/documents/${documents[0].id}/delete/`) : { status: 0, body: null };
    } else if (roll < 0.9) {
      const id = pick(loads);
      response = await admin.request('DELETE', `/api/loads/${id}/`);
      if (response.status === 204) {
        loads.splice(loads.indexOf(id), 1);
        deleted.push(id);
      }
    } else if (roll < 0.95 && deleted.length > 0) {
      const id = deleted.pop()!;
      response = await admin.post(`/api/recycle-bin/loads/${id}/restore/`);
      if (response.status === 200) loads.push(id);
    } else {
      response = await admin.request('PATCH', `/api/vendors/${pick(vendors)}/`, { insurance_company: `Insurer ${step}`, business_name: `Carrier ${step}` });
    }
    if (response.status >= 200 && response.status < 300) accepted++;
  }
  expect(accepted).toBeGreaterThan(100);

  const head = await system.store.headPosition();
  const differences = await verify({ pool: system.pool, store: system.store, databaseUrl: system.db.url });
  expect(differences).toEqual([]);
  // Batch boundaries change nothing: the whole history in one batch (above), pages of 7 events in one transaction
  // (a page reads only rows no earlier page touched), and transactions of 3 such pages give the same rows.
  expect(await verify({ pool: system.pool, store: system.store, databaseUrl: system.db.url, batchSize: 7 })).toEqual([]);
  const committed: bigint[] = [];
  const spanned = await verify({
    pool: system.pool, store: system.store, databaseUrl: system.db.url, batchSize: 7, spanSize: 21,
    onProgress: (p) => { if (p.stage === 'committed') committed.push(p.position); },
  });
  expect(spanned).toEqual([]);
  // Each transaction but the last says so as it commits (what an interrupted rebuild would keep), in order.
  expect(committed.length).toBeGreaterThan(3);
  expect(committed).toEqual([...committed].sort((a, b) => (a < b ? -1 : 1)));
  expect(committed.at(-1)! < head).toBe(true);

  // A rebuild swaps in fresh tables with exactly the same content, and the system goes on serving and projecting.
  const progress: bigint[] = [];
  const { position } = await rebuild({ pool: system.pool, store: system.store, databaseUrl: system.db.url, fresh: true, onProgress: (p) => progress.push(p.position) });
  expect(position).toBeGreaterThanOrEqual(head);
  expect(progress.at(-1)).toBe(position);
  expect(await verify({ pool: system.pool, store: system.store, databaseUrl: system.db.url })).toEqual([]);
  const created = await vendor.post('/api/loads/', { load_number: 'after-rebuild' });
  expect(created.status).toBe(201);
  const read = await vendor.get(`/api/loads/${created.body.id}/?min_position=${created.headers.get('x-event-position')}`);
  expect(read.status).toBe(200);
  expect(read.headers.get('x-read-model-stale')).toBeNull();
}, 240_000);
