import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FieldValue, loadNumberStream, loadStream } from '@portal/domain/loads/fields';
import { valueDigest } from '@portal/domain/expected';
import { keyedId, LOAD_RESERVATION_GRACE_MS, LoadsService } from '@portal/command-api/loads/service';
import type { EventStore } from '@portal/platform/event-store/port';
import { ValidationFailed } from '@portal/platform/http/errors';
import { ageStream } from '../support/aged-events';
import { until } from '../support/until';
import { vendorStream } from '@portal/domain/vendors/events';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let vendorA: PortalClient;
let vendorB: PortalClient;
let vendorAId: string;

/** A command, then the read side at the command's position (read-your-writes). */
async function readAfter(client: PortalClient, command: { headers: Headers }, path: string) {
  const position = command.headers.get('x-event-position');
  return client.get(`${path}${path.includes('?') ? '&' : '?'}min_position=${position}`);
}

async function createLoad(client: PortalClient, number: string, extra: Record<string, unknown> = {}) {
  const response = await client.post('/api/loads/', { load_number: `kdt_${number}`, kdt_id: `kdt_${number}`, ...extra });
  if (response.status !== 201) throw new Error(`create ${number}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

const eventsOf = async (loadId: string) =>
  (await system.db.pool.query(`SELECT type, data, position FROM es_events WHERE stream_id = $1 ORDER BY position`, [`load-${loadId}`])).rows;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendorA = await signIn(system, 'carrier', 'vendor');
  vendorAId = (await vendorA.get('/api/auth/user/')).body.vendor_profile.id;
  vendorB = (await activeSignedIn(system, 'vendor', 'other_carrier')).client;
});
afterAll(async () => { await system?.stop(); });

describe('a vendor creates and reads its loads', () => {
  it('creates a load with the kdt_ number as load_number and kdt_id, owned by the vendor', async () => {
    const created = await createLoad(vendorA, '1001', { pickup_location: '75201', pickup_date: '2026-11-24T14:00:00.000Z', delivery_location: '77002', rate_amount: 1850.5 });
    expect(created.body).toMatchObject({
      load_number: 'kdt_1001', kdt_id: 'kdt_1001', vendor: vendorAId, vendor_name: 'Lone Star Carriers', status: 'open', payment_status: 'unpaid',
      pickup_location: '75201', pickup_date: '2026-11-24T14:00:00.000Z', delivery_location: '77002', delivery_date: null, rate_amount: 1850.5,
      has_bill_of_lading: false, has_photos: false,
    });
    expect(created.headers.get('x-event-position')).toMatch(/^\d+$/);
    const list = await readAfter(vendorA, created, '/api/loads/');
    expect(list.body.map((l: { kdt_id: string }) => l.kdt_id)).toContain('kdt_1001');
    const detail = await vendorA.get(`/api/loads/${created.body.id}/`);
    expect(detail.body).toEqual(created.body);
  });

  it('prefixes a number typed without kdt_ and reports taken numbers whatever their case', async () => {
    const created = await vendorA.post('/api/loads/', { load_number: 'A-77' });
    expect(created.body.kdt_id).toBe('kdt_A-77');
    await readAfter(vendorA, created, '/api/loads/');
    for (const id of ['kdt_A-77', 'A-77', 'KDT_a-77']) expect((await vendorA.get(`/api/loads/check-id/?id_to_check=${id}`)).body).toEqual({ exists: true });
    expect((await vendorA.get('/api/loads/check-id/?id_to_check=kdt_never_used')).body).toEqual({ exists: false });
    expect((await vendorA.get('/api/loads/check-id/')).status).toBe(400);
  });

  it('lets only one of several simultaneous creates of one number succeed', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => vendorA.post('/api/loads/', { load_number: 'kdt_race', kdt_id: 'kdt_race' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body).toEqual({ load_number: ['ID already taken.'] });
  });

  it('answers a creation sent again with its Idempotency-Key with the load it created, recording nothing', async () => {
    const key = randomUUID();
    const body = { load_number: 'kdt_retry-1', kdt_id: 'kdt_retry-1', pickup_location: '75201' };
    const first = await vendorA.post('/api/loads/', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const head = await system.store.headPosition();
    const again = await vendorA.post('/api/loads/', body, { 'Idempotency-Key': key.toUpperCase() });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-event-position')).toBeNull();
    expect(await system.store.headPosition()).toBe(head);
    // Without the key, or with another, the number is taken as before; another caller's same key is another creation.
    expect((await vendorA.post('/api/loads/', body)).body).toEqual({ load_number: ['ID already taken.'] });
    expect((await vendorA.post('/api/loads/', body, { 'Idempotency-Key': randomUUID() })).body).toEqual({ load_number: ['ID already taken.'] });
    expect((await vendorB.post('/api/loads/', body, { 'Idempotency-Key': key })).body).toEqual({ load_number: ['ID already taken.'] });
  });

  it('refuses the same key for another number before reserving it, and a key that is not a UUID', async () => {
    const key = randomUUID();
    expect((await vendorA.post('/api/loads/', { load_number: 'kdt_retry-2' }, { 'Idempotency-Key': key })).status).toBe(201);
    const head = await system.store.headPosition();
    const other = await vendorA.post('/api/loads/', { load_number: 'kdt_retry-3' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ load_number: ['This request key was used for another load. Press Create again.'] });
    const malformed = await vendorA.post('/api/loads/', { load_number: 'kdt_retry-3' }, { 'Idempotency-Key': 'not-a-uuid' });
    expect(malformed.body).toEqual({ 'Idempotency-Key': ['Idempotency-Key must be a UUID.'] });
    expect(await system.store.headPosition()).toBe(head);
    // The number was not reserved by the refused request.
    expect((await vendorA.post('/api/loads/', { load_number: 'kdt_retry-3' })).status).toBe(201);
  });

  it('frees a number reserved by a keyed creation that lost to the same key sent with another number at once', async () => {
    // What the loser of such a race leaves: the key's load exists under the other number, and this number is reserved
    // for it. Before, the number stayed taken for good ('ID already taken.') while the id check called it free.
    const key = randomUUID();
    const winner = await vendorA.post('/api/loads/', { load_number: 'kdt_pair-a' }, { 'Idempotency-Key': key });
    expect(winner.status).toBe(201);
    await system.store.appendToStream(
      'load-number-kdt_pair-b',
      [{ type: 'LoadNumberReserved', data: { load_id: winner.body.id, kdt_id: 'kdt_pair-b' } }],
      { expectedRevision: 'no_stream' },
    );
    const freed = await vendorA.post('/api/loads/', { load_number: 'kdt_pair-b' });
    expect(freed.status).toBe(201);
    expect(freed.body.kdt_id).toBe('kdt_pair-b');
    // Now it is taken, by a load of that number.
    expect((await vendorB.post('/api/loads/', { load_number: 'kdt_pair-b' })).body).toEqual({ load_number: ['ID already taken.'] });
    expect((await vendorA.post('/api/loads/', { load_number: 'kdt_pair-a' })).body).toEqual({ load_number: ['ID already taken.'] });

    // And as it happens: the same key with two numbers at once, five times. One is created; the other can be after.
    for (let round = 0; round < 5; round++) {
      const raceKey = randomUUID();
      const numbers = [`kdt_twin-${round}-a`, `kdt_twin-${round}-b`];
      const answers = await Promise.all(numbers.map((load_number) => vendorA.post('/api/loads/', { load_number }, { 'Idempotency-Key': raceKey })));
      const made = answers.filter((answer) => answer.status === 201);
      expect(made, `round ${round}`).toHaveLength(1);
      const refused = numbers.find((number) => number !== made[0]!.body.kdt_id)!;
      expect((await vendorA.post('/api/loads/', { load_number: refused })).status, `round ${round}: ${refused}`).toBe(201);
    }
  });

  it('answers the same keyed creation sent several times at once with the one load; a deleted one is not found', async () => {
    const key = randomUUID();
    const body = { load_number: 'kdt_retry-5' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => vendorA.post('/api/loads/', body, { 'Idempotency-Key': key })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect((await eventsOf(answers[0]!.body.id as string)).map((e) => e.type)).toEqual(['LoadCreated']);

    expect((await vendorA.request('DELETE', `/api/loads/${answers[0]!.body.id as string}/`)).status).toBe(204);
    const again = await vendorA.post('/api/loads/', body, { 'Idempotency-Key': key });
    expect(again.status).toBe(404);
  });

  it('creates the load when the first try with the key stopped after reserving its number', async () => {
    const key = randomUUID();
    const userId = (await vendorA.get('/api/auth/user/')).body.id as string;
    const loadId = keyedId('create-load', userId, key);
    await system.store.appendToStream(loadNumberStream('kdt_retry-4'), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: 'kdt_retry-4' }, metadata: {} }], { expectedRevision: 'no_stream' });
    const created = await vendorA.post('/api/loads/', { load_number: 'kdt_retry-4' }, { 'Idempotency-Key': key });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: loadId, kdt_id: 'kdt_retry-4', vendor: vendorAId });
    expect((await eventsOf(loadId)).map((e) => e.type)).toEqual(['LoadCreated']);
  });

  describe('a number whose creation stopped after reserving it, never recording its load (a crash between the two appends)', () => {
    const TAKEN = { load_number: ['ID already taken.'] };
    const typesOf = async (stream: string) =>
      (await system.db.pool.query<{ type: string }>('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY position', [stream])).rows.map((row) => row.type);
    /** What such a creation leaves behind, `ms` ago: the number reserved for a load id with no load. That id. */
    async function strandedReservation(number: string, ms: number, loadId: string = randomUUID()): Promise<string> {
      await system.store.appendToStream(loadNumberStream(number), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: number }, metadata: {} }], { expectedRevision: 'no_stream' });
      await ageStream(system.pool, loadNumberStream(number), ms);
      return loadId;
    }

    it('stays taken while the reservation is recent: the creation may still be recording its load', async () => {
      const stranded = await strandedReservation('kdt_stall-1', LOAD_RESERVATION_GRACE_MS / 2);
      expect((await vendorB.post('/api/loads/', { load_number: 'kdt_stall-1' })).body).toEqual(TAKEN);
      expect(await typesOf(loadStream(stranded))).toEqual([]);
    });

    it('goes to the next creation once the reservation is old, and is closed to the creation that stopped', async () => {
      // The stopped creation was vendor A's, with its form's key: sending it again is what its user does.
      const key = randomUUID();
      const userId = (await vendorA.get('/api/auth/user/')).body.id as string;
      const stranded = await strandedReservation('kdt_stall-2', 2 * LOAD_RESERVATION_GRACE_MS, keyedId('create-load', userId, key));
      // The id check reads the loads, so it said free all along; now the creation agrees.
      expect((await vendorB.get('/api/loads/check-id/?id_to_check=kdt_stall-2')).body).toEqual({ exists: false });
      const created = await vendorB.post('/api/loads/', { load_number: 'kdt_stall-2' });
      expect(created.status).toBe(201);
      expect(await typesOf(loadStream(stranded))).toEqual(['LoadCreationAbandoned']);
      expect(await typesOf(loadNumberStream('kdt_stall-2'))).toEqual(['LoadNumberReserved', 'LoadNumberReserved']);
      expect((await vendorA.post('/api/loads/', { load_number: 'kdt_stall-2' }, { 'Idempotency-Key': key })).body).toEqual(TAKEN);
      expect((await vendorA.post('/api/loads/', { load_number: 'KDT_STALL-2' })).body).toEqual(TAKEN);
      // The read models went past the closed id (the projector has no row for it) and hold one load of the number.
      await system.caughtUp();
      const { rows } = await system.pool.query<{ id: string }>('SELECT id FROM loads WHERE lower(kdt_id) = $1', ['kdt_stall-2']);
      expect(rows.map((row) => row.id)).toEqual([created.body.id]);
      expect((await readAfter(vendorA, created, '/api/loads/check-id/?id_to_check=kdt_stall-2')).body).toEqual({ exists: true });
    });

    it('goes to the next creation at once when an earlier take-over stopped after closing the id', async () => {
      const stranded = await strandedReservation('kdt_stall-3', 1_000);
      await system.store.appendToStream(loadStream(stranded), [{ type: 'LoadCreationAbandoned', data: { load_id: stranded, kdt_id: 'kdt_stall-3' }, metadata: {} }], { expectedRevision: 'no_stream' });
      expect((await vendorB.post('/api/loads/', { load_number: 'kdt_stall-3' })).status).toBe(201);
      expect(await typesOf(loadStream(stranded))).toEqual(['LoadCreationAbandoned']);
    });

    it('answers a creation that was only stalled past the grace with the number taken, recording no second load of it', async () => {
      // Vendor A's creation, through a store that holds the load's append (as a stall between the two appends would)
      // until vendor B has taken the number over.
      let held: (() => void) | undefined;
      const released = new Promise<void>((resolve) => (held = resolve));
      const key = randomUUID();
      const me = (await vendorA.get('/api/auth/user/')).body;
      const loadId = keyedId('create-load', me.id, key);
      const store = system.store;
      const holding: EventStore = {
        kind: store.kind,
        appendToStream: async (streamId, events, options) => {
          if (streamId === loadStream(loadId)) await released;
          return store.appendToStream(streamId, events, options);
        },
        readStream: (streamId, options) => store.readStream(streamId, options),
        readAll: (options) => store.readAll(options),
        subscribeToAll: (options) => store.subscribeToAll(options),
        headPosition: () => store.headPosition(),
        close: async () => {},
      };
      const actor = { userId: me.id, username: me.username, type: 'VENDOR' as const, tier: null, vendorId: vendorAId };
      const stalled = new LoadsService(holding).create(actor, { load_number: 'kdt_stall-4' }, { actorType: 'VENDOR' }, new Date(), key).then(
        () => undefined,
        (error: unknown) => error,
      );
      await until(async () => (await typesOf(loadNumberStream('kdt_stall-4'))).length === 1, { what: 'the stalled creation reserving its number' });
      await ageStream(system.pool, loadNumberStream('kdt_stall-4'), 2 * LOAD_RESERVATION_GRACE_MS);
      const taker = await vendorB.post('/api/loads/', { load_number: 'kdt_stall-4' });
      expect(taker.status).toBe(201);
      held!();
      const refusal = await stalled;
      expect(refusal).toBeInstanceOf(ValidationFailed);
      expect((refusal as ValidationFailed).fields).toEqual(TAKEN);
      expect(await typesOf(loadStream(loadId))).toEqual(['LoadCreationAbandoned']);
    });
  });

  it('refuses a PATCH whose X-Expected-Values are no longer so (409, with the values now), and of two at once with the same, one', async () => {
    const created = await createLoad(vendorA, 'expect-1', { pickup_date: '2026-11-24T14:00:00.000Z' });
    const id = created.body.id as string;
    const expecting = (values: Record<string, FieldValue>) => ({
      'X-Expected-Values': JSON.stringify(Object.fromEntries(Object.entries(values).map(([field, value]) => [field, valueDigest(value)]))),
    });
    const patch = (body: Record<string, unknown>, values: Record<string, FieldValue>) => vendorA.request('PATCH', `/api/loads/${id}/`, body, expecting(values));
    expect((await patch({ delivery_notes: 'Dock 4 — call ahead' }, { delivery_notes: null })).status).toBe(200);
    const head = await system.store.headPosition();
    const stale = await patch({ delivery_notes: 'Gate 2' }, { delivery_notes: null });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: 'Someone else changed this while you were editing. Check the values now, then save again.', current: { delivery_notes: 'Dock 4 — call ahead' } });
    // Someone else already set what this one sets: the same end, no clash, nothing recorded.
    expect((await patch({ delivery_notes: 'Dock 4 — call ahead' }, { delivery_notes: null })).status).toBe(200);
    expect(await system.store.headPosition()).toBe(head);
    // As it is now: saved. A date is the same instant however it is written.
    expect((await patch({ delivery_notes: 'Gate 2', pickup_notes: 'x' }, { delivery_notes: 'Dock 4 — call ahead', pickup_date: '2026-11-24T14:00:00Z' })).status).toBe(200);

    const both = await Promise.all(['Gate 7', 'Gate 9'].map((notes) => patch({ delivery_notes: notes }, { delivery_notes: 'Gate 2' })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = both.find((answer) => answer.status === 200)!;
    expect((await readAfter(vendorA, winner, `/api/loads/${id}/`)).body.delivery_notes).toBe(winner.body.delivery_notes);

    // A long note in any script: the header carries digests, never the value (2,000 Cyrillic letters URI-encoded are
    // 12 kB, over nginx's 8 kB header buffer).
    const long = 'Доставка только через ворота 4. '.repeat(63).slice(0, 2000);
    const saved = await patch({ delivery_notes: long }, { delivery_notes: winner.body.delivery_notes });
    expect(saved.status).toBe(200);
    expect(saved.body.delivery_notes).toBe(long.trim()); // stored trimmed, as the form then shows it
    expect((await patch({ delivery_notes: `${long.slice(0, 1990)} (ok)` }, { delivery_notes: saved.body.delivery_notes })).status).toBe(200);

    for (const header of ['{not json', '[]', '{"vendor_name":"0123456789abcdef"}', '{"delivery_notes":"Gate 2"}', '{"delivery_notes":null}']) {
      const refused = await vendorA.request('PATCH', `/api/loads/${id}/`, { delivery_notes: 'never' }, { 'X-Expected-Values': header });
      expect(refused.status, header).toBe(400);
      expect(refused.body).toEqual({ 'X-Expected-Values': ['X-Expected-Values must be a JSON object of load fields and the digests of their values.'] });
    }
  });

  it('refuses invalid creations with field errors', async () => {
    expect((await vendorA.post('/api/loads/', {})).body).toEqual({ load_number: ['Load Number is required.'] });
    expect((await vendorA.post('/api/loads/', { load_number: '' })).body).toEqual({ load_number: ['Load Number is required.'] });
    expect((await vendorA.post('/api/loads/', { load_number: null })).body).toEqual({ load_number: ['Load Number is required.'] });
    expect((await vendorA.post('/api/loads/', { load_number: 123 })).body).toEqual({ load_number: ['Enter the load number as text.'] });
    expect((await vendorA.post('/api/loads/', { load_number: 'x y' })).status).toBe(400);
    expect((await vendorA.post('/api/loads/', { load_number: 'ok1', rate_amount: 'lots' })).body).toEqual({ rate_amount: ['A valid number is required.'] });
    expect((await vendorA.post('/api/loads/', { load_number: 'ok2', status: 'delivered' })).body).toEqual({ status: ['This field cannot be set when creating a load.'] });
  });

  it('refuses the kdt_ prefix alone as a missing number, and takes nothing', async () => {
    const head = await system.store.headPosition();
    for (const load_number of ['kdt_', '  KDT_  ']) {
      const response = await vendorA.post('/api/loads/', { load_number, kdt_id: load_number });
      expect(response.status, load_number).toBe(400);
      expect(response.body, load_number).toEqual({ load_number: ['Load Number is required.'] });
    }
    expect(await system.store.headPosition()).toBe(head);
    expect((await vendorA.get('/api/loads/check-id/?id_to_check=kdt_')).body).toEqual({ exists: false });
  });

  it('takes a kdt_id that differs from the load number only in case, keeping the load number\'s spelling', async () => {
    const created = await vendorA.post('/api/loads/', { load_number: 'ABC1', kdt_id: 'kdt_abc1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ load_number: 'kdt_ABC1', kdt_id: 'kdt_ABC1' });
    expect((await vendorA.post('/api/loads/', { load_number: 'ABC2', kdt_id: 'kdt_abc3' })).body).toEqual({ kdt_id: ['kdt_id must match the load number.'] });
  });

  it('limits kdt_id to the load number\'s length, and takes nothing', async () => {
    const head = await system.store.headPosition();
    const response = await vendorA.post('/api/loads/', { load_number: 'long1', kdt_id: `kdt_long1${' '.repeat(60)}` });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ kdt_id: ['Ensure this field has no more than 64 characters.'] });
    expect(await system.store.headPosition()).toBe(head);
    expect((await vendorA.post('/api/loads/', { load_number: 'long1', kdt_id: 'kdt_long1' })).status).toBe(201);
  });

  it('limits the stored number to 64 characters whether or not kdt_ was typed, and takes nothing', async () => {
    const head = await system.store.headPosition();
    for (const load_number of ['n'.repeat(61), `kdt_${'n'.repeat(61)}`, 'n'.repeat(64)]) {
      const response = await vendorA.post('/api/loads/', { load_number });
      expect(response.status, load_number).toBe(400);
      expect(response.body, load_number).toEqual({ load_number: ['Ensure this field has no more than 64 characters.'] });
    }
    expect(await system.store.headPosition()).toBe(head);
    for (const [load_number, letter] of [['m'.repeat(60), 'm'], [`kdt_${'p'.repeat(60)}`, 'p']] as const) {
      const created = await vendorA.post('/api/loads/', { load_number });
      expect(created.status, load_number).toBe(201);
      expect(created.body.kdt_id).toBe(`kdt_${letter.repeat(60)}`);
    }
  });

  it('refuses a date-time with an impossible UTC offset, and takes nothing', async () => {
    const head = await system.store.headPosition();
    for (const offset of ['+24:00', '-30:00', '+99:99', '+0960']) {
      const response = await vendorA.post('/api/loads/', { load_number: 'tz1', pickup_date: `2026-11-22T10:00:00${offset}` });
      expect(response.status, offset).toBe(400);
      expect(response.body, offset).toEqual({ pickup_date: ['Enter a valid date and time.'] });
    }
    expect(await system.store.headPosition()).toBe(head);
    const created = await vendorA.post('/api/loads/', { load_number: 'tz1', pickup_date: '2026-11-22T10:00:00+23:59', delivery_date: '2026-11-22T10:00-2359' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pickup_date: '2026-11-21T10:01:00.000Z', delivery_date: '2026-11-23T09:59:00.000Z' });
  });

  it('refuses a repeated id_to_check instead of calling it missing', async () => {
    const response = await vendorA.get('/api/loads/check-id/?id_to_check=x&id_to_check=y');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ id_to_check: ['Send id_to_check once.'] });
  });
});

describe('ownership', () => {
  it('hides a vendor\'s load from another vendor: reads, changes and deletes are 404 and change nothing', async () => {
    const created = await createLoad(vendorA, '2001');
    const id = created.body.id as string;
    await readAfter(vendorA, created, '/api/loads/');
    const listB = await vendorB.get(`/api/loads/?user_id=${created.body.user_id}`);
    expect(listB.status).toBe(200);
    expect(listB.body.map((l: { id: string }) => l.id)).not.toContain(id);
    expect((await vendorB.get(`/api/loads/${id}/`)).status).toBe(404);
    const before = await eventsOf(id);
    expect((await vendorB.request('PATCH', `/api/loads/${id}/`, { status: 'cancelled' })).status).toBe(404);
    expect((await vendorB.request('PATCH', `/api/api/loads/${id}/`, { payment_status: 'paid' })).status).toBe(404);
    expect((await vendorB.request('DELETE', `/api/loads/${id}/`)).status).toBe(404);
    expect(await eventsOf(id)).toEqual(before);
  });

  it('refuses a vendor choosing a vendor', async () => {
    const created = await createLoad(vendorA, '2002');
    const response = await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { vendor: '00000000-0000-4000-8000-000000000000' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'You do not have permission to assign vendors.' });
  });

  it('refuses a load from a vendor whose profile is being deleted, and records nothing', async () => {
    // An ADMIN's vendor deletion records VendorDeleted, then closes the account and its sessions: a vendor's create
    // that comes in between passes the account check, and used to record a load with no vendor at all.
    const { client: vendor, user } = await activeSignedIn(system, 'vendor', 'carrier_being_deleted');
    const vendorId = user.vendor_profile.id as string;
    await system.store.appendToStream(vendorStream(vendorId), [{ type: 'VendorDeleted', data: { vendor_id: vendorId } }]);
    const head = await system.store.headPosition();
    const response = await vendor.post('/api/loads/', { load_number: 'kdt_orphan', kdt_id: 'kdt_orphan' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(await system.store.headPosition()).toBe(head);
    expect((await vendorA.get('/api/loads/check-id/?id_to_check=kdt_orphan')).body).toEqual({ exists: false });
  });

  it('answers a signed-out client with 401', async () => {
    const guest = await system.client().start();
    expect((await guest.get('/api/loads/')).status).toBe(401);
    expect((await guest.post('/api/loads/', { load_number: 'x1' })).status).toBe(401);
  });
});

describe('changing a load', () => {
  it('marks a load picked up and sets its pickup date in the same append', async () => {
    const created = await createLoad(vendorA, '3001');
    const before = Date.now();
    const changed = await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { status: 'picked_up' });
    expect(changed.status).toBe(200);
    expect(changed.body.status).toBe('picked_up');
    expect(Date.parse(changed.body.pickup_date)).toBeGreaterThanOrEqual(before - 1000);
    const events = await eventsOf(created.body.id);
    expect(events.map((e) => e.type)).toEqual(['LoadCreated', 'LoadStatusChanged', 'LoadPickupDateSet']);
    expect(events[2].position - events[1].position).toBe(1n);
    const read = await readAfter(vendorA, changed, `/api/loads/${created.body.id}/`);
    expect(read.body).toEqual(changed.body);
  });

  it('records section edits with old and new values, and nothing when nothing changed', async () => {
    const created = await createLoad(vendorA, '3002', { rate_amount: 1200 });
    const edited = await vendorA.request('PATCH', `/api/api/loads/${created.body.id}/`, { rate_amount: 1350, payment_notes: 'Quick pay', equipment_type: 'Reefer', temperature_required: true, temperature_min: 34, temperature_max: 38 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rate_amount: 1350, payment_notes: 'Quick pay', equipment_type: 'Reefer', temperature_required: true, temperature_min: 34, temperature_max: 38 });
    const sections = (await eventsOf(created.body.id)).filter((e) => e.type === 'LoadSectionEdited').map((e) => e.data);
    expect(sections).toContainEqual({ section: 'rate', changes: { rate_amount: { from: 1200, to: 1350 }, payment_notes: { from: null, to: 'Quick pay' } } });
    const head = await system.store.headPosition();
    const same = await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { rate_amount: '1350.00', equipment_type: 'Reefer' });
    expect(same.status).toBe(200);
    expect(same.headers.get('x-event-position')).toBeNull();
    expect(await system.store.headPosition()).toBe(head);
  });

  it('refuses invalid values with field errors and appends nothing', async () => {
    const created = await createLoad(vendorA, '3003');
    const head = await system.store.headPosition();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ status: 'lost' }, { status: ['Select a valid status: open, picked_up, delivered or cancelled.'] }],
      [{ payment_status: 'maybe' }, { payment_status: ['Select a valid payment status: unpaid, partial, paid or disputed.'] }],
      [{ miles: 'far' }, { miles: ['A valid number is required.'] }],
      [{ delivery_date: '2026-13-01' }, { delivery_date: ['Enter a valid date and time.'] }],
      [{ temperature_min: 40, temperature_max: 30 }, { temperature_max: ['Maximum temperature must not be below the minimum temperature.'] }],
      [{ kdt_id: 'kdt_other', user_id: 'x' }, { kdt_id: ['This field cannot be changed.'], user_id: ['This field cannot be changed.'] }],
      [{ is_hazmat: 'perhaps' }, { is_hazmat: ['Must be a valid boolean.'] }],
      [{ is_hazmat: null }, { is_hazmat: ['This field may not be null.'] }],
      [{ miles: [1] }, { miles: ['A valid number is required.'] }],
      [{ pickup_notes: 5 }, { pickup_notes: ['Not a valid string.'] }],
      [{ last_update: '2026-11-22T10:00:00+99:99' }, { last_update: ['Enter a valid date and time.'] }],
      [{ pickup_date: '2026-11-22T10:00:00-30:00' }, { pickup_date: ['Enter a valid date and time.'] }],
      [{ estimated_delivery_time: '2026-11-22T10:00+2400' }, { estimated_delivery_time: ['Enter a valid date and time.'] }],
    ];
    for (const [body, expected] of cases) {
      const response = await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      for (const [field, messages] of Object.entries(expected)) expect(response.body[field], field).toEqual(messages);
    }
    expect(await system.store.headPosition()).toBe(head);
  });

  it('keeps every change when two status changes race', async () => {
    const created = await createLoad(vendorA, '3004');
    const [a, b] = await Promise.all([
      vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { status: 'cancelled' }),
      vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { status: 'delivered' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const changes = (await eventsOf(created.body.id)).filter((e) => e.type === 'LoadStatusChanged').map((e) => e.data);
    expect(changes).toHaveLength(2);
    expect(changes[0].from).toBe('open');
    expect(changes[1].from).toBe(changes[0].to);
  });

  it('soft-deletes through either path: gone from reads, kept in the store, its number still taken', async () => {
    for (const [number, prefix] of [['4001', '/api/loads/'], ['4002', '/api/api/loads/']] as const) {
      const created = await createLoad(vendorA, number);
      const deleted = await vendorA.request('DELETE', `${prefix}${created.body.id}/`);
      expect(deleted.status).toBe(204);
      const list = await readAfter(vendorA, deleted, '/api/loads/');
      expect(list.body.map((l: { id: string }) => l.id)).not.toContain(created.body.id);
      expect((await vendorA.get(`/api/loads/${created.body.id}/`)).status).toBe(404);
      expect((await vendorA.request('PATCH', `/api/loads/${created.body.id}/`, { status: 'open' })).status).toBe(404);
      expect((await eventsOf(created.body.id)).map((e) => e.type)).toEqual(['LoadCreated', 'LoadDeleted']);
      expect((await vendorA.post('/api/loads/', { load_number: `kdt_${number}` })).body).toEqual({ load_number: ['ID already taken.'] });
    }
  });
});

describe('staff and the tier matrix', () => {
  it('lets ADMIN and DISPATCH_OPS create loads for a chosen vendor, and no one else', async () => {
    const admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
    expect((await admin.post('/api/loads/', { load_number: 'staff1' })).body).toEqual({ vendor: ['Please select a vendor.'] });
    const created = await admin.post('/api/loads/', { load_number: 'staff1', vendor: vendorAId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ vendor: vendorAId, vendor_name: 'Lone Star Carriers' });
    const dispatch = await signIn(system, 'dispatch', 'staff');
    expect((await dispatch.post('/api/loads/', { load_number: 'staff2', vendor: vendorAId })).status).toBe(201);
    for (const username of ['accounting', 'newstaff']) {
      const staff = await signIn(system, username, 'staff');
      const refused = await staff.post('/api/loads/', { load_number: `staff_${username}`, vendor: vendorAId });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: "You don't have permission to create loads." });
    }
    // The vendor sees the load staff created for it.
    const list = await readAfter(vendorA, created, '/api/loads/');
    expect(list.body.map((l: { id: string }) => l.id)).toContain(created.body.id);
  });

  it('enforces who may change status, payment status, rate details and delete', async () => {
    const { body: load } = await createLoad(vendorA, '5001');
    const [accounting, dispatch, pending] = await Promise.all([signIn(system, 'accounting', 'staff'), signIn(system, 'dispatch', 'staff'), signIn(system, 'newstaff', 'staff')]);
    const patch = (client: PortalClient, body: object) => client.request('PATCH', `/api/loads/${load.id}/`, body);
    const expectations: [PortalClient, object, number, string?][] = [
      [accounting, { status: 'picked_up' }, 403, 'You do not have permission to change the load status.'],
      [accounting, { payment_status: 'paid' }, 200],
      [accounting, { rate_amount: 999 }, 200],
      [accounting, { pickup_contact: 'Dock 9' }, 403, 'You do not have permission to save changes to this section.'],
      [dispatch, { payment_status: 'disputed' }, 403, 'You do not have permission to change the payment status.'],
      [dispatch, { status: 'picked_up', pickup_contact: 'Dock 9' }, 200],
      [pending, { rate_amount: 1 }, 403, 'You do not have permission to edit rate details.'],
      [dispatch, {}, 200],
    ];
    for (const [client, body, status, detail] of expectations) {
      const response = await patch(client, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (detail) expect(response.body).toEqual({ detail });
    }
    expect((await dispatch.request('DELETE', `/api/loads/${load.id}/`)).body).toEqual({ detail: 'You do not have permission to delete loads.' });
    await system.caughtUp();
    expect((await pending.get(`/api/loads/${load.id}/`)).status).toBe(200);
  });
});
