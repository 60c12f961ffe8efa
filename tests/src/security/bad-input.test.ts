// Random and malformed bodies, query strings and multipart parts at every command endpoint: the answer is a 4xx in the
// spec's error shape (or a success), never a 5xx, and a refused request adds no event.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let vendor: PortalClient;
let admin: PortalClient;
let loadId: string;
let vendorId: string;
let staffId: string;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await signIn(system, 'carrier', 'vendor');
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  loadId = (await vendor.post('/api/loads/', { load_number: 'fuzz-1' })).body.id;
  vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id;
  staffId = (await admin.get('/api/staff-accounts/')).body.find((a: { username: string }) => a.username === 'newstaff').id;
});
afterAll(async () => { await system?.stop(); });

const json = fc.jsonValue({ maxDepth: 3 });
const fieldNames = fc.constantFrom(
  'status', 'payment_status', 'pickup_date', 'rate_amount', 'temperature_min', 'is_hazmat', 'vendor', 'load_number', 'kdt_id',
  'legal_name', 'phone_1', 'federal_id', 'username', 'password', 'email', 'tier', 'document_type', 'user_id', '__proto__', 'constructor',
);
const body = fc.oneof(
  fc.dictionary(fieldNames, json, { maxKeys: 6 }),
  json,
  fc.string({ maxLength: 200 }),
  fc.constant('{"unterminated'),
  fc.constant('null'),
);

function endpoints() {
  return [
    ['POST', '/api/auth/signup/vendor/'], ['POST', '/api/auth/signup/staff/'], ['POST', '/api/auth/login/'],
    ['POST', '/api/loads/'], ['PATCH', `/api/loads/${loadId}/`], ['PATCH', `/api/api/loads/${loadId}/`],
    ['PATCH', '/api/profiles/vendor/'], ['PATCH', '/api/profiles/staff/'], ['PATCH', `/api/vendors/${vendorId}/`],
    ['PATCH', `/api/staff-accounts/${staffId}/update-tier/`], ['POST', `/api/loads/${loadId}/documents/`],
    ['POST', `/api/vendor/documents/insurance/`], ['POST', `/api/recycle-bin/loads/${loadId}/restore/`],
  ] as const;
}

const isErrorShape = (status: number, body: unknown) =>
  status < 400 ||
  (typeof body === 'object' && body !== null && (typeof (body as { detail?: unknown }).detail === 'string' ||
    Object.values(body).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))));

it('never answers a malformed command with a 5xx, always with the error shape, and records nothing when refusing', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...endpoints()), body, fc.constantFrom(admin, vendor), fc.boolean(), async ([method, path], payload, client, raw) => {
      const head = await system.store.headPosition();
      const response = raw
        ? await client.request(method, path, typeof payload === 'string' ? payload : JSON.stringify(payload))
        : await client.request(method, path, payload);
      expect(response.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(isErrorShape(response.status, response.body), `${method} ${path} -> ${JSON.stringify(response.body)}`).toBe(true);
      if (response.status >= 400) expect(await system.store.headPosition()).toBe(head);
    }),
    { numRuns: 300, seed: 20261121 },
  );
}, 180_000);

it('never answers malformed multipart parts or query strings with a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(fc.constantFrom('document_type', 'file', 'carrier_agreement_status', 'carrier_agreement_date', 'x'), fc.string({ maxLength: 50 }), { maxKeys: 3 }),
      fc.string({ maxLength: 40 }),
      fc.uint8Array({ maxLength: 64 }),
      async (fields, fileName, bytes) => {
        const head = await system.store.headPosition();
        for (const path of [`/api/loads/${loadId}/documents/`, '/api/vendor/documents/w9_document/']) {
          const response = await vendor.upload(path, fields, { file: { name: fileName, content: Buffer.from(bytes) } });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(await system.store.headPosition()).toBe(head);
        }
        const agreement = await vendor.upload('/api/profiles/vendor/', fields, { carrier_agreement_document: { name: fileName, content: Buffer.from(bytes) } }, 'PATCH');
        expect(agreement.status).toBeLessThan(500);
      },
    ),
    { numRuns: 60, seed: 7 },
  );
  const queries = fc.string({ maxLength: 60 }).map((s) => encodeURIComponent(s));
  await fc.assert(
    fc.asyncProperty(queries, queries, async (a, b) => {
      for (const path of [`/api/loads/?user_id=${a}`, `/api/loads/check-id/?id_to_check=${a}`, `/api/loads/${loadId}/history/?page=${a}&page_size=${b}`,
        `/api/loads/${loadId}/documents/?document_type=${a}`, `/api/payments/log/?from=${a}&to=${b}&vendor=${a}&status=${b}`,
        `/api/loads/${loadId}/?as_of=${a}`, `/api/loads/${loadId}/?as_of_position=${b}`, `/api/health/?min_position=${a}`]) {
        const response = await admin.get(path);
        expect(response.status, path).toBeLessThan(500);
      }
    }),
    { numRuns: 60, seed: 11 },
  );
}, 180_000);

it('refuses a point in the past given twice with 400, and answers it for a deleted load with 404 to anyone who may not see deleted records', async () => {
  // Repeated parameters arrive as arrays; they used to be taken as "no point given" and answered with the load as it is now.
  for (const [query, field, message] of [
    ['as_of_position=1&as_of_position=2', 'as_of_position', 'Enter a valid event position.'],
    ['as_of=2026-01-01&as_of=2026-02-01', 'as_of', 'Enter a valid date and time.'],
  ] as const) {
    const answer = await admin.get(`/api/loads/${loadId}/?${query}`);
    expect(answer.status, query).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
  }
  // A deleted load: the vendor (who may not see deleted records) gets the same 404 whether the point is well formed or not.
  const gone = (await vendor.post('/api/loads/', { load_number: 'fuzz-deleted' })).body.id as string;
  const deleted = await vendor.request('DELETE', `/api/loads/${gone}/`);
  expect(deleted.status).toBe(204);
  const seen = { 'X-Min-Position': deleted.headers.get('x-event-position')! };
  for (const query of ['', '?as_of_position=1&as_of_position=2', '?as_of_position=soon', '?as_of_position=1']) {
    const answer = await vendor.get(`/api/loads/${gone}/${query}`, seen);
    expect(answer.status, query).toBe(404);
    expect(answer.body).toEqual({ detail: 'Not found.' });
  }
});
