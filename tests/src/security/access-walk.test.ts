// The access walk: every HTTP endpoint of the command API and the read API, asked by every kind of actor (signed out,
// the vendor that owns the records, another vendor, each staff tier), on one running system with the demo data. Each
// answer must be exactly the expected status class, refusals in the spec's error shape, and a refused unsafe request
// must leave the event store head (and the file store) where it was. Then a walk over other ids (nonexistent,
// malformed, traversal, very long, ids of another kind) and mass assignment of fields the caller may not set.
//
// The expectations are written out from the spec (staff-side.md section 6, vendor-side.md section 6, README
// "Permissions"), not computed from the code under test. Classes: 2xx allowed, 3xx redirect, 400/401/403/404 refused.
//
// Endpoint table (route files: command-api/src/**/routes.ts, read-api/src/**/routes.ts). anon = signed out; owner =
// the vendor whose load/documents/files/profile the ids name; stranger = the other vendor. The table runs twice: with
// carrier (vendor A) as owner and newcarrier (vendor B) as stranger, then the other way round.
//
// | endpoint                                              | anon | owner | stranger | ADMIN | DISPATCH | ACCOUNTING | PENDING |
// |-------------------------------------------------------|------|-------|----------|-------|----------|------------|---------|
// | POST   /api/auth/signup/vendor/                       | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | POST   /api/auth/signup/staff/                        | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/auth/activate/{token}/ (unknown token)    | 3xx  | 3xx   | 3xx      | 3xx   | 3xx      | 3xx        | 3xx     |
// | POST   /api/auth/login/ (wrong password)              | 400  | 400   | 400      | 400   | 400      | 400        | 400     |
// | POST   /api/auth/logout/ (a second session)           | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/auth/user/                                | 401  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/health/                                   | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | POST   /api/health/probe/                             | 401  | 403   | 403      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/health/probes/{id}/                       | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/loads/                                    | 401  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/loads/check-id/                           | 401  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | POST   /api/loads/                                    | 401  | 2xx   | 2xx      | 2xx   | 2xx      | 403        | 403     |
// | GET    /api/loads/{id}/ (also ?as_of=, ?as_of_position=) | 401 | 2xx | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | PATCH  /api/loads/{id}/ (Pickup section)              | 401  | 2xx   | 404      | 2xx   | 2xx      | 403        | 403     |
// | PATCH  /api/api/loads/{id}/ (Rate & Payment section)  | 401  | 2xx   | 404      | 2xx   | 2xx      | 2xx        | 403     |
// | DELETE /api/loads/{id}/ and /api/api/loads/{id}/      | 401  | 2xx   | 404      | 2xx   | 403      | 403        | 403     |
// | GET    /api/loads/{id}/documents/, .../counts/        | 401  | 2xx   | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | POST   /api/loads/{id}/documents/                     | 401  | 2xx   | 404      | 2xx   | 2xx      | 2xx        | 403     |
// | DELETE /api/loads/{id}/documents/{doc}/delete/        | 401  | 2xx   | 404      | 2xx   | 2xx      | 2xx        | 403     |
// | GET    /api/loads/{id}/history/                       | 401  | 2xx   | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/loads/{id}/payment-history/               | 401  | 403   | 403      | 2xx   | 403      | 2xx        | 403     |
// | GET    /api/payments/log/                             | 401  | 403   | 403      | 2xx   | 403      | 2xx        | 403     |
// | GET    /api/payments/awaiting/                        | 401  | 403   | 403      | 2xx   | 403      | 2xx        | 403     |
// | GET    /api/serve-file/load-documents/{id}/{doc}/{name} | 404 | 2xx  | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/photo-gallery/{id}/ (public link)         | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/photo-gallery/{id}/photos/{doc}/{name}    | 2xx  | 2xx   | 2xx      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/recycle-bin/                              | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | POST   /api/recycle-bin/{kind}/{id}/restore/          | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | GET    /api/profiles/vendor/                          | 401  | 2xx   | 2xx      | 404   | 404      | 404        | 404     |
// | PATCH  /api/profiles/vendor/ (staff must name vendor) | 401  | 2xx   | 2xx      | 2xx   | 403      | 403        | 403     |
// | GET    /api/vendor/documents/{type}/                  | 401  | 2xx   | 2xx      | 404   | 404      | 404        | 404     |
// | POST   /api/vendor/documents/{type}/                  | 401  | 2xx   | 2xx      | 403   | 403      | 403        | 403     |
// | GET    /api/serve-file/vendor-documents/{v}/{sha}/{name} | 404 | 2xx | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/vendors/picker/                           | 401  | 403   | 403      | 2xx   | 2xx      | 2xx        | 2xx     |
// | GET    /api/vendors/, /api/vendors/{id}/ (+?as_of_position=), /api/vendors/{id}/history/ | 401 | 403 | 403 | 2xx | 2xx | 2xx | 2xx |
// | PATCH  /api/vendors/{id}/                             | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | DELETE /api/vendors/{id}/                             | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | GET    /api/profiles/staff/                           | 401  | 404   | 404      | 2xx   | 2xx      | 2xx        | 2xx     |
// | PATCH  /api/profiles/staff/                           | 401  | 404   | 404      | 2xx   | 403      | 403        | 403     |
// | GET    /api/staff-accounts/, /{id}/, /{id}/history/   | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | PATCH  /api/staff-accounts/{id}/update-tier/          | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
// | DELETE /api/staff-accounts/{id}/                      | 401  | 403   | 403      | 2xx   | 403      | 403        | 403     |
//
// Signed-out requests for files answer 404 (a file link never confirms that a file exists). The photo gallery and the
// pipeline probe are public by design (README). The vendor-only GETs answer 404 to staff ("a 404 is tolerated").
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activationPath, activeSignedIn, DEMO_PASSWORD, GOOD_PASSWORD, login, signedIn as signedInAs, signIn, signUp, signUpBody } from '../accounts/support';
import { pdf, PNG_1x1 } from '../support/files';

const ROLES = ['anon', 'owner', 'stranger', 'ADMIN', 'DISPATCH_OPS', 'ACCOUNTING', 'PENDING'] as const;
type Role = (typeof ROLES)[number];
type Outcome = '2xx' | '3xx' | '400' | '401' | '403' | '404';
type Expectation = Record<Role, Outcome>;
type StaffRole = 'ADMIN' | 'DISPATCH_OPS' | 'ACCOUNTING' | 'PENDING';

/** A demo vendor and the records it owns. */
interface VendorWorld {
  username: string;
  client: PortalClient;
  userId: string;
  vendorId: string;
  loadId: string;
  document: { id: string; name: string };
  photo: { id: string; name: string };
  file: { sha256: string; name: string };
}

