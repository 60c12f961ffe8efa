import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { pdf } from '../support/files';
import { startTestSystem, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let vendor: PortalClient;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await signIn(system, 'carrier', 'vendor');
});
afterAll(async () => { await system?.stop(); });

it('loses no update when 50 writers change one load at once', async () => {
  const { body: load } = await vendor.post('/api/loads/', { load_number: 'contended-1' });
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => vendor.request('PATCH', `/api/loads/${load.id}/`, { pickup_notes: `writer ${i}` })),
  );
  const accepted = answers.map((a, i) => [a, i] as const).filter(([a]) => a.status === 200).map(([, i]) => `writer ${i}`);
  for (const answer of answers) {
    expect([200, 409]).toContain(answer.status);
    if (answer.status === 409) expect(answer.body).toEqual({ detail: 'This record was changed by someone else. Please reload and try again.' });
  }
  expect(accepted.length).toBeGreaterThan(0);
  const { rows } = await system.db.pool.query(
    `SELECT data->'changes'->'pickup_notes'->>'to' AS note, revision FROM es_events WHERE stream_id = $1 AND type = 'LoadSectionEdited' ORDER BY revision`,
    [`load-${load.id}`],
  );
  // Every acknowledged change is in the stream exactly once, and nothing unacknowledged is.
  expect(rows.map((r) => r.note).sort()).toEqual([...accepted].sort());
  const chain = (await system.db.pool.query(`SELECT data FROM es_events WHERE stream_id = $1 AND type = 'LoadSectionEdited' ORDER BY revision`, [`load-${load.id}`])).rows;
  for (let i = 1; i < chain.length; i++) expect(chain[i].data.changes.pickup_notes.from).toBe(chain[i - 1].data.changes.pickup_notes.to);
}, 120_000);

it('gets every one of 16 simultaneous changes to one load through, none refused with 409, repeatedly', async () => {
  // No request names a revision: a change that met another one is decided again on the stream as it now is. Each
  // conflict is another writer's success, so 16 writers need at most 16 attempts each (before, 3 attempts refused
  // about a third of 8, and 10 attempts about 7% of 12).
  const fields = ['pickup_notes', 'delivery_notes', 'special_instructions', 'pickup_contact', 'delivery_contact', 'pickup_number', 'delivery_number', 'equipment_type'];
  const changes = fields.flatMap((field) => [`${field} a`, `${field} b`].map((value) => ({ field, value })));
  for (let round = 0; round < 5; round += 1) {
    const { body: load } = await vendor.post('/api/loads/', { load_number: `simultaneous-${round}` });
    const answers = await Promise.all(changes.map(({ field, value }) => vendor.request('PATCH', `/api/loads/${load.id}/`, { [field]: `${value} ${round}` })));
    expect(answers.map((answer) => answer.status), `round ${round}`).toEqual(changes.map(() => 200));
    const { rows } = await system.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'LoadSectionEdited'`, [`load-${load.id}`]);
    expect(rows[0].n).toBe(changes.length);
  }
}, 120_000);

it('stores nothing and records nothing when an upload is cut off midway', async () => {
  const { body: load } = await vendor.post('/api/loads/', { load_number: 'cutoff-1' });
  const head = await system.store.headPosition();
  const filesDir = path.join(system.dataDir, 'files');
  const countFiles = () => (fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true }).length : 0);
  const before = countFiles();
  const boundary = '----cutoff';
  const content = pdf(2 * 1024 * 1024);
  const head1 = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nbill_of_lading\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bol.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const total = Buffer.byteLength(head1) + content.length + Buffer.byteLength(`\r\n--${boundary}--\r\n`);
  const url = new URL(system.url);
  await new Promise<void>((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST /api/loads/${load.id}/documents/ HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${vendor.cookieHeader()}\r\nX-CSRFToken: ${vendor.cookies.get('csrftoken')}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n`,
      );
      socket.write(head1);
      // Half the file, then the connection drops.
      socket.write(content.subarray(0, content.length / 2), () => setTimeout(() => { socket.destroy(); resolve(); }, 200));
    });
    socket.on('error', () => resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await system.store.headPosition()).toBe(head);
  expect(countFiles()).toBe(before);
  // The service is fine: the same upload, complete, works.
  const complete = await vendor.upload(`/api/loads/${load.id}/documents/`, { document_type: 'bill_of_lading' }, { file: { name: 'bol.pdf', content } });
  expect(complete.status).toBe(201);
}, 60_000);
