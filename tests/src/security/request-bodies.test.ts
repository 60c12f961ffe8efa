// Bodies the command API cannot take as they are: each refused with a 4xx in the error shape (never a 500), nothing
// recorded or reserved, and nothing a request sent left on the server's disk.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let carrier: PortalClient;
let pending: PortalClient;
let loadId: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b1a30000000049454e44ae426082', 'hex');

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  carrier = await signIn(system, 'carrier', 'vendor');
  pending = await signIn(system, 'newstaff', 'staff');
  loadId = (await carrier.post('/api/loads/', { load_number: 'bodies-1' })).body.id;
});
afterAll(async () => { await system?.stop(); });

/** What waits on disk for requests under way (nothing, between requests). */
const incoming = () => fs.readdir(path.join(system.dataDir, 'incoming'));
/** Files the multipart parser names by itself (25 lower-case letters and digits) in the system's temp folder, its default. */
const strayUploads = async () => (await fs.readdir(os.tmpdir())).filter((name) => /^[a-z][0-9a-z]{24}$/.test(name));

/** A multipart body by hand: `parts` as they go on the wire, without the closing boundary when `cut`. */
function multipart(parts: { name: string; file?: string; content: string | Buffer }[], cut = false) {
  const boundary = 'bodies-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.file ? `; filename="${part.file}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (!cut) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function send(client: PortalClient, method: string, url: string, body: Buffer | string, headers: Record<string, string>) {
  const csrf = client.cookies.get('csrftoken')!;
  const response = await fetch(system.url + url, { method, headers: { Cookie: client.cookieHeader(), 'X-CSRFToken': csrf, ...headers }, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text, which the assertions below refuse
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

describe('uploaded files', () => {
  it('are never left on disk: not by a refused upload, a route that takes no file, a guest, or a parse cut short', async () => {
    const guest = await system.client().start();
    const big = Buffer.alloc(1024 * 1024, 1);
    const strayBefore = await strayUploads();
    const cases = [
      // A guest's logout, which takes no file.
      () => guest.upload('/api/auth/logout/', {}, { file: { name: 'big.pdf', content: big } }),
      // Refused: an unknown document type; a caller without a tier; a route that takes no file.
      () => carrier.upload(`/api/loads/${loadId}/documents/`, { document_type: 'bogus' }, { file: { name: 'big.pdf', content: big } }),
      () => pending.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, { file: { name: 'big.pdf', content: big } }),
      () => carrier.upload(`/api/loads/${loadId}/`, { pickup_notes: 'x' }, { file: { name: 'big.pdf', content: big } }, 'PATCH'),
      // Two files: the parse stops at the second.
      () => carrier.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, { file: { name: 'a.png', content: PNG }, file2: { name: 'b.png', content: PNG } }),
      // A body cut off before its closing boundary.
      () => {
        const { body, type } = multipart([{ name: 'document_type', content: 'other' }, { name: 'file', file: 'a.png', content: big }], true);
        return send(carrier, 'POST', `/api/loads/${loadId}/documents/`, body, { 'Content-Type': type });
      },
    ];
    for (const [i, request] of cases.entries()) {
      const answer = await request();
      expect(answer.status, `case ${i}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `case ${i}`).toBeLessThan(500);
      expect(await incoming(), `case ${i}`).toEqual([]);
    }
    // And a stored one is stored, with nothing left behind either.
    const stored = await carrier.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, { file: { name: 'a.png', content: PNG } });
    expect(stored.status).toBe(201);
    expect(await incoming()).toEqual([]);
    expect((await strayUploads()).filter((name) => !strayBefore.includes(name))).toEqual([]);
  });

  it('more than one file, or too many fields, is refused with its own message', async () => {
    const two = await carrier.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, { file: { name: 'a.png', content: PNG }, file2: { name: 'b.png', content: PNG } });
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ detail: 'Send one file at a time.' });
    const fields = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'x']));
    const many = await carrier.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other', ...fields }, { file: { name: 'a.png', content: PNG } });
    expect(many.status).toBe(413);
    expect(many.body).toEqual({ detail: 'Request body is too large.' });
  });
});

describe('malformed bodies', () => {
  it('a multipart body without a boundary, with garbage, or cut off answers 400 in the error shape, also to a guest', async () => {
    const guest = await system.client().start();
    const cut = multipart([{ name: 'username', content: 'x' }], true);
    const cases: [string, Buffer | string][] = [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=abc', 'garbage'],
      [cut.type, cut.body],
    ];
    for (const [type, body] of cases) {
      for (const [client, url] of [[guest, '/api/auth/login/'], [carrier, `/api/loads/${loadId}/documents/`]] as const) {
        const answer = await send(client, 'POST', url, body, { 'Content-Type': type });
        expect(answer.status, `${type} to ${url}`).toBe(400);
        expect(answer.body, `${type} to ${url}`).toEqual({ detail: 'Malformed multipart body.' });
      }
    }
  });

  it('a body that says it is compressed and is not answers 400, and changes nothing', async () => {
    const guest = await system.client().start();
    const head = await system.store.headPosition();
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const login = await send(guest, 'POST', '/api/auth/login/', 'x', { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      expect(login.status, encoding).toBe(400);
      expect(login.body, encoding).toEqual({ detail: 'Malformed request body.' });
      const patch = await send(carrier, 'PATCH', `/api/loads/${loadId}/`, '{"pickup_notes":"x"}', { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      expect(patch.status, encoding).toBe(400);
    }
    expect(await system.store.headPosition()).toBe(head);
  });
});

describe('a body of a type the API does not read', () => {
  it('answers 415 in the error shape and changes nothing, where it would have been taken for an empty body', async () => {
    const head = await system.store.headPosition();
    const before = (await carrier.get(`/api/loads/${loadId}/`)).body;
    for (const type of ['application/xml', 'text/plain', undefined]) {
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
      // fetch gives a string body its own type: a Buffer goes without one.
      const answer = await send(carrier, 'PATCH', `/api/loads/${loadId}/`, Buffer.from('{"status":"cancelled"}'), headers);
      expect(answer.status, type).toBe(415);
      expect(answer.body, type).toEqual({
        detail: type
          ? `Unsupported media type "${type}" in request. Send JSON (application/json) or multipart/form-data.`
          : 'The request body has no Content-Type. Send JSON (application/json) or multipart/form-data.',
      });
    }
    expect(await system.store.headPosition()).toBe(head);
    expect((await carrier.get(`/api/loads/${loadId}/`)).body).toEqual(before);
    // JSON (with its charset), and an empty body without a type (a logout), are read as before.
    const json = await send(carrier, 'PATCH', `/api/loads/${loadId}/`, '{"pickup_notes":"dock 4"}', { 'Content-Type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(200);
    const guest = await system.client().start();
    const logout = await send(guest, 'POST', '/api/auth/logout/', Buffer.alloc(0), {});
    expect(logout.status).toBe(200);
  });
});

describe('half of a surrogate pair in JSON text', () => {
  // Sent as the JSON escape: the bytes a client's JSON.stringify writes for such a string.
  it('is refused field by field, with nothing recorded and the load number not reserved', async () => {
    const head = await system.store.headPosition();
    const patched = await send(carrier, 'PATCH', `/api/loads/${loadId}/`, '{"pickup_notes":"a\\ud800b"}', { 'Content-Type': 'application/json' });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ pickup_notes: ['Invalid characters are not allowed.'] });
    const created = await send(carrier, 'POST', '/api/loads/', '{"load_number":"sur1","pickup_location":"x\\udc00"}', { 'Content-Type': 'application/json' });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ pickup_location: ['Invalid characters are not allowed.'] });
    const profile = await send(carrier, 'PATCH', '/api/profiles/vendor/', '{"legal_name":"x\\udc00y"}', { 'Content-Type': 'application/json' });
    expect(profile.status).toBe(400);
    const guest = await system.client().start();
    const signUp = await send(guest, 'POST', '/api/auth/signup/vendor/', `{"username":"surro1","email":"a\\udc00@example.com","password":"Haul-Freight-2026!"}`, { 'Content-Type': 'application/json' });
    expect(signUp.status).toBe(400);
    expect(await system.store.headPosition()).toBe(head);
    // A pair is a character like any other.
    const paired = await send(carrier, 'PATCH', `/api/loads/${loadId}/`, '{"pickup_notes":"dock \\ud83d\\ude9a"}', { 'Content-Type': 'application/json' });
    expect(paired.status).toBe(200);
    expect((paired.body as { pickup_notes: string }).pickup_notes).toBe('dock \u{1F69A}');
    // Nothing was reserved: the number is free, and can be taken.
    expect((await carrier.get('/api/loads/check-id/?id_to_check=sur1')).body).toEqual({ exists: false });
    expect((await carrier.post('/api/loads/', { load_number: 'sur1' })).status).toBe(201);
  });
});

describe('what the HTTP parser refuses before any route runs', () => {
  it('answers an address too long for the server with 431 in the error shape, and a malformed request with 400', async () => {
    const long = await fetch(`${system.url}/api/loads/?search=${'x'.repeat(20_000)}`, { headers: { Cookie: carrier.cookieHeader() } });
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await long.json()).toEqual({ detail: 'The request line or headers are too large.' });
    // Not HTTP at all, on a raw connection.
    const { host, port } = new URL(system.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), host.split(':')[0]!, () => socket.write('HELLO THERE\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"detail":"Malformed request."}');
  });
});

describe('a method a command route does not take', () => {
  it('answers 405 in the error shape, naming the methods it does take', async () => {
    const answer = await send(carrier, 'PUT', `/api/loads/${loadId}/`, '{}', { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect(answer.headers.get('allow')).toMatch(/PATCH/);
  });

  it('answers a method no route takes (WebDAV and the like) with 405 on a known path and 404 elsewhere, in the error shape', async () => {
    await system.caughtUp();
    const before = (await carrier.get(`/api/loads/${loadId}/`)).body;
    expect(before).toMatchObject({ id: loadId });
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
      const known = await send(carrier, method, `/api/loads/${loadId}/`, '', {});
      expect(known.status, method).toBe(405);
      expect(known.body).toEqual({ detail: `Method "${method}" not allowed.` });
      expect(known.headers.get('allow')).toMatch(/PATCH/);
      const unknown = await send(carrier, method, '/api/nothing-here/', '', {});
      expect(unknown.status, method).toBe(404);
      expect(unknown.body).toEqual({ detail: 'Not found.' });
    }
    expect((await carrier.get(`/api/loads/${loadId}/`)).body).toEqual(before);
  });
});