/** The ids a call's path or body is built from; the id walk replaces them with bad ones. */
interface Targets {
  loadId: string;
  documentId: string;
  documentName: string;
  photoId: string;
  photoName: string;
  vendorId: string;
  sha256: string;
  fileName: string;
  staffId: string;
  probeId: string;
  token: string;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  multipart?: { fields: Record<string, string>; file: { name: string; content: Buffer; type: string } };
}

interface Orientation {
  owner: VendorWorld;
  stranger: VendorWorld;
}

interface Row {
  /** The route as its route file declares it. */
  route: string;
  /** What this row asks, when one route has several rows. */
  note?: string;
  expect: Expectation;
  call(t: Targets, role: Role): Call;
  /** Fresh records the call consumes (a load to delete, a document, an account), made first; not in the id walk. */
  prepare?(role: Role, o: Orientation): Promise<Partial<Targets>>;
  /** Use a second session of this actor (logout must not end the walk's own sessions). */
  ownSession?: true;
  /** The id walk's answer where it differs from the default (see idWalkOutcome); a pair tells malformed ids from
   * well-formed ones that name nothing of that kind. */
  walk?: Partial<Record<Role, Outcome | { malformed: Outcome; wellFormed: Outcome }>>;
  /** Whether the id walk applies (the row's path or body carries an id). */
  ids?: true;
  /** Public by design: the caller names the record itself, so its id in the answer is no leak. */
  public?: true;
}

// ---- expectation shorthands ----
const everyone = (outcome: Outcome): Expectation => Object.fromEntries(ROLES.map((r) => [r, outcome])) as Expectation;
const signedIn = (outcome: Outcome, overrides: Partial<Expectation> = {}): Expectation => ({ ...everyone(outcome), anon: '401', ...overrides });
const ownerAndStaff = (overrides: Partial<Expectation> = {}) => signedIn('2xx', { stranger: '404', ...overrides });
const staffOnly = signedIn('2xx', { owner: '403', stranger: '403' });
const adminOnly = signedIn('403', { ADMIN: '2xx' });
const vendorsOnly = (staff: Outcome) => signedIn(staff, { owner: '2xx', stranger: '2xx' });
const paymentAuditors = signedIn('403', { ADMIN: '2xx', ACCOUNTING: '2xx' });
const fileExpectation = ownerAndStaff({ anon: '404' });
/** A load command judges visibility first, on the load itself: an id that names no load is 404 to every signed-in
 * actor, whatever the tier may do to loads that exist (a tier refusal would confirm nothing, but there is nothing). */
const loadScoped = signedIn('404');
const malformedIs400 = (wellFormed: Outcome) => ({ malformed: '400' as Outcome, wellFormed });

let system: TestSystem;
let A: VendorWorld;
let B: VendorWorld;
const staff = {} as Record<StaffRole, PortalClient>;
let anon: PortalClient;
let walkStaffId: string;
let probeId: string;
let headAtStart: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;
const isStaffRole = (role: Role): role is StaffRole => role !== 'anon' && role !== 'owner' && role !== 'stranger';

function clientFor(role: Role, o: Orientation): PortalClient {
  if (role === 'anon') return anon;
  if (role === 'owner') return o.owner.client;
  if (role === 'stranger') return o.stranger.client;
  return staff[role];
}

const upload = (name: string, content: Buffer, type: string, fields: Record<string, string> = {}) => ({ fields, file: { name, content, type } });

/** A vendor's own load with a PDF document and a photo, and a vendor file: what the walk asks about. */
async function vendorWorld(username: string, seeded: boolean): Promise<VendorWorld> {
  const { client, user } = await signedInAs(system, username, DEMO_PASSWORD, 'vendor');
  const vendorId = user.vendor_profile.id as string;
  let loadId: string;
  if (seeded) {
    const loads = (await client.get('/api/loads/')).body as { id: string; kdt_id: string }[];
    loadId = loads.find((l) => l.kdt_id === 'kdt_24101')!.id;
  } else {
    const created = await client.post('/api/loads/', { load_number: unique('walkb') });
    if (created.status !== 201) throw new Error(`create load: ${JSON.stringify(created.body)}`);
    loadId = created.body.id;
    for (const [type, name, content, mime] of [['rate_confirmation', 'ratecon-b.pdf', pdf(), 'application/pdf'], ['photos', 'trailer-b.png', PNG_1x1, 'image/png']] as const) {
      const up = await client.upload(`/api/loads/${loadId}/documents/`, { document_type: type }, { file: { name, content, type: mime } });
      if (up.status !== 201) throw new Error(`upload: ${JSON.stringify(up.body)}`);
    }
    const w9 = await client.upload('/api/vendor/documents/w9_document/', {}, { file: { name: 'w9-b.pdf', content: pdf(700), type: 'application/pdf' } });
    if (w9.status !== 201) throw new Error(`w9: ${JSON.stringify(w9.body)}`);
    await client.get(`/api/loads/${loadId}/?min_position=${w9.headers.get('x-event-position')}`);
  }
  const documents = (await client.get(`/api/loads/${loadId}/documents/`)).body as { id: string; document_type: string; file_name: string }[];
  const document = documents.find((d) => d.document_type === 'rate_confirmation')!;
  const photo = documents.find((d) => d.document_type === 'photos')!;
  const w9 = (await client.get('/api/vendor/documents/w9_document/')).body as { url: string };
  const [, , , , , sha256, name] = w9.url.split('/');
  return {
    username,
    client,
    userId: user.id,
    vendorId,
    loadId,
    document: { id: document.id, name: document.file_name },
    photo: { id: photo.id, name: photo.file_name },
    file: { sha256: sha256!, name: decodeURIComponent(name!) },
  };
}

const targetsOf = (o: Orientation): Targets => ({
  loadId: o.owner.loadId,
  documentId: o.owner.document.id,
  documentName: encodeURIComponent(o.owner.document.name),
  photoId: o.owner.photo.id,
  photoName: encodeURIComponent(o.owner.photo.name),
  vendorId: o.owner.vendorId,
  sha256: o.owner.file.sha256,
  fileName: encodeURIComponent(o.owner.file.name),
  staffId: walkStaffId,
  probeId,
  token: 'not-a-real-activation-token',
});

// ---- fresh records for the calls that consume them ----
async function freshLoad(o: Orientation, deleted = false): Promise<Partial<Targets>> {
  const created = await o.owner.client.post('/api/loads/', { load_number: unique('walkfresh') });
  if (created.status !== 201) throw new Error(`fresh load: ${JSON.stringify(created.body)}`);
  if (deleted && (await o.owner.client.request('DELETE', `/api/loads/${created.body.id}/`)).status !== 204) throw new Error('delete fresh load');
  return { loadId: created.body.id };
}

