// Vendor commands that met a concurrent deletion, deleted or never activated vendors offered to loads, and bodies that
// are not objects: each answered with a 4xx in the spec's shape that changes nothing, never a 500.
import { BODY_NOT_AN_OBJECT } from '@portal/platform/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let dispatch: PortalClient;
let serial = 0;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  dispatch = await signIn(system, 'dispatch', 'staff');
});
afterAll(async () => {
  await system?.stop();
});

/** A new, activated vendor, signed in: its client and vendor profile id. */
async function newVendor(prefix: string): Promise<{ client: PortalClient; id: string }> {
  const { client, user } = await activeSignedIn(system, 'vendor', `${prefix}_${++serial}`);
  return { client, id: user.vendor_profile.id };
}

const eventCount = async (streamId: string, type: string) =>
  Number((await system.db.pool.query('SELECT count(*) FROM es_events WHERE stream_id = $1 AND type = $2', [streamId, type])).rows[0].count);

const VENDOR_NOT_FOUND = { detail: 'Vendor not found.' };
const ROUNDS = 5;

describe('vendor commands racing a deletion of the vendor', () => {
  it('two simultaneous deletes: one 204, the other the 404 a later delete gets', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newVendor('twice_deleted');
      const answers = await Promise.all([admin.request('DELETE', `/api/vendors/${id}/`), admin.request('DELETE', `/api/vendors/${id}/`)]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([204, 404]);
      expect(answers.find((a) => a.status === 404)!.body).toEqual(VENDOR_NOT_FOUND);
      expect(await eventCount(`vendor-${id}`, 'VendorDeleted')).toBe(1);
      expect((await admin.request('DELETE', `/api/vendors/${id}/`)).body).toEqual(VENDOR_NOT_FOUND);
    }
  });

  it('an edit during a delete: saved before it, or the 404 an edit after it gets, and nothing recorded', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newVendor('edited_deleted');
      const [edit, removal] = await Promise.all([
        admin.request('PATCH', `/api/vendors/${id}/`, { city: `Town${round}` }),
        admin.request('DELETE', `/api/vendors/${id}/`),
      ]);
      expect(removal.status, `round ${round}`).toBe(204);
      expect([200, 404], `round ${round}: ${JSON.stringify(edit.body)}`).toContain(edit.status);
      if (edit.status === 404) expect(edit.body).toEqual(VENDOR_NOT_FOUND);
      expect(await eventCount(`vendor-${id}`, 'VendorProfileEdited')).toBe(edit.status === 200 ? 1 : 0);
      expect((await admin.request('PATCH', `/api/vendors/${id}/`, { city: 'Later' })).body).toEqual(VENDOR_NOT_FOUND);
    }
  });

  it("the vendor's own edit during a delete: saved before it, or the 401 its next request gets", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { client, id } = await newVendor('self_edited');
      const [edit, removal] = await Promise.all([
        client.request('PATCH', '/api/profiles/vendor/', { city: `Town${round}` }),
        admin.request('DELETE', `/api/vendors/${id}/`),
      ]);
      expect(removal.status, `round ${round}`).toBe(204);
      expect([200, 401], `round ${round}: ${JSON.stringify(edit.body)}`).toContain(edit.status);
      if (edit.status === 401) expect(edit.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(await eventCount(`vendor-${id}`, 'VendorProfileEdited')).toBe(edit.status === 200 ? 1 : 0);
      expect((await client.request('PATCH', '/api/profiles/vendor/', { city: 'Later' })).status).toBe(401);
    }
  });

  it('a delete of a vendor whose account is already deleted still deletes the vendor', async () => {
    const { id } = await newVendor('account_gone');
    const userId = (await system.db.pool.query(`SELECT data->>'user_id' AS user_id FROM es_events WHERE stream_id = $1 AND type = 'VendorProfileCreated'`, [`vendor-${id}`])).rows[0].user_id;
    await system.store.appendToStream(`user-${userId}`, [{ type: 'UserDeleted', data: { user_id: userId } }]);
    const removal = await admin.request('DELETE', `/api/vendors/${id}/`);
    expect(removal.status).toBe(204);
    expect(await eventCount(`vendor-${id}`, 'VendorDeleted')).toBe(1);
    expect(await eventCount(`user-${userId}`, 'UserDeleted')).toBe(1);
  });
});

