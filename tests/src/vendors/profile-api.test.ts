import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { GIF, HTML, JPEG, PNG_1x1, pdf } from '../support/files';
import { activeSignedIn, signIn } from '../accounts/support';
import { profileValueDigest } from '@portal/domain/vendors/profile-fields';

let system: TestSystem;
let vendor: PortalClient;
let otherVendor: PortalClient;
let admin: PortalClient;

const eventsOf = async (type: string) =>
  (await system.db.pool.query(`SELECT data FROM es_events WHERE type = $1 ORDER BY position`, [type])).rows.map((r) => r.data);

const readProfile = async (client: PortalClient, answer?: { headers: Headers }) =>
  client.get(`/api/profiles/vendor/${answer?.headers.get('x-event-position') ? `?min_position=${answer.headers.get('x-event-position')}` : ''}`);

const COMPANY = { legal_name: 'Lone Star Freight LLC', business_name: 'Lone Star Freight', address: '1200 Commerce St', city: 'Dallas', state: 'TX', zip_code: '75202', federal_id: '751234567', mc_number: 'MC-123456', dot_number: '2345678' };
const CONTACT = { contact_name_1: 'Maria Lopez', email_1: 'Dispatch@LoneStarFreight.com', phone_1: '214-555-0142' };
const INSURANCE = { insurance_company: 'Progressive Commercial', insurance_policy_number: 'PC-88231', insurance_expiration: '2027-06-30' };
const BANK = { bank_account_holder_name: 'Lone Star Freight LLC', bank_name: 'Frost Bank', bank_routing_number: '114000093', bank_account_number: '00012345678' };

beforeAll(async () => {
  system = await startTestSystem();
  vendor = (await activeSignedIn(system, 'vendor', 'lonestar')).client;
  otherVendor = (await activeSignedIn(system, 'vendor', 'rival_lines')).client;
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
});
afterAll(async () => { await system?.stop(); });