async function freshDocument(o: Orientation): Promise<Partial<Targets>> {
  const up = await o.owner.client.upload(`/api/loads/${o.owner.loadId}/documents/`, { document_type: 'other' }, { file: { name: `${unique('doc')}.pdf`, content: pdf(), type: 'application/pdf' } });
  if (up.status !== 201) throw new Error(`fresh document: ${JSON.stringify(up.body)}`);
  return { documentId: up.body.id };
}

/** An account only ADMIN's allowed delete consumes; refused actors aim at the walk's shared one. */
async function freshAccount(kind: 'staff' | 'vendor'): Promise<Partial<Targets>> {
  const username = unique(`walkdel${kind}`);
  const { user } = await activeSignedIn(system, kind, username);
  return kind === 'staff' ? { staffId: user.id } : { vendorId: user.vendor_profile.id };
}

const pdfUpload = () => upload(`${unique('walk')}.pdf`, pdf(), 'application/pdf');

// ---- the table ----
const rows: Row[] = [
  // accounts
  { route: 'POST /api/auth/signup/vendor/', expect: everyone('2xx'), call: () => ({ method: 'POST', path: '/api/auth/signup/vendor/', body: signUpBody('vendor', unique('walkv')) }) },
  { route: 'POST /api/auth/signup/staff/', expect: everyone('2xx'), call: () => ({ method: 'POST', path: '/api/auth/signup/staff/', body: signUpBody('staff', unique('walks'), { first_name: 'Walk', last_name: 'Er' }) }) },
  { route: 'GET /api/auth/activate/:token/', note: 'an unknown token', expect: everyone('3xx'), ids: true, walk: everyone('3xx'), call: (t) => ({ method: 'GET', path: `/api/auth/activate/${t.token}/` }) },
  { route: 'POST /api/auth/login/', note: 'a wrong password', expect: everyone('400'), call: () => ({ method: 'POST', path: '/api/auth/login/', body: { username: unique('nobody'), password: 'wrong-password' } }) },
  { route: 'POST /api/auth/logout/', note: 'a second session of the actor', expect: everyone('2xx'), ownSession: true, call: () => ({ method: 'POST', path: '/api/auth/logout/' }) },
  { route: 'GET /api/auth/user/', expect: signedIn('2xx'), call: () => ({ method: 'GET', path: '/api/auth/user/' }) },
  // health and the pipeline probe
  { route: 'GET /api/health/', expect: everyone('2xx'), call: () => ({ method: 'GET', path: '/api/health/' }) },
  { route: 'POST /api/health/probe/', expect: staffOnly, call: () => ({ method: 'POST', path: '/api/health/probe/' }) },
  { route: 'GET /api/health/probes/:probeId/', expect: everyone('2xx'), ids: true, public: true, call: (t) => ({ method: 'GET', path: `/api/health/probes/${t.probeId}/` }) },
  // loads
  { route: 'GET /api/loads/', note: 'with user_id and vendor of the owner', expect: signedIn('2xx'), call: (t) => ({ method: 'GET', path: `/api/loads/?user_id=${A.userId}&vendor=${t.vendorId}` }) },
  { route: 'GET /api/loads/check-id/', expect: signedIn('2xx'), call: () => ({ method: 'GET', path: '/api/loads/check-id/?id_to_check=kdt_24101' }) },
  {
    route: 'POST /api/loads/', expect: signedIn('2xx', { ACCOUNTING: '403', PENDING: '403' }), ids: true,
    // Staff name the vendor; vendors never do. In the id walk a bad vendor is a field error for those who may create.
    // ACCOUNTING and PENDING: the body is checked before the tier, so a malformed vendor is a field error there too.
    walk: { ADMIN: '400', DISPATCH_OPS: '400', owner: '2xx', stranger: '2xx', ACCOUNTING: malformedIs400('403'), PENDING: malformedIs400('403') },
    call: (t, role) => ({ method: 'POST', path: '/api/loads/', body: { load_number: unique('walkc'), ...(isStaffRole(role) ? { vendor: t.vendorId } : {}) } }),
  },
  { route: 'GET /api/loads/:id/', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/` }) },
  { route: 'GET /api/loads/:id/', note: '?as_of_position=', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/?as_of_position=${headAtStart}` }) },
  { route: 'GET /api/loads/:id/', note: '?as_of=', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/?as_of=${encodeURIComponent(new Date().toISOString())}` }) },
  { route: 'PATCH /api/loads/:id/', note: 'the Pickup section', expect: ownerAndStaff({ ACCOUNTING: '403', PENDING: '403' }), ids: true, walk: loadScoped, call: (t) => ({ method: 'PATCH', path: `/api/loads/${t.loadId}/`, body: { pickup_contact: unique('Dock ') } }) },
  { route: 'PATCH /api/api/loads/:id/', note: 'the Rate & Payment section', expect: ownerAndStaff({ PENDING: '403' }), ids: true, walk: loadScoped, call: (t) => ({ method: 'PATCH', path: `/api/api/loads/${t.loadId}/`, body: { rate_amount: 1234 + counter } }) },
  { route: 'DELETE /api/loads/:id/', expect: ownerAndStaff({ DISPATCH_OPS: '403', ACCOUNTING: '403', PENDING: '403' }), ids: true, walk: loadScoped, prepare: (_r, o) => freshLoad(o), call: (t) => ({ method: 'DELETE', path: `/api/loads/${t.loadId}/` }) },
  { route: 'DELETE /api/api/loads/:id/', expect: ownerAndStaff({ DISPATCH_OPS: '403', ACCOUNTING: '403', PENDING: '403' }), ids: true, walk: loadScoped, prepare: (_r, o) => freshLoad(o), call: (t) => ({ method: 'DELETE', path: `/api/api/loads/${t.loadId}/` }) },
  { route: 'GET /api/loads/:id/documents/', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/documents/?document_type=rate_confirmation` }) },
  { route: 'GET /api/loads/:id/documents/counts/', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/documents/counts/` }) },
  { route: 'POST /api/loads/:id/documents/', expect: ownerAndStaff({ PENDING: '403' }), ids: true, walk: loadScoped, call: (t) => ({ method: 'POST', path: `/api/loads/${t.loadId}/documents/`, multipart: { ...pdfUpload(), fields: { document_type: 'invoice' } } }) },
  {
    route: 'DELETE /api/loads/:id/documents/:documentId/delete/', expect: ownerAndStaff({ PENDING: '403' }), ids: true, walk: loadScoped,
    prepare: (_r, o) => freshDocument(o), call: (t) => ({ method: 'DELETE', path: `/api/loads/${t.loadId}/documents/${t.documentId}/delete/` }),
  },
  { route: 'GET /api/loads/:id/history/', expect: ownerAndStaff(), ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/history/?page=1&page_size=5` }) },
  { route: 'GET /api/loads/:id/payment-history/', expect: paymentAuditors, ids: true, call: (t) => ({ method: 'GET', path: `/api/loads/${t.loadId}/payment-history/` }) },
  { route: 'GET /api/payments/log/', expect: paymentAuditors, call: (t) => ({ method: 'GET', path: `/api/payments/log/?from=2020-01-01&vendor=${t.vendorId}&status=paid` }) },
  { route: 'GET /api/payments/awaiting/', expect: paymentAuditors, call: () => ({ method: 'GET', path: '/api/payments/awaiting/' }) },
  { route: 'GET /api/serve-file/load-documents/:loadId/:documentId/:name', expect: fileExpectation, ids: true, call: (t) => ({ method: 'GET', path: `/api/serve-file/load-documents/${t.loadId}/${t.documentId}/${t.documentName}` }) },
  { route: 'GET /api/photo-gallery/:loadId/', expect: everyone('2xx'), ids: true, public: true, call: (t) => ({ method: 'GET', path: `/api/photo-gallery/${t.loadId}/` }) },
  { route: 'GET /api/photo-gallery/:loadId/photos/:documentId/:name', expect: everyone('2xx'), ids: true, public: true, call: (t) => ({ method: 'GET', path: `/api/photo-gallery/${t.loadId}/photos/${t.photoId}/${t.photoName}` }) },
  // recycle bin
  { route: 'GET /api/recycle-bin/', expect: adminOnly, call: () => ({ method: 'GET', path: '/api/recycle-bin/' }) },
  { route: 'POST /api/recycle-bin/:kind/:id/restore/', expect: adminOnly, ids: true, prepare: (_r, o) => freshLoad(o, true), call: (t) => ({ method: 'POST', path: `/api/recycle-bin/loads/${t.loadId}/restore/` }) },
  // the vendor's own profile and documents
  { route: 'GET /api/profiles/vendor/', expect: vendorsOnly('404'), call: () => ({ method: 'GET', path: '/api/profiles/vendor/' }) },
  {
    route: 'PATCH /api/profiles/vendor/', note: 'staff name the vendor in the body', expect: signedIn('403', { owner: '2xx', stranger: '2xx', ADMIN: '2xx' }), ids: true,
    walk: { ADMIN: malformedIs400('404'), owner: '2xx', stranger: '2xx' },
    call: (t, role) => ({ method: 'PATCH', path: '/api/profiles/vendor/', body: { website: `${unique('walk')}.example.com`, ...(isStaffRole(role) ? { vendor: t.vendorId } : {}) } }),
  },
  { route: 'GET /api/vendor/documents/:type/', expect: vendorsOnly('404'), call: () => ({ method: 'GET', path: '/api/vendor/documents/w9_document/' }) },
  { route: 'POST /api/vendor/documents/:type/', expect: vendorsOnly('403'), call: () => ({ method: 'POST', path: '/api/vendor/documents/company_authority/', multipart: pdfUpload() }) },
  { route: 'GET /api/serve-file/vendor-documents/:vendorId/:sha256/:name', expect: fileExpectation, ids: true, call: (t) => ({ method: 'GET', path: `/api/serve-file/vendor-documents/${t.vendorId}/${t.sha256}/${t.fileName}` }) },
  // vendors, for staff
  { route: 'GET /api/vendors/picker/', expect: staffOnly, call: () => ({ method: 'GET', path: '/api/vendors/picker/' }) },
  { route: 'GET /api/vendors/', expect: staffOnly, call: () => ({ method: 'GET', path: '/api/vendors/' }) },
  { route: 'GET /api/vendors/:id/', expect: staffOnly, ids: true, call: (t) => ({ method: 'GET', path: `/api/vendors/${t.vendorId}/` }) },
  { route: 'GET /api/vendors/:id/', note: '?as_of_position=', expect: staffOnly, ids: true, call: (t) => ({ method: 'GET', path: `/api/vendors/${t.vendorId}/?as_of_position=${headAtStart}` }) },
  { route: 'GET /api/vendors/:id/history/', expect: staffOnly, ids: true, call: (t) => ({ method: 'GET', path: `/api/vendors/${t.vendorId}/history/` }) },
  {
    route: 'PATCH /api/vendors/:id/', expect: adminOnly, ids: true,
    call: (t) => ({ method: 'PATCH', path: `/api/vendors/${t.vendorId}/`, body: { insurance_company: unique('Walk Insurance ') } }),
  },
  {
    route: 'DELETE /api/vendors/:id/', expect: adminOnly, ids: true,
    prepare: (role) => (role === 'ADMIN' ? freshAccount('vendor') : Promise.resolve({})), call: (t) => ({ method: 'DELETE', path: `/api/vendors/${t.vendorId}/` }),
  },
  // staff
  { route: 'GET /api/profiles/staff/', expect: signedIn('2xx', { owner: '404', stranger: '404' }), call: () => ({ method: 'GET', path: '/api/profiles/staff/' }) },
  { route: 'PATCH /api/profiles/staff/', expect: signedIn('403', { owner: '404', stranger: '404', ADMIN: '2xx' }), call: () => ({ method: 'PATCH', path: '/api/profiles/staff/', body: { department: unique('Walk ') } }) },
  { route: 'GET /api/staff-accounts/', expect: adminOnly, call: () => ({ method: 'GET', path: '/api/staff-accounts/' }) },
  { route: 'GET /api/staff-accounts/:id/', expect: adminOnly, ids: true, call: (t) => ({ method: 'GET', path: `/api/staff-accounts/${t.staffId}/` }) },
  { route: 'GET /api/staff-accounts/:id/history/', expect: adminOnly, ids: true, call: (t) => ({ method: 'GET', path: `/api/staff-accounts/${t.staffId}/history/` }) },
  { route: 'PATCH /api/staff-accounts/:id/update-tier/', note: 'to the tier it has', expect: adminOnly, ids: true, call: (t) => ({ method: 'PATCH', path: `/api/staff-accounts/${t.staffId}/update-tier/`, body: { tier: 'PENDING' } }) },
  {
    route: 'DELETE /api/staff-accounts/:id/', expect: adminOnly, ids: true,
    prepare: (role) => (role === 'ADMIN' ? freshAccount('staff') : Promise.resolve({})), call: (t) => ({ method: 'DELETE', path: `/api/staff-accounts/${t.staffId}/` }),
  },
];

