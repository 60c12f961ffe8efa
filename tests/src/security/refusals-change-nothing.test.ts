// Defects found by the access walk and the scan, each pinned: NUL characters are refused before anything is reserved
// or recorded; a refused part of a staff profile save refuses all of it; simultaneous sign-ins of one user all succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, GOOD_PASSWORD, login, signIn, signUp } from '../accounts/support';

let system: TestSystem;
let admin: PortalClient;
let carrier: PortalClient;
const NUL = 'Null characters are not allowed.';

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  carrier = await signIn(system, 'carrier', 'vendor');
});
afterAll(async () => {
  await system?.stop();
});

describe('NUL characters', () => {
  it('are refused in query values with a validation error, on every read', async () => {
    for (const path of ['/api/loads/check-id/?id_to_check=abc%00def', '/api/loads/?search=a%00b', '/api/payments/log/?vendor=%00']) {
      const answer = await carrier.get(path);
      expect(answer.status, path).toBe(400);
    }
    const answer = await carrier.get('/api/loads/check-id/?id_to_check=abc%00def');
    expect(answer.body).toEqual({ id_to_check: [NUL] });
  });

  it('are refused in JSON text fields with nothing recorded and nothing reserved', async () => {
    const head = await system.store.headPosition();
    const created = await carrier.post('/api/loads/', { load_number: 'NUL\u0000LOAD' });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ load_number: [NUL] });
    const signUpAnswer = await signUp(await system.client().start(), 'vendor', 'nul\u0000name');
    expect(signUpAnswer.status).toBe(400);
    const loads = (await carrier.get('/api/loads/')).body as { id: string }[];
    const patched = await carrier.request('PATCH', `/api/loads/${loads[0]!.id}/`, { pickup_notes: 'Dock\u00007', nested: { deep: ['x\u0000'] } });
    expect(patched.status).toBe(400);
    expect(patched.body.pickup_notes).toEqual([NUL]);
    expect((await system.client().start().then((c) => c.post('/api/auth/login/', { username: 'carrier\u0000', password: DEMO_PASSWORD, portal: 'vendor' }))).status).toBe(400);
    expect(await system.store.headPosition()).toBe(head);
    // The load number was not reserved: it can be used once written without the NUL.
    expect((await carrier.post('/api/loads/', { load_number: 'NULLOAD' })).status).toBe(201);
  });
});

describe('control and text direction characters', () => {
  it('are refused in text fields with nothing recorded, while tabs and line breaks in notes are kept', async () => {
    const loads = (await carrier.get('/api/loads/')).body as { id: string }[];
    const id = loads[1]!.id;
    const head = await system.store.headPosition();
    for (const [notes, message] of [
      ['Dock 7\u0007', 'Control characters are not allowed.'],
      ['Gate \u001b[31m4', 'Control characters are not allowed.'],
      ['Bay 3\u007f', 'Control characters are not allowed.'],
      ['Call \u202etxt.exe', 'Text direction control characters are not allowed.'],
      ['Ask for \u2067Sam\u2069', 'Text direction control characters are not allowed.'],
    ]) {
      const answer = await carrier.request('PATCH', `/api/loads/${id}/`, { pickup_notes: notes });
      expect([answer.status, answer.body], JSON.stringify(notes)).toEqual([400, { pickup_notes: [message] }]);
    }
    expect((await carrier.post('/api/loads/', { load_number: 'bidi_1', pickup_location: 'Dallas \u202eXT' })).body).toEqual({
      pickup_location: ['Text direction control characters are not allowed.'],
    });
    expect((await carrier.get('/api/loads/?search=a%07b')).status).toBe(400);
    expect(await system.store.headPosition()).toBe(head);
    // What people do type is kept: a tab and line breaks in notes, right-to-left letters, accents, emoji (a surrogate pair).
    const kept = 'Dock 7\tGate 4\r\nAsk for Sam — שלום, Zoë 🚚';
    const answer = await carrier.request('PATCH', `/api/loads/${id}/`, { pickup_notes: kept });
    expect(answer.status).toBe(200);
    expect(answer.body.pickup_notes).toBe(kept);
  });
});

describe('text that is not UTF-8', () => {
  const NOT_UTF8 = 'Text must be sent as UTF-8: this holds characters that could not be read.';
  it('is refused in JSON and multipart bodies and in queries, with nothing recorded, instead of stored with replacement characters', async () => {
    const loads = (await carrier.get('/api/loads/')).body as { id: string }[];
    const id = loads[2]!.id;
    const head = await system.store.headPosition();
    // "Café" in Latin-1: the é is the byte 0xE9, which is no UTF-8.
    const latin1 = Buffer.concat([Buffer.from('{"pickup_notes":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const json = await carrier.request('PATCH', `/api/loads/${id}/`, latin1, { 'Content-Type': 'application/json; charset=iso-8859-1' });
    expect([json.status, json.body]).toEqual([400, { pickup_notes: [NOT_UTF8] }]);
    const multipart = await carrier.upload('/api/profiles/vendor/', { legal_name: Buffer.from([0x43, 0x61, 0x66, 0xe9]).toString('latin1') }, {}, 'PATCH');
    expect(multipart.status).toBe(200); // the client sent it as UTF-8: "Café" is kept
    const multipartBytes = await carrier.request('PATCH', '/api/profiles/vendor/', Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="legal_name"\r\n\r\nCaf'), Buffer.from([0xe9]), Buffer.from(' Freight\r\n--b--\r\n'),
    ]), { 'Content-Type': 'multipart/form-data; boundary=b' });
    expect([multipartBytes.status, multipartBytes.body]).toEqual([400, { legal_name: [NOT_UTF8] }]);
    expect((await carrier.get('/api/loads/?search=Caf%E9')).status).toBe(400);
    // Nothing of the refused ones was recorded (the one accepted save above is the only event).
    expect(await system.store.headPosition()).toBe(head + 1n);
    expect(((await carrier.get(`/api/loads/${id}/`)).body as { pickup_notes: string | null }).pickup_notes).not.toContain('\ufffd');
    expect(((await carrier.get('/api/profiles/vendor/')).body as { legal_name: string }).legal_name).toBe('Café');
  });
});

describe('a staff profile save that is partly refused', () => {
  it('changes nothing when the built-in admin asks for another tier', async () => {
    const before = (await admin.get('/api/profiles/staff/')).body;
    const head = await system.store.headPosition();
    const answer = await admin.request('PATCH', '/api/profiles/staff/', { department: 'Night desk', tier: 'PENDING' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ detail: 'The built-in admin is always ADMIN.' });
    expect(await system.store.headPosition()).toBe(head);
    expect((await admin.get('/api/profiles/staff/')).body.department).toBe(before.department);
  });

  it('still saves profile fields alone', async () => {
    const answer = await admin.request('PATCH', '/api/profiles/staff/', { department: 'Night desk' });
    expect(answer.status).toBe(200);
    expect(answer.body.department).toBe('Night desk');
  });
});

describe('simultaneous sign-ins of one user', () => {
  it('all succeed, each with its own working session', async () => {
    const clients = await Promise.all(Array.from({ length: 16 }, () => system.client().start()));
    const answers = await Promise.all(clients.map((client) => login(client, 'dispatch', DEMO_PASSWORD, 'staff')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const client of clients) expect((await client.get('/api/auth/user/')).status).toBe(200);
  });

  it('a refused sign-in hands out no session', async () => {
    const client = await system.client().start();
    expect((await login(client, 'dispatch', GOOD_PASSWORD, 'staff')).status).toBe(400);
    expect((await client.get('/api/auth/user/')).status).toBe(401);
  });
});