describe('the vendor profile', () => {
  it('starts empty and incomplete, and belongs to vendors only', async () => {
    const { status, body } = await vendor.get('/api/profiles/vendor/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: 'lonestar', legal_name: null, phone_1: null, insurance_document: false, insurance_document_url: null, carrier_agreement_status: false, is_complete: false });
    expect(body.completeness).toEqual({ company: false, contact: false, insurance: false, bank: false, agreement: false, profile: false });
    expect((await admin.get('/api/profiles/vendor/')).status).toBe(404);
    // Staff have no profile of their own here: an ADMIN must name the vendor to edit.
    expect((await admin.request('PATCH', '/api/profiles/vendor/', { legal_name: 'X' })).body).toEqual({ vendor: ['Choose the vendor to edit.'] });
  });

  it('saves fields auto-formatted, one event per section with old and new values', async () => {
    const saved = await vendor.request('PATCH', '/api/profiles/vendor/', { ...COMPANY, ...CONTACT });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ federal_id: '75-1234567', mc_number: '123456', phone_1: '(214) 555-0142', email_1: 'dispatch@lonestarfreight.com' });
    expect(saved.body.completeness).toMatchObject({ company: true, contact: true, insurance: false, profile: false });
    const renamed = await vendor.request('PATCH', '/api/profiles/vendor/', { legal_name: 'Lone Star Freight Lines LLC', city: '' });
    expect(renamed.body).toMatchObject({ legal_name: 'Lone Star Freight Lines LLC', city: 'Dallas' });
    const edits = await eventsOf('VendorProfileEdited');
    expect(edits.map((e) => e.section)).toEqual(['company', 'contact', 'company']);
    expect(edits[2].changes).toEqual({ legal_name: { from: 'Lone Star Freight LLC', to: 'Lone Star Freight Lines LLC' } });
    const read = await readProfile(vendor, renamed);
    expect(read.body).toEqual(renamed.body);
  });

  it('records nothing when nothing changed', async () => {
    const head = await system.store.headPosition();
    const same = await vendor.request('PATCH', '/api/profiles/vendor/', { city: 'Dallas', phone_1: '(214) 555-0142', state: '' });
    expect(same.status).toBe(200);
    expect(await system.store.headPosition()).toBe(head);
  });

  it('refuses every invalid value with the spec message and records nothing', async () => {
    const head = await system.store.headPosition();
    const response = await vendor.request('PATCH', '/api/profiles/vendor/', {
      phone_1: '555-01', fax: '12', mc_number: '12', federal_id: '12-34', tax_id: 'abc', dot_number: '123', bank_routing_number: '12345',
      bank_account_number: '12', zip_code: '7520', insurance_zip: '1234567', email_2: 'nope', state: 'ZZ', insurance_expiration: '2027-02-30',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      phone_1: ['Phone format: (xxx) xxx-xxxx'], fax: ['Phone format: (xxx) xxx-xxxx'], mc_number: ['MC Number must be 5-7 digits'],
      federal_id: ['Tax ID format: xx-xxxxxxx'], tax_id: ['Tax ID format: xx-xxxxxxx'], dot_number: ['DOT Number must be 6-8 digits'],
      bank_routing_number: ['Routing number must be 9 digits'], bank_account_number: ['Account number must be 4-17 digits'],
      zip_code: ['ZIP code format: 12345 or 12345-6789'], insurance_zip: ['ZIP code format: 12345 or 12345-6789'],
      email_2: ['Please enter a valid email address.'], state: ['Select a valid state.'], insurance_expiration: ['Enter a valid date (yyyy-mm-dd).'],
    });
    expect(await system.store.headPosition()).toBe(head);
  });

  it('refuses digit-only fields holding other characters instead of saving their digits or nothing', async () => {
    const before = (await vendor.get('/api/profiles/vendor/')).body;
    const head = await system.store.headPosition();
    const junk = await vendor.request('PATCH', '/api/profiles/vendor/', { bank_account_number: 'abc', dot_number: 'n/a', phone_1_ext: 'x', bank_routing_number: '--' });
    expect(junk.status).toBe(400);
    expect(junk.body).toEqual({
      bank_account_number: ['Account number must be 4-17 digits'], dot_number: ['DOT Number must be 6-8 digits'],
      phone_1_ext: ['Extension must be 1-6 digits'], bank_routing_number: ['Routing number must be 9 digits'],
    });
    const mixed = await vendor.request('PATCH', '/api/profiles/vendor/', { bank_account_number: 'acct 12-34', phone_2: 'call 214-555-0199', zip_code: 'TX 75202' });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual({
      bank_account_number: ['Account number must be 4-17 digits'], phone_2: ['Phone format: (xxx) xxx-xxxx'], zip_code: ['ZIP code format: 12345 or 12345-6789'],
    });
    expect(await system.store.headPosition()).toBe(head);
    expect((await vendor.get('/api/profiles/vendor/')).body).toEqual(before);
  });

  it('still takes digits typed with spaces and hyphens, and whitespace alone as empty', async () => {
    const saved = await vendor.request('PATCH', '/api/profiles/vendor/', { bank_account_number: '0001 2345-678', dot_number: ' 2-345-678 ', phone_1_ext: '  ', phone_2: '+1 (214) 555.0199' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bank_account_number: '00012345678', dot_number: '2345678', phone_1_ext: null, phone_2: '(214) 555-0199' });
  });

  it('clears optional fields named in cleared_fields (the vendor and an ADMIN), refusing a required one, and records nothing for a field already empty', async () => {
    // Before: a save left empty values out, so a second contact, a website or a fax once saved could never be removed.
    const filled = await vendor.request('PATCH', '/api/profiles/vendor/', { contact_name_2: 'Old Dispatcher', phone_2: '2145550199', website: 'https://old.example' });
    expect(filled.body).toMatchObject({ contact_name_2: 'Old Dispatcher', phone_2: '(214) 555-0199', website: 'https://old.example' });
    const before = await system.store.headPosition();
    for (const [body, errors] of [
      [{ cleared_fields: ['contact_name_2', 'legal_name'] }, { legal_name: ['This field is required.'] }],
      [{ cleared_fields: ['no_such_field'] }, { no_such_field: ['This field cannot be changed.'] }],
      [{ cleared_fields: 'website', website: 'https://new.example' }, { website: ['Either give this field a value or clear it, not both.'] }],
      [{ cleared_fields: { website: true } }, { cleared_fields: ['Enter a list of field names.'] }],
      [{ cleared_fields: Array.from({ length: 500 }, (_, i) => `f${i}`) }, { cleared_fields: ['Enter at most one name per profile field.'] }],
    ] as const) {
      const refused = await vendor.request('PATCH', '/api/profiles/vendor/', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toEqual(errors);
    }
    expect(await system.store.headPosition()).toBe(before);

    const cleared = await vendor.request('PATCH', '/api/profiles/vendor/', { cleared_fields: ['contact_name_2', 'phone_2'], city: 'Dallas' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ contact_name_2: null, phone_2: null, website: 'https://old.example', city: 'Dallas', legal_name: 'Lone Star Freight Lines LLC' });
    const edits = await eventsOf('VendorProfileEdited');
    expect(edits.at(-1)).toEqual({ section: 'contact', changes: { contact_name_2: { from: 'Old Dispatcher', to: null }, phone_2: { from: '(214) 555-0199', to: null } } });
    expect((await readProfile(vendor, cleared)).body).toEqual(cleared.body);
    // Cleared again: nothing to record.
    const head = await system.store.headPosition();
    expect((await vendor.request('PATCH', '/api/profiles/vendor/', { cleared_fields: 'contact_name_2,phone_2' })).status).toBe(200);
    expect(await system.store.headPosition()).toBe(head);

    // An ADMIN, on the vendor's page: the same field list, on the vendor it names.
    const vendorId = (await vendor.get('/api/profiles/vendor/')).body.id as string;
    const byAdmin = await admin.request('PATCH', `/api/vendors/${vendorId}/`, { cleared_fields: ['website'] });
    expect(byAdmin.status).toBe(200);
    expect((await readProfile(vendor, byAdmin)).body.website).toBeNull();
  });

  it('refuses fields a vendor cannot set', async () => {
    const response = await vendor.request('PATCH', '/api/profiles/vendor/', { user_id: 'x', is_staff: true, insurance_document_url: '/x' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body).sort()).toEqual(['insurance_document_url', 'is_staff', 'user_id']);
  });
});