// ---- asserting one answer ----
const inClass = (status: number, outcome: Outcome) =>
  outcome === '2xx' ? status >= 200 && status < 300 : outcome === '3xx' ? status >= 300 && status < 400 : status === Number(outcome);

/** The spec's error shape: `{detail: "..."}` or a field-to-messages map. */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if (typeof (body as { detail?: unknown }).detail === 'string') return entries.length === 1;
  return entries.every(([, messages]) => Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'));
}

const isUnsafe = (call: Call) => call.method !== 'GET' || call.path.startsWith('/api/auth/activate/');

/** Every stored file, so a refused upload can be seen to have stored nothing. */
function storedFiles(): number {
  const root = path.join(system.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true }).length;
}

async function send(client: PortalClient, call: Call): Promise<Answer> {
  if (call.multipart) return client.upload(call.path, call.multipart.fields, { file: call.multipart.file }, call.method);
  return client.request(call.method, call.path, call.body);
}

async function sessionFor(role: Role, o: Orientation, row: Row): Promise<PortalClient> {
  if (!row.ownSession) return clientFor(role, o);
  if (role === 'anon') return system.client().start();
  if (role === 'owner' || role === 'stranger') return signIn(system, o[role].username, 'vendor');
  const usernames: Record<StaffRole, [string, string]> = { ADMIN: ['admin', TEST_ADMIN_PASSWORD], DISPATCH_OPS: ['dispatch', DEMO_PASSWORD], ACCOUNTING: ['accounting', DEMO_PASSWORD], PENDING: ['newstaff', DEMO_PASSWORD] };
  return signIn(system, usernames[role][0], 'staff', usernames[role][1]);
}