describe('the vendors a load may name are the ones the vendor picker offers', () => {
  const SELECT_A_VALID_VENDOR = { vendor: ['Select a valid vendor.'] };
  const picker = async () => {
    await system.caughtUp();
    return ((await dispatch.get('/api/vendors/picker/')).body as { vendor_profile_id: string }[]).map((v) => v.vendor_profile_id);
  };
  const userIdOf = async (vendorId: string): Promise<string> =>
    (await system.db.pool.query(`SELECT data->>'user_id' AS user_id FROM es_events WHERE stream_id = $1 AND type = 'VendorProfileCreated'`, [`vendor-${vendorId}`])).rows[0].user_id;

  /** Vendors the picker leaves out, each as an admin or a sign-up leaves it. */
  async function leftOut(): Promise<Record<string, string>> {
    const deleted = (await newVendor('picked_deleted')).id;
    expect((await admin.request('DELETE', `/api/vendors/${deleted}/`)).status).toBe(204);
    const signUp = await system.client().start();
    const username = `never_activated_${++serial}`;
    expect((await signUp.post('/api/auth/signup/vendor/', { username, email: `${username}@carrier.example.com`, password: 'Haul-Freight-2026!' })).status).toBe(201);
    const neverActivated = (await system.db.pool.query(`SELECT data->>'vendor_id' AS id FROM es_events WHERE type = 'VendorProfileCreated' AND data->>'username' = $1`, [username])).rows[0].id;
    // An account deleted on its own (its vendor profile left as it was).
    const accountDeleted = (await newVendor('account_deleted')).id;
    const userId = await userIdOf(accountDeleted);
    await system.store.appendToStream(`user-${userId}`, [{ type: 'UserDeleted', data: { user_id: userId } }]);
    return { deleted, neverActivated, accountDeleted };
  }

  it('refuses to create a load for a vendor the picker leaves out, reserving and recording nothing', async () => {
    const vendors = await leftOut();
    const offered = await picker();
    for (const [kind, vendorId] of Object.entries(vendors)) {
      expect(offered, kind).not.toContain(vendorId);
      const head = await system.store.headPosition();
      const created = await dispatch.post('/api/loads/', { load_number: `LEFTOUT-${kind}`, vendor: vendorId });
      expect(created.status, kind).toBe(400);
      expect(created.body, kind).toEqual(SELECT_A_VALID_VENDOR);
      expect(await system.store.headPosition(), kind).toBe(head);
      expect((await dispatch.get(`/api/loads/check-id/?id_to_check=LEFTOUT-${kind}`)).body, kind).toEqual({ exists: false });
    }
    const active = (await newVendor('picked_active')).id;
    expect(await picker()).toContain(active);
    expect((await dispatch.post('/api/loads/', { load_number: 'PICKED-ACTIVE', vendor: active })).status).toBe(201);
  });

  it('refuses to assign a load to a vendor the picker leaves out, leaving the load with its vendor', async () => {
    const owner = await newVendor('load_owner');
    const load = (await dispatch.post('/api/loads/', { load_number: `OWNED-${serial}`, vendor: owner.id })).body;
    expect(load.vendor).toBe(owner.id);
    const vendors = await leftOut();
    for (const [kind, vendorId] of Object.entries(vendors)) {
      const head = await system.store.headPosition();
      const assigned = await dispatch.request('PATCH', `/api/loads/${load.id}/`, { vendor: vendorId });
      expect(assigned.status, kind).toBe(400);
      expect(assigned.body, kind).toEqual(SELECT_A_VALID_VENDOR);
      expect(await system.store.headPosition(), kind).toBe(head);
    }
    await system.caughtUp();
    expect((await owner.client.get(`/api/loads/${load.id}/`)).body.vendor).toBe(owner.id);
  });
});

describe('a vendor profile save whose body is not an object', () => {
  it('is refused as a load PATCH refuses it, changing nothing', async () => {
    const { client, id } = await newVendor('array_body');
    const loadId = (await client.post('/api/loads/', { load_number: `ARRAY-${serial}` })).body.id;
    const expected = { non_field_errors: [BODY_NOT_AN_OBJECT] };
    for (const body of [[], [{ load_number: 'x' }], [{ city: 'Dallas' }]]) {
      const head = await system.store.headPosition();
      const asLoad = await client.request('PATCH', `/api/loads/${loadId}/`, body);
      expect(asLoad.status).toBe(400);
      expect(asLoad.body).toEqual(expected);
      for (const [who, path] of [[client, '/api/profiles/vendor/'], [admin, '/api/profiles/vendor/'], [admin, `/api/vendors/${id}/`]] as const) {
        const answer = await who.request('PATCH', path, body);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.body, `${path} ${JSON.stringify(body)}`).toEqual(expected);
      }
      expect(await system.store.headPosition()).toBe(head);
    }
  });
});