describe('vendor documents', () => {
  it('uploads, lists and serves a document to its vendor and to staff only', async () => {
    const uploaded = await vendor.upload('/api/vendor/documents/insurance/', {}, { file: { name: 'COI 2026.pdf', content: pdf(), type: 'application/pdf' } });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ document_type: 'insurance', exists: true, filename: 'COI 2026.pdf' });
    expect(uploaded.body.url).toMatch(/^\/api\/serve-file\/vendor-documents\/[0-9a-f-]{36}\/[0-9a-f]{64}\/COI%202026\.pdf$/);
    const listed = await vendor.get(`/api/vendor/documents/insurance/?min_position=${uploaded.headers.get('x-event-position')}`);
    expect(listed.body).toEqual({ exists: true, filename: 'COI 2026.pdf', url: uploaded.body.url, last_modified: uploaded.body.last_modified });
    expect((await vendor.get('/api/vendor/documents/w9_document/')).body).toEqual({ exists: false, filename: null, url: null, last_modified: null });

    const own = await vendor.download(uploaded.body.url);
    expect(own.status).toBe(200);
    expect(own.content.equals(pdf())).toBe(true);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toContain(`filename*=UTF-8''COI%202026.pdf`);
    expect((await admin.download(uploaded.body.url)).status).toBe(200);
    expect((await otherVendor.download(uploaded.body.url)).status).toBe(404);
    expect((await system.client().download(uploaded.body.url)).status).toBe(404);
  });

  it('serves a vendor\'s files for the browser to revalidate, and a deleted vendor\'s to admins only', async () => {
    const doomed = (await activeSignedIn(system, 'vendor', 'doomed_freight')).client;
    const staff = (await activeSignedIn(system, 'staff', 'files_clerk')).client;
    const uploaded = await doomed.upload('/api/vendor/documents/w9_document/', {}, { file: { name: 'w9.pdf', content: pdf(), type: 'application/pdf' } });
    expect(uploaded.status).toBe(201);
    const vendorId = (await doomed.get(`/api/profiles/vendor/?min_position=${uploaded.headers.get('x-event-position')}`)).body.id as string;
    const served = await staff.download(uploaded.body.url);
    expect(served.status).toBe(200);
    // The browser keeps its copy but asks each time: unchanged, the answer is a 304 without the file.
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const unchanged = await staff.download(uploaded.body.url, { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.content.length).toBe(0);
    expect((await otherVendor.download(uploaded.body.url, { 'If-None-Match': etag })).status).toBe(404);

    const deleted = await admin.request('DELETE', `/api/vendors/${vendorId}/`);
    expect(deleted.status).toBe(204);
    await system.caughtUp();
    expect((await staff.get(`/api/vendors/${vendorId}/`)).status).toBe(404);
    expect((await staff.download(uploaded.body.url)).status).toBe(404);
    // Nor is the copy a browser kept confirmed to someone who may no longer read it.
    expect((await staff.download(uploaded.body.url, { 'If-None-Match': etag })).status).toBe(404);
    const kept = await admin.download(uploaded.body.url);
    expect(kept.status).toBe(200);
    expect(kept.content.equals(pdf())).toBe(true);
  });

  it('keeps a replaced version in history, still served to its owner', async () => {
    const first = await vendor.upload('/api/vendor/documents/bank_document/', {}, { file: { name: 'voided-check.jpg', content: JPEG } });
    const second = await vendor.upload('/api/vendor/documents/bank_document/', {}, { file: { name: 'bank-letter.png', content: PNG_1x1 } });
    expect(second.status).toBe(201);
    expect(second.body.url).not.toBe(first.body.url);
    const uploads = (await eventsOf('VendorDocumentUploaded')).filter((e) => e.document_type === 'bank_document');
    expect(uploads[1].replaced).toMatchObject({ name: 'voided-check.jpg' });
    await vendor.get(`/api/loads/?min_position=${second.headers.get('x-event-position')}`);
    expect((await vendor.download(first.body.url)).status).toBe(200);
  });

  it('accepts exactly 5 MB and refuses one byte more, storing nothing', async () => {
    const exact = await vendor.upload('/api/vendor/documents/w9_document/', {}, { file: { name: 'w9.pdf', content: pdf(5 * 1024 * 1024) } });
    expect(exact.status).toBe(201);
    const head = await system.store.headPosition();
    const over = await vendor.upload('/api/vendor/documents/w9_document/', {}, { file: { name: 'w9.pdf', content: pdf(5 * 1024 * 1024 + 1) } });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: 'File is too large. Maximum size is 5MB.' });
    expect(await system.store.headPosition()).toBe(head);
  });

  it('refuses other types and content that lies about its type', async () => {
    const head = await system.store.headPosition();
    const cases: [string, Buffer, string][] = [
      ['virus.exe', pdf(), 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.'],
      ['page.html', HTML, 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.'],
      ['logo.svg', Buffer.from('<svg onload="alert(1)"/>'), 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.'],
      ['animation.gif', GIF, 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.'],
      ['fake.pdf', HTML, "The file's content is not a valid pdf file."],
      ['photo.jpg', PNG_1x1, "The file's content is not a valid jpg file."],
      ['empty.pdf', Buffer.alloc(0), 'The file is empty.'],
    ];
    for (const [name, content, message] of cases) {
      const response = await vendor.upload('/api/vendor/documents/company_authority/', {}, { file: { name, content, type: 'application/pdf' } });
      expect(response.status, name).toBe(400);
      expect(response.body, name).toEqual({ file: [message] });
    }
    expect((await vendor.upload('/api/vendor/documents/company_authority/', {}, {})).body).toEqual({ file: ['Please select a file to upload.'] });
    expect((await vendor.upload('/api/vendor/documents/passport/', {}, { file: { name: 'a.pdf', content: pdf() } })).status).toBe(404);
    expect(await system.store.headPosition()).toBe(head);
  });

  it('never serves anything through traversal or guessed paths', async () => {
    const profile = (await vendor.get('/api/profiles/vendor/')).body;
    for (const path of [
      '/api/serve-file/..%2F..%2Fetc/passwd',
      '/api/serve-file/vendor-documents/..%2f..%2f..%2fetc%2fpasswd',
      `/api/serve-file/vendor-documents/${profile.id}/..%2f..%2fpackage.json/x`,
      `/api/serve-file/vendor-documents/${profile.id}/%2e%2e%2f%2e%2e/x`,
      `/api/serve-file/vendor-documents/${profile.id}/${'0'.repeat(64)}/x.pdf`,
      '/api/serve-file/vendor-documents/x/y/z',
    ]) {
      const response = await vendor.download(path);
      expect(response.status, path).toBe(404);
      expect(response.content.toString()).not.toContain('root:');
    }
  });

  it('serves the same bytes uploaded as two documents under each one\'s own name, and never under a name only the address gives', async () => {
    const carrier = (await activeSignedIn(system, 'vendor', 'twin_files')).client;
    const content = pdf(777);
    const w9 = await carrier.upload('/api/vendor/documents/w9_document/', {}, { file: { name: 'W-9 2026.pdf', content, type: 'application/pdf' } });
    const bank = await carrier.upload('/api/vendor/documents/bank_document/', {}, { file: { name: 'bank-letter.pdf', content, type: 'application/pdf' } });
    expect([w9.status, bank.status]).toEqual([201, 201]);
    await system.caughtUp();
    const nameServed = async (url: string) => (await carrier.download(url)).headers.get('content-disposition');
    expect(await nameServed(w9.body.url)).toContain(`filename*=UTF-8''W-9%202026.pdf`);
    expect(await nameServed(bank.body.url)).toContain(`filename*=UTF-8''bank-letter.pdf`);
    expect((await admin.download(bank.body.url)).headers.get('content-disposition')).toContain(`filename*=UTF-8''bank-letter.pdf`);
    // An address naming something else gets the file under a name the vendor gave it.
    const forged = await carrier.download(bank.body.url.replace(/[^/]+$/, 'page.html'));
    expect(forged.status).toBe(200);
    expect(forged.headers.get('content-type')).toBe('application/pdf');
    expect(forged.headers.get('content-disposition')).not.toContain('page.html');
    expect(forged.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''(W-9%202026|bank-letter)\.pdf/);
  });
});

describe('the carrier agreement and a complete profile', () => {
  it('refuses an empty or fake signature, and a signature without acceptance', async () => {
    const head = await system.store.headPosition();
    const sign = (fields: Record<string, string>, content: Buffer, name = 'signature.png') =>
      vendor.upload('/api/profiles/vendor/', fields, { carrier_agreement_document: { name, content, type: 'image/png' } }, 'PATCH');
    const accepted = { carrier_agreement_status: 'true', carrier_agreement_date: '2026-11-21' };
    expect((await sign(accepted, Buffer.alloc(0))).body).toEqual({ carrier_agreement_document: ['The file is empty.'] });
    expect((await sign(accepted, JPEG)).body).toEqual({ carrier_agreement_document: ["The file's content is not a valid png file."] });
    expect((await sign({ carrier_agreement_date: '2026-11-21' }, PNG_1x1)).body).toEqual({ carrier_agreement_status: ['The agreement must be accepted (carrier_agreement_status: true).'] });
    expect((await vendor.upload('/api/profiles/vendor/', accepted, {}, 'PATCH')).body).toEqual({ carrier_agreement_document: ['Please provide a signature before saving.'] });
    // Dated after today anywhere on earth.
    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const date of [later, '2099-12-31']) {
      expect((await sign({ ...accepted, carrier_agreement_date: date }, PNG_1x1)).body, date).toEqual({ carrier_agreement_date: ['The agreement date cannot be in the future.'] });
    }
    // A year no other stored date may have ("Signed on January 1, 100" was shown).
    for (const date of ['0100-01-01', '1899-12-31']) {
      expect((await sign({ ...accepted, carrier_agreement_date: date }, PNG_1x1)).body, date).toEqual({ carrier_agreement_date: ['Enter a year between 1900 and 2200.'] });
    }
    // An acceptance that is no text nor true/false is refused, not skipped.
    expect((await vendor.request('PATCH', '/api/profiles/vendor/', { carrier_agreement_status: 1 })).body).toEqual({ carrier_agreement_status: ['Enter a valid value.'] });
    // A file in a field that takes none is refused, not dropped with a 200.
    expect((await vendor.upload('/api/profiles/vendor/', { city: 'Dallas' }, { insurance_document: { name: 'policy.pdf', content: pdf(), type: 'application/pdf' } }, 'PATCH')).body)
      .toEqual({ insurance_document: ['A file is not taken in this field.'] });
    expect((await vendor.upload('/api/vendor/documents/w9_document/', {}, { document: { name: 'w9.pdf', content: pdf(), type: 'application/pdf' } })).body)
      .toEqual({ document: ['A file is not taken in this field.'] });
    expect(await system.store.headPosition()).toBe(head);
  });

  it('records the signature with the exact agreement version, and the profile becomes complete', async () => {
    await vendor.request('PATCH', '/api/profiles/vendor/', { ...INSURANCE, ...BANK });
    const signed = await vendor.upload('/api/profiles/vendor/', { carrier_agreement_status: 'true', carrier_agreement_date: '2026-11-21' }, {
      carrier_agreement_document: { name: 'signature-1763730000000.png', content: PNG_1x1, type: 'image/png' },
    }, 'PATCH');
    expect(signed.status).toBe(200);
    expect(signed.body.carrier_agreement_document_url).toMatch(/^\/api\/serve-file\/vendor-documents\//);
    expect(signed.body).toMatchObject({ carrier_agreement_status: true, carrier_agreement_date: '2026-11-21', carrier_agreement_document: true, carrier_agreement_version: '2026-11-01' });
    const [event] = await eventsOf('CarrierAgreementSigned');
    expect(event.agreement_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(event.agreement_version).toBe('2026-11-01');
    // Insurance certificate, bank document and W-9 were uploaded above.
    expect(signed.body.completeness).toEqual({ company: true, contact: true, insurance: true, bank: true, agreement: true, profile: true });
    expect(signed.body.is_complete).toBe(true);
    expect((await readProfile(vendor, signed)).body.is_complete).toBe(true);
  });

  it('records profile values sent with a signature together with it, in one append (all or nothing)', async () => {
    const saved = await vendor.upload('/api/profiles/vendor/', { website: 'https://lonestar.example.com', carrier_agreement_status: 'true', carrier_agreement_date: '2026-11-21' }, {
      carrier_agreement_document: { name: 'signature-again.png', content: PNG_1x1, type: 'image/png' },
    }, 'PATCH');
    expect(saved.status).toBe(200);
    const vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id;
    // Rows one transaction wrote share its id (xmin).
    const { rows } = await system.db.pool.query(`SELECT type, xmin::text AS tx FROM es_events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 2`, [`vendor-${vendorId}`]);
    expect(rows.map((row) => row.type)).toEqual(['CarrierAgreementSigned', 'VendorProfileEdited']);
    expect(rows[0].tx).toBe(rows[1].tx);
  });

  it('shows the company name on the vendor\'s loads, following renames', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'ls-1' });
    expect(created.body.vendor_name).toBe('Lone Star Freight');
    const renamed = await vendor.request('PATCH', '/api/profiles/vendor/', { business_name: 'Lone Star Express' });
    const load = await vendor.get(`/api/loads/${created.body.id}/?min_position=${renamed.headers.get('x-event-position')}`);
    expect(load.body.vendor_name).toBe('Lone Star Express');
    // A later change to the load keeps the current name (the load recorded the old one when it was created).
    const later = await vendor.request('PATCH', `/api/loads/${created.body.id}/`, { pickup_notes: 'Gate 4' });
    expect(later.body.vendor_name).toBe('Lone Star Express');
    const list = await vendor.get(`/api/loads/?min_position=${later.headers.get('x-event-position')}`);
    expect(list.body.find((l: { id: string }) => l.id === created.body.id).vendor_name).toBe('Lone Star Express');
  });
});