/**
 * Sends the call as that actor and checks: the status class, the error shape on refusal, and for a refused unsafe
 * request no new event and no stored file. Returns the answer for further checks.
 */
async function check(row: Row, role: Role, o: Orientation, t: Targets, outcome: Outcome, label: string): Promise<Answer> {
  const client = await sessionFor(role, o, row);
  const call = row.call(t, role);
  const unsafe = isUnsafe(call);
  const head = unsafe ? await system.store.headPosition() : undefined;
  const files = unsafe ? storedFiles() : undefined;
  const answer = await send(client, call);
  const what = `${label}: ${call.method} ${call.path.slice(0, 160)} as ${role} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
  expect(answer.status, what).toBeLessThan(500);
  expect(inClass(answer.status, outcome), `${what} (expected ${outcome})`).toBe(true);
  if (answer.status >= 400) expect(isErrorShape(answer.body), `${what}: not the spec's error shape`).toBe(true);
  if (unsafe && !inClass(answer.status, '2xx')) {
    expect(await system.store.headPosition(), `${what}: a refused request recorded an event`).toBe(head);
    expect(storedFiles(), `${what}: a refused request stored a file`).toBe(files);
  }
  return answer;
}

/** The owner's ids must never appear in what the other vendor or a signed-out caller is told. */
function assertNoLeak(answer: Answer, o: Orientation, label: string) {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
  for (const secret of [o.owner.userId, o.owner.vendorId, o.owner.loadId, o.owner.document.id, o.owner.photo.id, o.owner.file.sha256]) {
    expect(text.includes(secret), `${label}: the answer names the owner's ${secret}`).toBe(false);
  }
}

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  anon = await system.client().start();
  staff.ADMIN = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  staff.DISPATCH_OPS = await signIn(system, 'dispatch', 'staff');
  staff.ACCOUNTING = await signIn(system, 'accounting', 'staff');
  staff.PENDING = await signIn(system, 'newstaff', 'staff');
  A = await vendorWorld('carrier', true);
  B = await vendorWorld('newcarrier', false);
  walkStaffId = (await activeSignedIn(system, 'staff', 'walk_staff')).user.id;
  probeId = (await staff.ADMIN.post('/api/health/probe/')).body.probe_id;
  headAtStart = String(await system.store.headPosition());
  // Everything above is projected before the walk starts.
  await staff.ADMIN.get(`/api/health/?min_position=${headAtStart}`);
}, 120_000);
afterAll(async () => { await system?.stop(); });

