import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { GIF, HTML, JPEG, PNG_1x1, pdf } from '../support/files';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeSignedIn, DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let vendor: PortalClient;
let otherVendor: PortalClient;
let admin: PortalClient;
let accounting: PortalClient;
let pending: PortalClient;
let guest: PortalClient;

const upload = (client: PortalClient, loadId: string, documentType: string, name: string, content: Buffer) =>
  client.upload(`/api/loads/${loadId}/documents/`, { document_type: documentType }, { file: { name, content } });
const at = (answer: { headers: Headers }) => `min_position=${answer.headers.get('x-event-position')}`;

async function newLoad(number: string) {
  const created = await vendor.post('/api/loads/', { load_number: number });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await signIn(system, 'carrier', 'vendor');
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  accounting = await signIn(system, 'accounting', 'staff');
  pending = await signIn(system, 'newstaff', 'staff');
  otherVendor = (await activeSignedIn(system, 'vendor', 'docs_rival')).client;
  guest = await system.client().start();
});
afterAll(async () => { await system?.stop(); });

describe('uploading, listing, counting and deleting', () => {
  it('stores a file name without the direction marks that would make it read otherwise', async () => {
    const loadId = await newLoad('docs-bidi');
    // U+202E (right-to-left override) shows 'inv\u202Efdp.png.pdf' as 'invfdp.pdf.png'; the upload parser also turns
    // '&#8238;' into it.
    for (const [sent, stored] of [['inv\u202Efdp.png.pdf', 'invfdp.png.pdf'], ['rate&#8238;fdp.pdf', 'ratefdp.pdf'], ['\u2067bol\u2069 \u200f1.pdf', 'bol 1.pdf']]) {
      const answer = await upload(vendor, loadId, 'other', sent!, pdf());
      expect(answer.status, sent).toBe(201);
      expect(answer.body.file_name, sent).toBe(stored);
      const served = await vendor.download(`${answer.body.file_url as string}?${at(answer)}`);
      expect(served.status, sent).toBe(200);
      expect(served.headers.get('content-disposition'), sent).toContain(`filename*=UTF-8''${encodeURIComponent(stored!)}`);
    }
  });

  it('uploads each type, and the counts and the load\'s flags follow through the projector', async () => {
    const loadId = await newLoad('docs-1');
    const bol = await upload(vendor, loadId, 'bill_of_lading', 'BOL 24101.pdf', pdf());
    expect(bol.status).toBe(201);
    expect(bol.body).toMatchObject({ document_type: 'bill_of_lading', file_name: 'BOL 24101.pdf', file_type: 'pdf', message: 'Bill of Lading uploaded successfully' });
    expect(bol.body.file_url).toBe(`/api/serve-file/load-documents/${loadId}/${bol.body.id}/BOL%2024101.pdf`);
    await upload(vendor, loadId, 'photos', 'dock.jpg', JPEG);
    await upload(vendor, loadId, 'photos', 'seal.png', PNG_1x1);
    const invoice = await upload(vendor, loadId, 'invoice', 'inv.gif', GIF);
    expect(invoice.status).toBe(201);

    const counts = await vendor.get(`/api/loads/${loadId}/documents/counts/?${at(invoice)}`);
    expect(counts.body).toEqual({ bill_of_lading: 1, proof_of_delivery: 0, rate_confirmation: 0, scale_ticket: 0, invoice: 1, photos: 2, other: 0 });
    const photos = await vendor.get(`/api/loads/${loadId}/documents/?document_type=photos`);
    expect(photos.body.map((d: { file_name: string }) => d.file_name)).toEqual(['dock.jpg', 'seal.png']);
    const load = (await vendor.get(`/api/loads/${loadId}/`)).body;
    expect(load).toMatchObject({ has_bill_of_lading: true, has_photos: true, has_invoice: true, has_rate_confirmation: false, has_other_documents: false });
    // Command answers carry the same flags as reads.
    const patched = await vendor.request('PATCH', `/api/loads/${loadId}/`, { pickup_notes: 'Call ahead' });
    expect(patched.body.has_bill_of_lading).toBe(true);

    const deleted = await vendor.request('DELETE', `/api/loads/${loadId}/documents/${bol.body.id}/delete/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ detail: 'Document deleted successfully' });
    const after = await vendor.get(`/api/loads/${loadId}/?${at(deleted)}`);
    expect(after.body.has_bill_of_lading).toBe(false);
    expect((await vendor.get(`/api/loads/${loadId}/documents/?document_type=bill_of_lading`)).body).toEqual([]);
    expect((await vendor.request('DELETE', `/api/loads/${loadId}/documents/${bol.body.id}/delete/`)).status).toBe(404);
    expect((await vendor.download(bol.body.file_url)).status).toBe(404);
  });

  it('checks size, type and real content, and that photos are images', async () => {
    const loadId = await newLoad('docs-2');
    expect((await upload(vendor, loadId, 'other', 'exact.pdf', pdf(5 * 1024 * 1024))).status).toBe(201);
    const head = await system.store.headPosition();
    const over = await upload(vendor, loadId, 'other', 'over.pdf', pdf(5 * 1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: 'File is too large. Maximum size is 5MB.' });
    expect((await upload(vendor, loadId, 'photos', 'scan.pdf', pdf())).body).toEqual({ file: ['Unsupported file type. Allowed types: jpg, jpeg, png, gif.'] });
    expect((await upload(vendor, loadId, 'other', 'page.pdf', HTML)).body).toEqual({ file: ["The file's content is not a valid pdf file."] });
    expect((await upload(vendor, loadId, 'other', 'x.html', HTML)).body).toEqual({ file: ['Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png, gif.'] });
    expect((await upload(vendor, loadId, 'passport', 'a.pdf', pdf())).body).toEqual({ document_type: ['Select a valid document type: bill_of_lading, proof_of_delivery, rate_confirmation, scale_ticket, invoice, photos, other.'] });
    expect((await vendor.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, {})).body).toEqual({ file: ['Please select a file to upload.'] });
    expect(await system.store.headPosition()).toBe(head);
  });
});

describe('an upload sent again (its answer lost)', () => {
  const keyed = (loadId: string, key: string, name: string, content: Buffer, type = 'bill_of_lading') =>
    vendor.upload(`/api/loads/${loadId}/documents/`, { document_type: type }, { file: { name, content } }, 'POST', { 'Idempotency-Key': key });
  const names = async (loadId: string, type = 'bill_of_lading') =>
    ((await vendor.get(`/api/loads/${loadId}/documents/?document_type=${type}`)).body as { file_name: string }[]).map((d) => d.file_name);

  it('with the same Idempotency-Key is recorded once and answered as first uploaded', async () => {
    const loadId = await newLoad('docs-retry-1');
    const key = randomUUID();
    const first = await keyed(loadId, key, 'bol-1.pdf', pdf());
    expect(first.status).toBe(201);
    const head = await system.store.headPosition();
    const again = await keyed(loadId, key.toUpperCase(), 'bol-1.pdf', pdf());
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-event-position')).toBeNull();
    expect(await system.store.headPosition()).toBe(head);
    await vendor.get(`/api/loads/${loadId}/?${at(first)}`);
    expect(await names(loadId)).toEqual(['bol-1.pdf']);
    const history = (await vendor.get(`/api/loads/${loadId}/history/`)).body as { results: { event_type: string }[] };
    expect(history.results.filter((entry) => entry.event_type === 'LoadDocumentUploaded')).toHaveLength(1);

    // A new key is a new upload, even of the same file; without a key, every upload is one (as before).
    expect((await keyed(loadId, randomUUID(), 'bol-1.pdf', pdf())).status).toBe(201);
    expect((await upload(vendor, loadId, 'bill_of_lading', 'bol-1.pdf', pdf())).status).toBe(201);
    const last = await upload(vendor, loadId, 'bill_of_lading', 'bol-1.pdf', pdf());
    await vendor.get(`/api/loads/${loadId}/?${at(last)}`);
    expect(await names(loadId)).toEqual(['bol-1.pdf', 'bol-1.pdf', 'bol-1.pdf', 'bol-1.pdf']);
    // The key is the caller's for that load: on another load it is another upload.
    const otherLoad = await newLoad('docs-retry-2');
    const elsewhere = await keyed(otherLoad, key, 'bol-1.pdf', pdf());
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
  });

  it('with the same key and another file or type is refused, and a key that is not a UUID too; nothing is recorded', async () => {
    const loadId = await newLoad('docs-retry-3');
    const key = randomUUID();
    expect((await keyed(loadId, key, 'bol-1.pdf', pdf())).status).toBe(201);
    const head = await system.store.headPosition();
    const otherFile = await keyed(loadId, key, 'bol-2.pdf', pdf(2048));
    expect(otherFile.status).toBe(400);
    expect(otherFile.body).toEqual({ file: ['This upload key was used for another file. Choose the file again.'] });
    expect((await keyed(loadId, key, 'bol-1.pdf', pdf(), 'other')).body).toEqual({ file: ['This upload key was used for another file. Choose the file again.'] });
    expect(await system.store.headPosition()).toBe(head);
    // Uploaded, deleted, then the same key again: refused, not recorded again under the id the read models had (that
    // stopped the projector on a duplicate key); a later upload is still projected.
    const deletedKey = randomUUID();
    const gone = await keyed(loadId, deletedKey, 'bol-3.pdf', pdf(1024));
    expect((await vendor.request('DELETE', `/api/loads/${loadId}/documents/${gone.body.id}/delete/`)).status).toBe(200);
    const beforeAgain = await system.store.headPosition();
    expect((await keyed(loadId, deletedKey, 'bol-3.pdf', pdf(1024))).body).toEqual({ file: ['This upload key was used for another file. Choose the file again.'] });
    expect(await system.store.headPosition()).toBe(beforeAgain);
    const later = await upload(vendor, loadId, 'bill_of_lading', 'bol-4.pdf', pdf());
    await vendor.get(`/api/loads/${loadId}/?${at(later)}`);
    expect(await names(loadId)).toEqual(['bol-1.pdf', 'bol-4.pdf']);
    // The deleted ids serve the command side only: the read model's state is as it was before they were kept, so a
    // database from before reads alike and `verify` finds no difference.
    const { rows } = await system.db.pool.query(`SELECT state::jsonb ? 'deletedDocumentIds' AS kept FROM loads WHERE id = $1`, [loadId]);
    expect(rows[0].kept).toBe(false);

    const headBefore = await system.store.headPosition();
    const malformed = await keyed(loadId, 'retry-1', 'bol-1.pdf', pdf());
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ 'Idempotency-Key': ['Idempotency-Key must be a UUID.'] });
    expect(await system.store.headPosition()).toBe(headBefore);
  });
});

describe('who may see and manage a load\'s documents', () => {
  it('keeps them from another vendor and from signed-out clients; PENDING staff read only', async () => {
    const loadId = await newLoad('docs-3');
    const bol = await upload(vendor, loadId, 'bill_of_lading', 'bol.pdf', pdf());
    const head = await system.store.headPosition();
    expect((await upload(otherVendor, loadId, 'other', 'x.pdf', pdf())).status).toBe(404);
    expect((await otherVendor.get(`/api/loads/${loadId}/documents/`)).status).toBe(404);
    expect((await otherVendor.get(`/api/loads/${loadId}/documents/counts/`)).status).toBe(404);
    expect((await otherVendor.request('DELETE', `/api/loads/${loadId}/documents/${bol.body.id}/delete/`)).status).toBe(404);
    expect((await otherVendor.download(bol.body.file_url)).status).toBe(404);
    expect((await guest.download(bol.body.file_url)).status).toBe(404);
    const refused = await upload(pending, loadId, 'other', 'x.pdf', pdf());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to upload documents' });
    expect((await pending.request('DELETE', `/api/loads/${loadId}/documents/${bol.body.id}/delete/`)).status).toBe(403);
    expect(await system.store.headPosition()).toBe(head);
    expect((await pending.get(`/api/loads/${loadId}/documents/?${at(bol)}`)).body).toHaveLength(1);
    expect((await pending.download(bol.body.file_url)).status).toBe(200);
    expect((await accounting.upload(`/api/loads/${loadId}/documents/`, { document_type: 'invoice' }, { file: { name: 'inv.pdf', content: pdf() } })).status).toBe(201);
    const served = await admin.download(bol.body.file_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the public photo gallery', () => {
  it('shows exactly the load\'s photos to anyone with the link, and nothing else of the load', async () => {
    const loadId = await newLoad('gallery-1');
    await vendor.request('PATCH', `/api/loads/${loadId}/`, { rate_amount: 4321 });
    await upload(vendor, loadId, 'bill_of_lading', 'bol.pdf', pdf());
    const photo = await upload(vendor, loadId, 'photos', 'trailer.png', PNG_1x1);
    const gallery = await guest.get(`/api/photo-gallery/${loadId}/?${at(photo)}`);
    expect(gallery.status).toBe(200);
    expect(Object.keys(gallery.body)).toEqual(['photos']);
    expect(gallery.body.photos).toHaveLength(1);
    expect(Object.keys(gallery.body.photos[0]).sort()).toEqual(['file_name', 'id', 'uploaded_at', 'url']);
    expect(JSON.stringify(gallery.body)).not.toContain('4321');
    const image = await guest.download(gallery.body.photos[0].url);
    expect(image.status).toBe(200);
    expect(image.content.equals(PNG_1x1)).toBe(true);
    // The BOL is not reachable through the gallery, whatever id is tried.
    const documents = (await vendor.get(`/api/loads/${loadId}/documents/?document_type=bill_of_lading`)).body;
    expect((await guest.download(`/api/photo-gallery/${loadId}/photos/${documents[0].id}/bol.pdf`)).status).toBe(404);
  });

  it('answers 404 for a wrong or malformed id, and for a deleted load', async () => {
    expect((await guest.get('/api/photo-gallery/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
    expect((await guest.get("/api/photo-gallery/1' OR '1'='1/")).status).toBe(404);
    const loadId = await newLoad('gallery-2');
    const deleted = await vendor.request('DELETE', `/api/loads/${loadId}/`);
    expect((await guest.get(`/api/photo-gallery/${loadId}/?${at(deleted)}`)).status).toBe(404);
  });
});