describe('a save over a change it did not see (X-Expected-Values)', () => {
  const expecting = (values: Record<string, string | null>) => ({
    'X-Expected-Values': JSON.stringify(Object.fromEntries(Object.entries(values).map(([field, value]) => [field, profileValueDigest(value)]))),
  });

  it("refuses the vendor's or an ADMIN's save over a field changed meanwhile (409, the values now), and records nothing", async () => {
    const vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id as string;
    const before = (await vendor.request('PATCH', '/api/profiles/vendor/', { city: 'Dallas' })).body;
    expect(before.fax).toBeNull();
    // The vendor saves every filled field as the form has them, expecting what it read; an empty field is expected
    // as empty, however it is written.
    const seen = Object.fromEntries(Object.keys(COMPANY).map((field) => [field, before[field] as string]));
    const moved = await vendor.request('PATCH', '/api/profiles/vendor/', { ...seen, city: 'Austin' }, expecting({ ...seen, fax: '' }));
    expect(moved.status).toBe(200);
    expect(moved.body.city).toBe('Austin');

    // An ADMIN's form opened before that save: refused, with the city as it is now.
    const head = await system.store.headPosition();
    const stale = await admin.request('PATCH', `/api/vendors/${vendorId}/`, { city: 'Houston' }, expecting({ city: 'Dallas' }));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: 'Someone else changed this profile while you were editing. Check the values now, then save again.', current: { city: 'Austin' } });
    // The same through the vendor's own route, with a field it did not change among those it sends (the spec's save
    // sends every filled field): nothing of it is written.
    const staleOwn = await vendor.request('PATCH', '/api/profiles/vendor/', { city: 'Dallas', legal_name: 'Never Saved LLC' }, expecting({ city: 'Dallas', legal_name: seen.legal_name! }));
    expect(staleOwn.status).toBe(409);
    expect(staleOwn.body.current).toEqual({ city: 'Austin' });
    expect(await system.store.headPosition()).toBe(head);
    expect((await readProfile(vendor, moved)).body).toMatchObject({ city: 'Austin', legal_name: seen.legal_name });

    // Someone else already set what this save sets: the same end, no clash.
    expect((await admin.request('PATCH', `/api/vendors/${vendorId}/`, { city: 'Austin' }, expecting({ city: 'Dallas' }))).status).toBe(200);
    expect(await system.store.headPosition()).toBe(head);
    // Expecting what is there now: saved (an ADMIN may expect the coverage fields too).
    const saved = await admin.request('PATCH', `/api/vendors/${vendorId}/`, { city: 'Houston', liability_amount: '500000' }, expecting({ city: 'Austin', liability_amount: null }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ city: 'Houston', liability_amount: '500000.00' });

    // Two saves at once over the same value: one is saved, the other refused.
    const both = await Promise.all(['San Antonio', 'El Paso'].map((city) => vendor.request('PATCH', '/api/profiles/vendor/', { city }, expecting({ city: 'Houston' }))));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = both.find((answer) => answer.status === 200)!;
    expect((await readProfile(vendor, winner)).body.city).toBe(winner.body.city);
  });

  it('refuses a malformed X-Expected-Values with 400, naming the fields each route takes, and records nothing', async () => {
    const vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id as string;
    const head = await system.store.headPosition();
    const digest = profileValueDigest('x');
    for (const header of ['{not json', '[]', 'null', `{"username":"${digest}"}`, '{"city":"Dallas"}', '{"city":null}', `{"liability_amount":"${digest}"}`]) {
      const refused = await vendor.request('PATCH', '/api/profiles/vendor/', { city: 'Never' }, { 'X-Expected-Values': header });
      expect(refused.status, header).toBe(400);
      expect(refused.body).toEqual({ 'X-Expected-Values': ['X-Expected-Values must be a JSON object of profile fields and the digests of their values.'] });
    }
    // An ADMIN may not expect the bank numbers, which staff only see masked: a 409 would show them, and a digest
    // accepted or refused would confirm a guess.
    for (const header of ['{not json', `{"carrier_agreement_status":"${digest}"}`, `{"bank_account_number":"${digest}"}`, `{"bank_routing_number":"${digest}"}`]) {
      const refused = await admin.request('PATCH', `/api/vendors/${vendorId}/`, { city: 'Never' }, { 'X-Expected-Values': header });
      expect(refused.status, header).toBe(400);
      expect(refused.body).toEqual({ 'X-Expected-Values': ['X-Expected-Values must be a JSON object of vendor fields and the digests of their values.'] });
    }
    expect(await system.store.headPosition()).toBe(head);
  });
});