describe('the endpoint table', () => {
  it('lists every route the route files declare', () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    const declared = new Set<string>();
    for (const service of ['command-api', 'read-api']) {
      for (const file of fs.readdirSync(path.join(root, service, 'src'), { recursive: true }) as string[]) {
        if (!/routes\.ts$/.test(file)) continue;
        const source = fs.readFileSync(path.join(root, service, 'src', file), 'utf8');
        for (const match of source.matchAll(/router\.(get|post|put|patch|delete)\(\s*(['`])([^'`]+)\2/g)) {
          const prefixes = match[3]!.includes('${prefix}') ? ['/api/loads/', '/api/api/loads/'] : [''];
          for (const prefix of prefixes) declared.add(`${match[1]!.toUpperCase()} ${match[3]!.replace('${prefix}', prefix)}`);
        }
      }
    }
    const normalise = (route: string) => route.replace(/:\w+/g, ':');
    const listed = new Set(rows.map((row) => normalise(row.route)));
    expect([...declared].map(normalise).filter((route) => !listed.has(route)).sort()).toEqual([]);
    expect(declared.size).toBeGreaterThan(40);
  });

  for (const [name, orient] of [['vendor A (carrier) owns', () => ({ owner: A, stranger: B })], ['vendor B (newcarrier) owns', () => ({ owner: B, stranger: A })]] as const) {
    describe(name, () => {
      const cases = rows.flatMap((row) => ROLES.map((role) => [`${row.route}${row.note ? ` (${row.note})` : ''}`, role, row] as const));
      it.each(cases)('%s as %s', async (label, role, row) => {
        const o: Orientation = orient();
        const t = { ...targetsOf(o), ...(row.prepare ? await row.prepare(role, o) : {}) };
        const answer = await check(row, role, o, t, row.expect[role], label);
        if ((role === 'stranger' || role === 'anon') && !row.public) assertNoLeak(answer, o, `${label} as ${role}`);
      });
    });
  }
});

// ---- the walk over other ids ----
/** [what, well-formed (names nothing, but has the shape of an id), make one for this kind of id]. */
const BAD_IDS: [string, boolean, (kind: keyof Targets) => string][] = [
  ['a nonexistent uuid', true, (kind) => (kind === 'sha256' ? 'ab'.repeat(32) : randomUUID())],
  ['an id of another kind', true, (kind) => ({ loadId: A.vendorId, vendorId: A.loadId, staffId: A.userId, documentId: A.loadId, photoId: A.document.id, probeId: A.loadId, sha256: B.file.sha256, token: A.userId } as Record<string, string>)[kind] ?? 'x'],
  ['an upper-case nonexistent uuid', true, (kind) => (kind === 'sha256' ? 'AB'.repeat(32) : randomUUID().toUpperCase())],
  ['not a uuid', false, () => 'not-a-uuid'],
  ['traversal', false, () => '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['double-encoded traversal', false, () => '%252e%252e%252f%252e%252e%252fetc%252fpasswd'],
  ['an SQL fragment', false, () => encodeURIComponent("1' OR '1'='1")],
  ['a NUL byte', false, () => 'abc%00def'],
  ['3000 characters', false, () => 'a'.repeat(3000)],
];
const ID_KEYS: (keyof Targets)[] = ['loadId', 'documentId', 'photoId', 'vendorId', 'sha256', 'staffId', 'probeId', 'token'];

/**
 * What a bad id gets by default: whoever is refused before any lookup (401, 403) keeps that answer; whoever may use the
 * endpoint, or is refused for not owning the record, gets 404; files and galleries answer 404 to everyone.
 */
function idWalkOutcome(row: Row, role: Role, wellFormed: boolean): Outcome {
  const override = row.walk?.[role];
  if (typeof override === 'string') return override;
  if (override) return wellFormed ? override.wellFormed : override.malformed;
  const outcome = row.expect[role];
  return outcome === '401' || outcome === '403' ? outcome : '404';
}

describe('a walk over other ids: nonexistent, malformed, traversal, very long, another kind of id', () => {
  const cases = rows.filter((row) => row.ids).flatMap((row) => BAD_IDS.map(([what, wellFormed, make]) => [`${row.route}${row.note ? ` (${row.note})` : ''}`, what, row, wellFormed, make] as const));
  it.each(cases)('%s with %s', async (label, what, row, wellFormed, make) => {
    const o: Orientation = { owner: A, stranger: B };
    const bad = Object.fromEntries(ID_KEYS.map((key) => [key, make(key)]));
    const t: Targets = { ...targetsOf(o), ...bad, documentName: 'x.pdf', photoName: 'x.png', fileName: 'x.pdf' };
    for (const role of ROLES) await check(row, role, o, t, idWalkOutcome(row, role, wellFormed), `${label} with ${what}`);
  });

  it("never shows vendor B vendor A's loads, whatever user_id or vendor it sends", async () => {
    for (const query of [`?user_id=${A.userId}`, `?vendor=${A.vendorId}`, `?vendor_id=${A.vendorId}&user_id=${A.userId}`, '?user_id=*', `?user_id[]=${A.userId}`]) {
      const { status, body } = await B.client.get(`/api/loads/${query}`);
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((load: { vendor: string }) => load.vendor === B.vendorId), query).toBe(true);
    }
  });

  // Ids and filters in query strings reach the read models too: a NUL byte, 5000 characters, traversal, SQL, broken
  // percent-encoding. The answer is a success or a refusal in the error shape, never a 5xx.
  const QUERY_VALUES = ['abc%00def', '%00', 'a'.repeat(3000), '..%2F..%2Fetc%2Fpasswd', encodeURIComponent("' OR 1=1--"), '%E0%A4%A', '%ff%fe', '-1', '1e99'];
  it.each(QUERY_VALUES.map((v) => [v.length > 40 ? `${v.slice(0, 12)}... (${v.length} characters)` : v, v]))('never answers the query value %s with a 5xx', async (_what, v) => {
    const queries = [
      `/api/loads/check-id/?id_to_check=${v}`,
      `/api/loads/?user_id=${v}&search=${v}&sort=${v}&status=${v}`,
      `/api/loads/${A.loadId}/?as_of=${v}`,
      `/api/loads/${A.loadId}/?as_of_position=${v}`,
      `/api/loads/${A.loadId}/?min_position=${v}`,
      `/api/loads/${A.loadId}/history/?page=${v}&page_size=${v}`,
      `/api/loads/${A.loadId}/documents/?document_type=${v}`,
      `/api/payments/log/?from=${v}&to=${v}&vendor=${v}&status=${v}&format=${v}`,
      `/api/vendors/${A.vendorId}/?as_of=${v}`,
      `/api/vendors/${A.vendorId}/history/?page=${v}`,
    ];
    const problems: string[] = [];
    for (const query of queries) {
      for (const client of [staff.ADMIN, A.client]) {
        const answer = await client.get(query);
        const what = `GET ${query.slice(0, 120)} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`;
        if (answer.status >= 500 || (answer.status >= 400 && !isErrorShape(answer.body))) problems.push(what);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a NUL byte in a text field with a 400 in the error shape, and records nothing', async () => {
    const nul = 'Dock\u00007';
    const cases: [PortalClient, Call][] = [
      [A.client, { method: 'PATCH', path: `/api/loads/${A.loadId}/`, body: { pickup_contact: nul } }],
      [A.client, { method: 'POST', path: '/api/loads/', body: { load_number: unique('nul'), pickup_location: nul } }],
      [A.client, { method: 'PATCH', path: '/api/profiles/vendor/', body: { city: nul } }],
      [staff.ADMIN, { method: 'PATCH', path: `/api/vendors/${A.vendorId}/`, body: { insurance_company: nul } }],
      [staff.ADMIN, { method: 'PATCH', path: '/api/profiles/staff/', body: { department: nul } }],
      [anon, { method: 'POST', path: '/api/auth/login/', body: { username: nul, password: nul } }],
      [anon, { method: 'POST', path: '/api/auth/signup/vendor/', body: { username: unique('nul'), email: `x${nul}@carrier.example.com`, password: GOOD_PASSWORD } }],
    ];
    const problems: string[] = [];
    for (const [client, call] of cases) {
      const head = await system.store.headPosition();
      const answer = await send(client, call);
      const what = `${call.method} ${call.path} ${JSON.stringify(call.body)} -> ${answer.status} ${JSON.stringify(answer.body)}`;
      if (answer.status !== 400 || !isErrorShape(answer.body)) problems.push(what);
      if ((await system.store.headPosition()) !== head) problems.push(`${what}: recorded an event`);
    }
    expect(problems).toEqual([]);
  });

  it("never serves vendor A's files to vendor B through B's own ids", async () => {
    // A's file hash under B's vendor id, and A's document under B's load: the pair must match, not just exist.
    expect((await B.client.get(`/api/serve-file/vendor-documents/${B.vendorId}/${A.file.sha256}/x.pdf`)).status).toBe(404);
    expect((await B.client.get(`/api/serve-file/load-documents/${B.loadId}/${A.document.id}/x.pdf`)).status).toBe(404);
    expect((await anon.get(`/api/photo-gallery/${B.loadId}/photos/${A.photo.id}/x.png`)).status).toBe(404);
    // A's (non-photo) document is not in the public gallery of A's own load either.
    expect((await anon.get(`/api/photo-gallery/${A.loadId}/photos/${A.document.id}/x.pdf`)).status).toBe(404);
    const head = await system.store.headPosition();
    expect((await B.client.request('DELETE', `/api/loads/${B.loadId}/documents/${A.document.id}/delete/`)).status).toBe(404);
    expect(await system.store.headPosition()).toBe(head);
  });
});

// ---- mass assignment ----
interface MassCase {
  name: string;
  who: () => PortalClient;
  call: () => Call;
  /** The refusal's status, or 'ignored': accepted, but the field has no effect (checked by `after`). */
  answer: 400 | 403 | 'ignored';
  /** Re-reads what the field would have changed; it must be as before. */
  after?: () => Promise<void>;
}

const loadOf = async (client: PortalClient, id: string) => (await client.get(`/api/loads/${id}/?min_position=${await system.store.headPosition()}`)).body;
const vendorOf = async (id: string) => (await staff.ADMIN.get(`/api/vendors/${id}/?min_position=${await system.store.headPosition()}`)).body;
const tierOf = async (client: PortalClient) => (await client.get(`/api/profiles/staff/?min_position=${await system.store.headPosition()}`)).body.tier;

const massCases: MassCase[] = [
  // a vendor creating a load
  { name: 'vendor B creates a load for vendor A', who: () => B.client, call: () => ({ method: 'POST', path: '/api/loads/', body: { load_number: unique('mass'), vendor: A.vendorId } }), answer: 403 },
  ...(['user_id', 'is_staff', 'status', 'payment_status', 'amount_paid', 'tier', 'vendor_id', 'deleted'] as const).map((field): MassCase => ({
    name: `vendor B creates a load with ${field}`, who: () => B.client, answer: 400,
    call: () => ({ method: 'POST', path: '/api/loads/', body: { load_number: unique('mass'), [field]: { user_id: A.userId, is_staff: true, status: 'delivered', payment_status: 'paid', amount_paid: 999, tier: 'ADMIN', vendor_id: A.vendorId, deleted: true }[field] } }),
  })),
  { name: 'vendor B creates a load with a kdt_id other than its number', who: () => B.client, answer: 400, call: () => ({ method: 'POST', path: '/api/loads/', body: { load_number: unique('mass'), kdt_id: 'kdt_24101' } }) },
  // a vendor editing its own load
  {
    name: 'vendor A moves its load to vendor B', who: () => A.client, answer: 403,
    call: () => ({ method: 'PATCH', path: `/api/loads/${A.loadId}/`, body: { vendor: B.vendorId } }),
    after: async () => expect((await loadOf(A.client, A.loadId)).vendor).toBe(A.vendorId),
  },
  ...(['user_id', 'kdt_id', 'load_number', 'vendor_id', 'is_staff', 'tier', 'id', 'created_at', 'deleted'] as const).map((field): MassCase => ({
    name: `vendor A sets ${field} on its load`, who: () => A.client, answer: 400,
    call: () => ({ method: 'PATCH', path: `/api/api/loads/${A.loadId}/`, body: { [field]: { user_id: B.userId, kdt_id: 'kdt_hijack', load_number: 'kdt_hijack', vendor_id: B.vendorId, is_staff: true, tier: 'ADMIN', id: B.loadId, created_at: '2000-01-01T00:00:00Z', deleted: true }[field] } }),
    after: async () => expect((await loadOf(A.client, A.loadId))).toMatchObject({ id: A.loadId, vendor: A.vendorId, kdt_id: 'kdt_24101' }),
  })),
  // tiers on a load
  {
    name: 'ACCOUNTING sets the load status', who: () => staff.ACCOUNTING, answer: 403,
    call: () => ({ method: 'PATCH', path: `/api/loads/${A.loadId}/`, body: { status: 'cancelled' } }),
    after: async () => expect((await loadOf(staff.ADMIN, A.loadId)).status).toBe('delivered'),
  },
  {
    name: 'ACCOUNTING sets the payment status and, in the same request, the load status', who: () => staff.ACCOUNTING, answer: 403,
    call: () => ({ method: 'PATCH', path: `/api/api/loads/${A.loadId}/`, body: { payment_status: 'disputed', status: 'cancelled' } }),
    after: async () => expect((await loadOf(staff.ADMIN, A.loadId))).toMatchObject({ status: 'delivered', payment_status: 'paid' }),
  },
  {
    name: 'DISPATCH_OPS sets the payment status', who: () => staff.DISPATCH_OPS, answer: 403,
    call: () => ({ method: 'PATCH', path: `/api/api/loads/${A.loadId}/`, body: { payment_status: 'unpaid' } }),
    after: async () => expect((await loadOf(staff.ADMIN, A.loadId)).payment_status).toBe('paid'),
  },
  { name: 'ACCOUNTING assigns a vendor', who: () => staff.ACCOUNTING, answer: 403, call: () => ({ method: 'PATCH', path: `/api/loads/${A.loadId}/`, body: { vendor: B.vendorId, rate_amount: 1 } }) },
  { name: 'PENDING edits the rate', who: () => staff.PENDING, answer: 403, call: () => ({ method: 'PATCH', path: `/api/loads/${A.loadId}/`, body: { rate_amount: 1 } }) },
  // a vendor's own profile
  ...(['vendor', 'vendor_id', 'user_id', 'is_staff', 'tier', 'status', 'username', 'id', 'liability_amount', 'cargo_amount', 'is_complete'] as const).map((field): MassCase => ({
    name: `vendor B sets ${field} on its profile`, who: () => B.client, answer: 400,
    call: () => ({ method: 'PATCH', path: '/api/profiles/vendor/', body: { website: 'mass.example.com', [field]: { vendor: A.vendorId, vendor_id: A.vendorId, user_id: A.userId, is_staff: 'true', tier: 'ADMIN', status: 'active', username: 'carrier', id: A.vendorId, liability_amount: '5000000', cargo_amount: '5000000', is_complete: 'true' }[field] } }),
    after: async () => {
      const own = (await B.client.get(`/api/profiles/vendor/?min_position=${await system.store.headPosition()}`)).body;
      expect(own).toMatchObject({ id: B.vendorId, user_id: B.userId, username: 'newcarrier' });
      expect(own.website).not.toBe('mass.example.com');
      expect((await vendorOf(A.vendorId)).website).not.toBe('mass.example.com');
    },
  })),
  {
    name: 'vendor B signs the agreement without a signature', who: () => B.client, answer: 400,
    call: () => ({ method: 'PATCH', path: '/api/profiles/vendor/', body: { carrier_agreement_status: 'true', carrier_agreement_date: '2026-01-02' } }),
  },
  {
    name: 'vendor B uploads a document naming vendor A', who: () => B.client, answer: 'ignored',
    call: () => ({ method: 'POST', path: '/api/vendor/documents/insurance/', multipart: upload('mass-insurance.pdf', pdf(800), 'application/pdf', { vendor: A.vendorId, vendor_id: A.vendorId, user_id: A.userId }) }),
    after: async () => {
      expect((await A.client.get('/api/vendor/documents/insurance/')).body.filename).toBe('certificate-of-insurance-2026.pdf');
      expect((await B.client.get(`/api/vendor/documents/insurance/?min_position=${await system.store.headPosition()}`)).body.filename).toBe('mass-insurance.pdf');
    },
  },
  // staff profiles and tiers
  ...(['DISPATCH_OPS', 'ACCOUNTING', 'PENDING'] as const).map((tier): MassCase => ({
    name: `${tier} gives itself the ADMIN tier through its profile`, who: () => staff[tier], answer: 403,
    call: () => ({ method: 'PATCH', path: '/api/profiles/staff/', body: { tier: 'ADMIN' } }),
    after: async () => expect(await tierOf(staff[tier])).toBe(tier),
  })),
  {
    name: 'the built-in admin sets its own tier', who: () => staff.ADMIN, answer: 403,
    call: () => ({ method: 'PATCH', path: '/api/profiles/staff/', body: { tier: 'PENDING' } }),
    after: async () => expect(await tierOf(staff.ADMIN)).toBe('ADMIN'),
  },
  {
    // A refused request must change nothing: not the tier, and not the department sent beside it either.
    name: 'the built-in admin sets its department and, in the same request, its tier', who: () => staff.ADMIN, answer: 403,
    call: () => ({ method: 'PATCH', path: '/api/profiles/staff/', body: { department: 'Partial Write', tier: 'PENDING' } }),
    after: async () => expect((await staff.ADMIN.get(`/api/profiles/staff/?min_position=${await system.store.headPosition()}`)).body.department).not.toBe('Partial Write'),
  },
  ...(['user_id', 'is_staff', 'username', 'is_builtin_admin', 'is_active', 'last_login'] as const).map((field): MassCase => ({
    name: `ADMIN sets ${field} on its staff profile`, who: () => staff.ADMIN, answer: 400,
    call: () => ({ method: 'PATCH', path: '/api/profiles/staff/', body: { [field]: { user_id: walkStaffId, is_staff: 'false', username: 'root', is_builtin_admin: 'false', is_active: 'false', last_login: '2000-01-01' }[field] } }),
    after: async () => expect((await staff.ADMIN.get('/api/profiles/staff/')).body).toMatchObject({ username: 'admin', is_builtin_admin: true, tier: 'ADMIN' }),
  })),
  {
    // Refused whole (a tier change takes nothing but the tier), so nobody's tier moves.
    name: 'ADMIN changes a tier naming another user in the body', who: () => staff.ADMIN, answer: 400,
    call: () => ({ method: 'PATCH', path: `/api/staff-accounts/${walkStaffId}/update-tier/`, body: { tier: 'PENDING', user_id: A.userId, id: A.userId } }),
    after: async () => {
      // The one named in the body is still the vendor it was, with no staff account.
      const head = await system.store.headPosition();
      expect((await staff.ADMIN.get(`/api/staff-accounts/${A.userId}/?min_position=${head}`)).status).toBe(404);
      expect(await vendorOf(A.vendorId)).toMatchObject({ id: A.vendorId, username: 'carrier', is_staff: false });
      // And nobody else's tier moved.
      expect(await tierOf(staff.DISPATCH_OPS)).toBe('DISPATCH_OPS');
    },
  },
  // an ADMIN's vendor edit
  ...(['user_id', 'username', 'is_staff', 'status', 'id', 'tier'] as const).map((field): MassCase => ({
    name: `ADMIN sets ${field} on a vendor`, who: () => staff.ADMIN, answer: 400,
    call: () => ({ method: 'PATCH', path: `/api/vendors/${A.vendorId}/`, body: { [field]: { user_id: B.userId, username: 'hijack', is_staff: 'true', status: 'inactive', id: B.vendorId, tier: 'ADMIN' }[field] } }),
    after: async () => expect(await vendorOf(A.vendorId)).toMatchObject({ id: A.vendorId, username: 'carrier', is_staff: false }),
  })),
];

describe('mass assignment: fields the caller may not set are refused or ignored', () => {
  it.each(massCases.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const call = c.call();
    const head = await system.store.headPosition();
    const answer = await send(c.who(), call);
    const what = `${name}: ${answer.status} ${JSON.stringify(answer.body)}`;
    if (c.answer === 'ignored') {
      expect(answer.status, what).toBeLessThan(300);
    } else {
      expect(answer.status, what).toBe(c.answer);
      expect(isErrorShape(answer.body), what).toBe(true);
      expect(await system.store.headPosition(), `${what}: a refused request recorded an event`).toBe(head);
    }
    await c.after?.();
  });

  it('sign-up ignores tier, is_staff and kind: a staff sign-up is PENDING, a vendor sign-up is a vendor', async () => {
    const client = await system.client().start();
    const staffName = unique('masss');
    expect((await signUp(client, 'staff', staffName, { tier: 'ADMIN', is_staff: 'true', is_superuser: 'true', builtin: 'true', kind: 'STAFF' })).status).toBe(201);
    expect((await client.get(await activationPath(system, `${staffName}@carrier.example.com`))).status).toBe(302);
    const signedUpStaff = (await login(client, staffName, GOOD_PASSWORD, 'staff')).body;
    expect(signedUpStaff.staff_profile.tier).toBe('PENDING');
    expect((await client.get('/api/staff-accounts/')).status).toBe(403);

    const vendorClient = await system.client().start();
    const vendorName = unique('massv');
    expect((await signUp(vendorClient, 'vendor', vendorName, { tier: 'ADMIN', is_staff: 'true', kind: 'STAFF', vendor: A.vendorId })).status).toBe(201);
    await vendorClient.get(await activationPath(system, `${vendorName}@carrier.example.com`));
    expect((await login(vendorClient, vendorName, GOOD_PASSWORD, 'staff')).status).toBe(400);
    const signedUpVendor = (await login(vendorClient, vendorName, GOOD_PASSWORD, 'vendor')).body;
    expect(signedUpVendor).toMatchObject({ user_type: 'VENDOR', staff_profile: null });
    expect(signedUpVendor.vendor_profile.id).not.toBe(A.vendorId);
  });
});
