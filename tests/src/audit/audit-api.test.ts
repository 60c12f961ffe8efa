import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { until } from '../support/until';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { activeAccount, activeSignedIn, DEMO_PASSWORD, GOOD_PASSWORD, login, signIn } from '../accounts/support';
import { PAYMENTS_RECORDED } from '@portal/domain/loads/decider';
import { pdf } from '../support/files';

let system: TestSystem;
let admin: PortalClient;
let accounting: PortalClient;
let dispatch: PortalClient;
let vendor: PortalClient;
let otherVendor: PortalClient;
let vendorId: string;

/** The read position of a command's answer (every change answers one). */
const at = (answer: { headers: Headers }) => {
  const position = answer.headers.get('x-event-position');
  if (position === null) throw new Error('the command answered no X-Event-Position');
  return `min_position=${position}`;
};

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
  accounting = await signIn(system, 'accounting', 'staff');
  dispatch = await signIn(system, 'dispatch', 'staff');
  vendor = await signIn(system, 'carrier', 'vendor');
  vendorId = (await vendor.get('/api/auth/user/')).body.vendor_profile.id;
  otherVendor = (await activeSignedIn(system, 'vendor', 'audit_rival')).client;
});
afterAll(async () => { await system?.stop(); });

describe('history on every record', () => {
  it('tells a load\'s story in readable lines, with who did what, paged', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'hist-1', rate_amount: 1200 });
    const id = created.body.id;
    await accounting.request('PATCH', `/api/loads/${id}/`, { rate_amount: 1350, payment_status: 'partial' });
    const uploaded = await vendor.upload(`/api/loads/${id}/documents/`, { document_type: 'bill_of_lading' }, { file: { name: 'bol.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') } });
    const history = await vendor.get(`/api/loads/${id}/history/?${at(uploaded)}`);
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(4);
    const lines = history.body.results.flatMap((e: { summary: string[] }) => e.summary);
    expect(lines).toContain('Payment status: Unpaid -> Partial');
    expect(lines).toContain('Rate amount: $1,200.00 -> $1,350.00');
    expect(lines).toContain('Document uploaded: BOL bol.pdf');
    const payment = history.body.results.find((e: { event_type: string }) => e.event_type === 'LoadPaymentStatusChanged');
    expect(payment.actor).toEqual({ username: 'accounting', type: 'STAFF', tier: 'ACCOUNTING' });
    const page2 = await vendor.get(`/api/loads/${id}/history/?page=2&page_size=3`);
    expect(page2.body).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(page2.body.results).toHaveLength(1);
    // Each entry's place in the whole history, 1 = the oldest, whatever the page.
    expect(history.body.results.map((e: { number: number }) => e.number)).toEqual([1, 2, 3, 4]);
    expect(page2.body.results[0].number).toBe(4);
    expect((await vendor.get(`/api/loads/${id}/history/?page=0`)).status).toBe(400);
    // An empty value is an absent one; a page is decimal digits only.
    expect((await vendor.get(`/api/loads/${id}/history/?page=&page_size=`)).body).toMatchObject({ count: 4, page: 1, page_size: 50 });
    for (const [query, field, message] of [
      ['page=0x2', 'page', 'Enter a page number of 1 or more.'],
      ['page=1e0', 'page', 'Enter a page number of 1 or more.'],
      ['page=%202', 'page', 'Enter a page number of 1 or more.'],
      ['page_size=0x10', 'page_size', 'Enter a page size from 1 to 200.'],
    ]) {
      const refused = await vendor.get(`/api/loads/${id}/history/?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ [field!]: [message] });
    }
    expect((await otherVendor.get(`/api/loads/${id}/history/`)).status).toBe(404);
    expect((await dispatch.get(`/api/loads/${id}/history/`)).status).toBe(200);
  });

  it("shows a history line's date and time in the reader's zone (?tz=), named, as the screens show times", async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'hist-tz-1' });
    const id = created.body.id;
    const changed = await vendor.request('PATCH', `/api/loads/${id}/`, { pickup_date: '2026-12-01T08:00:00.000Z' });
    const lines = async (query: string) => (await vendor.get(`/api/loads/${id}/history/?${at(changed)}${query}`)).body.results.flatMap((e: { summary: string[] }) => e.summary);
    expect(await lines('')).toContain('Pickup date: (none) -> Dec 1, 2026, 8:00 AM UTC');
    // Before, always UTC: the detail page showed 2:00 AM (the browser's zone) and the history 8:00 AM.
    expect(await lines('&tz=America/Chicago')).toContain('Pickup date: (none) -> Dec 1, 2026, 2:00 AM CST');
    const paid = await accounting.request('PATCH', `/api/loads/${id}/`, { last_payment_date: '2025-12-02T15:30:00.000Z' });
    const payments = await accounting.get(`/api/loads/${id}/payment-history/?${at(paid)}&tz=America/Chicago`);
    expect(payments.body.map((e: { summary: string }) => e.summary)).toContain('Last payment date: (none) -> Dec 2, 2025, 9:30 AM CST');
    const log = await accounting.get(`/api/payments/log/?${at(paid)}&tz=America/Chicago`);
    expect(log.body.map((e: { summary: string }) => e.summary)).toContain('Last payment date: (none) -> Dec 2, 2025, 9:30 AM CST');
    // A zone the server does not know (a browser that cannot tell its own reports 'Etc/Unknown'): UTC, named, never
    // a refused history; the payments log refuses it only with a From or To day, whose rows it would decide.
    for (const zone of ['Etc/Unknown', 'Mars/Olympus']) {
      expect(await lines(`&tz=${zone}`)).toContain('Pickup date: (none) -> Dec 1, 2026, 8:00 AM UTC');
      const unknown = await accounting.get(`/api/loads/${id}/payment-history/?tz=${zone}`);
      expect(unknown.body.map((e: { summary: string }) => e.summary)).toContain('Last payment date: (none) -> Dec 2, 2025, 3:30 PM UTC');
      expect((await accounting.get(`/api/payments/log/?tz=${zone}`)).status).toBe(200);
      const refused = await accounting.get(`/api/payments/log/?from=2026-12-01&tz=${zone}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ tz: ['Enter a valid time zone.'] });
    }
  });

  it('tells a vendor\'s and a staff member\'s story, never showing secrets or full bank numbers', async () => {
    const vendorHistory = await dispatch.get(`/api/vendors/${vendorId}/history/?page_size=200`);
    const text = JSON.stringify(vendorHistory.body);
    expect(text).toContain('Legal name: (none) -> Lone Star Carriers LLC');
    expect(text).toContain('Bank account number: (none) -> ****2873');
    expect(text).not.toContain('004512873');
    expect((await vendor.get(`/api/vendors/${vendorId}/history/`)).status).toBe(403);
    const staffId = (await admin.get('/api/staff-accounts/')).body.find((a: { username: string }) => a.username === 'dispatch').id;
    const staffHistory = await admin.get(`/api/staff-accounts/${staffId}/history/`);
    const staffText = JSON.stringify(staffHistory.body);
    expect(staffText).toContain('Tier: No Tier Assigned -> Dispatch/Ops');
    expect(staffText).toContain('Account activated');
    // Two streams (account and staff profile) interleaved: each has its own revisions, and the numbers run through both.
    const entries: { number: number; revision: number }[] = staffHistory.body.results;
    expect(new Set(entries.map((e) => e.revision)).size).toBeLessThan(entries.length);
    expect(entries.map((e) => e.number)).toEqual(entries.map((_, index) => index + 1));
    expect(staffText).not.toMatch(/scrypt|password_hash|activation_secret/);
    expect((await dispatch.get(`/api/staff-accounts/${staffId}/history/`)).status).toBe(403);
  });

  it('records a login as the account\'s own username, type and tier, whatever case the name was typed in', async () => {
    const staffId = (await admin.get('/api/staff-accounts/')).body.find((a: { username: string }) => a.username === 'dispatch').id;
    const logins = async () => {
      const history = await admin.get(`/api/staff-accounts/${staffId}/history/?page_size=200`);
      return (history.body.results as { event_type: string; actor: unknown }[]).filter((e) => e.event_type === 'UserLoggedIn');
    };
    const before = (await logins()).length;
    await signIn(system, 'DISPATCH', 'staff');
    await until(async () => (await logins()).length > before, { what: 'the login in the history' });
    expect((await logins()).at(-1)!.actor).toEqual({ username: 'dispatch', type: 'STAFF', tier: 'DISPATCH_OPS' });

    // Sign-ins left out on request: the changes alone, each keeping its number in the whole history.
    const all = (await admin.get(`/api/staff-accounts/${staffId}/history/?page_size=200`)).body;
    const changes = (await admin.get(`/api/staff-accounts/${staffId}/history/?page_size=200&logins=hide`)).body;
    const kept = (all.results as { event_type: string; number: number }[]).filter((e) => e.event_type !== 'UserLoggedIn');
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(changes.count).toBe(kept.length);
    expect(changes.count).toBeLessThan(all.count);
    expect(changes.results.map((e: { number: number }) => e.number)).toEqual(kept.map((e) => e.number));
    const paged = (await admin.get(`/api/staff-accounts/${staffId}/history/?page=2&page_size=2&logins=hide`)).body;
    expect(paged.results.map((e: { number: number }) => e.number)).toEqual(kept.slice(2, 4).map((e) => e.number));
    const wrong = await admin.get(`/api/staff-accounts/${staffId}/history/?logins=no`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ logins: ['Send logins=show or logins=hide.'] });
  });
});

describe('the payment audit', () => {
  it('shows a load\'s payment history and a filterable, exportable payments log to ACCOUNTING and ADMIN only', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'pay-audit-1', rate_amount: 2000 });
    const id = created.body.id;
    await accounting.request('PATCH', `/api/loads/${id}/`, { payment_status: 'partial', amount_paid: 1000, last_payment_date: '2026-11-20', payment_notes: 'ACH 1 of 2' });
    const last = await admin.request('PATCH', `/api/loads/${id}/`, { payment_status: 'paid', amount_paid: 2000 });
    const history = await accounting.get(`/api/loads/${id}/payment-history/?${at(last)}`);
    const summaries = history.body.map((h: { summary: string }) => h.summary);
    // Two edits, in order; the facts within one edit in any order.
    expect(summaries.slice(0, 4).sort()).toEqual([
      'Amount paid: (none) -> $1,000.00',
      'Last payment date: (none) -> Nov 20, 2026',
      'Payment notes: (none) -> ACH 1 of 2',
      'Payment status: Unpaid -> Partial',
    ]);
    expect(summaries.slice(4).sort()).toEqual(['Amount paid: $1,000.00 -> $2,000.00', 'Payment status: Partial -> Paid']);
    expect(history.body[5].actor).toMatchObject({ username: 'admin', tier: 'ADMIN' });
    for (const refused of [dispatch, vendor]) {
      expect((await refused.get(`/api/loads/${id}/payment-history/`)).status).toBe(403);
      expect((await refused.get('/api/payments/log/')).status).toBe(403);
    }
    const log = await accounting.get(`/api/payments/log/?vendor=${vendorId}&status=paid&${at(last)}`);
    const mine = log.body.filter((e: { kdt_id: string }) => e.kdt_id === 'kdt_pay-audit-1');
    expect(mine.map((e: { summary: string }) => e.summary).sort()).toEqual(['Amount paid: $1,000.00 -> $2,000.00', 'Payment status: Partial -> Paid']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await accounting.get(`/api/payments/log/?from=2000-01-01&to=2000-01-02`)).body).toEqual([]);
    expect((await accounting.get(`/api/payments/log/?from=${today}&to=${today}`)).body.length).toBeGreaterThanOrEqual(6);
    expect((await accounting.get('/api/payments/log/?from=yesterday')).body).toEqual({ from: ['Enter a valid date (yyyy-mm-dd).'] });
    // As the filter bar says (on the same day is a range of one day, above).
    const backwards = await accounting.get('/api/payments/log/?from=2026-11-20&to=2026-11-19');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ to: ['The From date must be on or before the To date.'] });
    for (const query of ['from=2026-02-30', 'to=2026-02-31', 'from=0000-01-01', 'from=2026-02-30&format=csv']) {
      const refused = await accounting.get(`/api/payments/log/?${query}`);
      const field = query.slice(0, query.indexOf('='));
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ [field]: ['Enter a valid date (yyyy-mm-dd).'] });
    }
    const csv = await accounting.download(`/api/payments/log/?format=csv&vendor=${vendorId}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // Named after every filter in use, the vendor by its username.
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="payments-log-vendor-carrier.csv"');
    const paidCsv = await accounting.download(`/api/payments/log/?format=csv&status=paid&from=2026-01-01`);
    expect(paidCsv.headers.get('content-disposition')).toBe('attachment; filename="payments-log-status-paid-from-2026-01-01.csv"');
    // For a spreadsheet: a byte order mark (Excel reads UTF-8 by it), times it recognises, amounts as plain numbers,
    // dates as dates, statuses by their labels, the changer's tier, and nothing as an empty cell.
    const text = csv.content.toString('utf8');
    expect(text.startsWith('\uFEFF"Time (UTC)"')).toBe(true);
    const rows = text.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('"Time (UTC)","Load ID","Vendor","Changed by","Tier","Field","From","To","Payment status after","Load deleted"');
    const ours = rows.filter((row) => row.includes('"kdt_pay-audit-1"')).map((row) => row.replace(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}",/, ''));
    expect(ours.sort()).toEqual([
      '"kdt_pay-audit-1","Lone Star Carriers","accounting","Accounting","Amount paid","","1000.00","Partial",""',
      '"kdt_pay-audit-1","Lone Star Carriers","accounting","Accounting","Last payment date","","2026-11-20","Partial",""',
      '"kdt_pay-audit-1","Lone Star Carriers","accounting","Accounting","Payment notes","","ACH 1 of 2","Partial",""',
      '"kdt_pay-audit-1","Lone Star Carriers","accounting","Accounting","Payment status","Unpaid","Partial","Partial",""',
      '"kdt_pay-audit-1","Lone Star Carriers","admin","Admin","Amount paid","1000.00","2000.00","Paid",""',
      '"kdt_pay-audit-1","Lone Star Carriers","admin","Admin","Payment status","Partial","Paid","Paid",""',
    ].sort());
  });
});

describe('a load reassigned between carriers', () => {
  it('shows each carrier only its own time with the load: its history and its past states', async () => {
    const rivalVendorId = (await otherVendor.get('/api/auth/user/')).body.vendor_profile.id;
    const created = await vendor.post('/api/loads/', { load_number: 'handover-1', rate_amount: 1500 });
    const id = created.body.id;
    const createdAt = created.headers.get('x-event-position');
    await accounting.request('PATCH', `/api/loads/${id}/`, { amount_paid: 1325, payment_notes: 'ACH to carrier', payment_status: 'partial' });
    // Not while a payment to the first carrier is on the load: the next one would take it for its own.
    const paidHead = await system.store.headPosition();
    const refused = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: rivalVendorId });
    expect([refused.status, refused.body]).toEqual([400, { detail: PAYMENTS_RECORDED }]);
    expect(await system.store.headPosition()).toBe(paidHead);
    // Accounting clears it; that is the first carrier's time with the load, and its log rows name that carrier.
    const cleared = await accounting.request('PATCH', `/api/loads/${id}/`, { amount_paid: null, payment_notes: null, payment_status: 'unpaid' });
    expect(cleared.status).toBe(200);
    const handedOver = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: rivalVendorId });
    expect(handedOver.status).toBe(200);
    const clearedRows = (await accounting.get(`/api/payments/log/?${at(handedOver)}`)).body.filter((row: { load_id: string }) => row.load_id === id);
    expect(new Set(clearedRows.map((row: { vendor_id: string }) => row.vendor_id))).toEqual(new Set([vendorId]));
    const handedOverAt = handedOver.headers.get('x-event-position');
    const rivalStatus = await otherVendor.request('PATCH', `/api/loads/${id}/`, { status: 'picked_up' });
    expect(rivalStatus.status).toBe(200);

    // The new carrier: the handover (naming no other carrier) and its own changes; nothing of the first carrier's time.
    const rivalHistory = await otherVendor.get(`/api/loads/${id}/history/?${at(rivalStatus)}`);
    expect(rivalHistory.status).toBe(200);
    const rivalText = JSON.stringify(rivalHistory.body);
    // (Picked up stamps the pickup date when it had none.)
    expect(rivalHistory.body.results.map((e: { event_type: string }) => e.event_type)).toEqual(['LoadVendorAssigned', 'LoadStatusChanged', 'LoadPickupDateSet']);
    expect(rivalHistory.body.count).toBe(3);
    expect(rivalHistory.body.results[0].summary[0]).toMatch(/^Vendor: \(another carrier\) -> /);
    expect(rivalText).not.toMatch(/ACH to carrier|1,325|Lone Star|"username":"carrier"|accounting/);
    expect(rivalHistory.body.results.map((e: { number: number }) => e.number)).toEqual([1, 2, 3]);
    const before = await otherVendor.get(`/api/loads/${id}/?as_of_position=${createdAt}`);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ detail: 'This load was not assigned to you at that point.' });
    expect((await otherVendor.get(`/api/loads/${id}/?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
    expect((await otherVendor.get(`/api/loads/${id}/?as_of_position=${handedOverAt}`)).body).toMatchObject({ vendor: rivalVendorId, status: 'open' });
    // Staff still see the whole story.
    expect((await dispatch.get(`/api/loads/${id}/history/`)).body.count).toBe(8);

    // Handed back: the first carrier sees its own time and the return, not what happened while the other one had it.
    const handedBack = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: vendorId });
    const history = await vendor.get(`/api/loads/${id}/history/?${at(handedBack)}`);
    const types = history.body.results.map((e: { event_type: string }) => e.event_type);
    expect(types[0]).toBe('LoadCreated');
    expect(types.at(-1)).toBe('LoadVendorAssigned');
    expect(types.filter((t: string) => t === 'LoadVendorAssigned' || t === 'LoadStatusChanged' || t === 'LoadPickupDateSet')).toEqual(['LoadVendorAssigned']);
    expect(history.body.count).toBe(types.length);
    expect(history.body.results.at(-1).summary[0]).toMatch(/^Vendor: \(another carrier\) -> /);
    expect(JSON.stringify(history.body)).toContain('ACH to carrier');
    expect((await vendor.get(`/api/loads/${id}/?as_of_position=${rivalStatus.headers.get('x-event-position')}`)).status).toBe(404);
    expect((await vendor.get(`/api/loads/${id}/?as_of_position=${createdAt}`)).body).toMatchObject({ rate_amount: 1500, vendor: vendorId });
  });
});

describe("a load's documents across a handover", () => {
  it("are each carrier's own time's: the next carrier neither sees nor deletes them, staff see every one, marked", async () => {
    const rivalVendorId = (await otherVendor.get('/api/auth/user/')).body.vendor_profile.id;
    const id = (await vendor.post('/api/loads/', { load_number: 'handover-docs-1' })).body.id;
    const upload = (client: PortalClient, type: string, name: string) =>
      client.upload(`/api/loads/${id}/documents/`, { document_type: type }, { file: { name, content: pdf(700), type: 'application/pdf' } });
    const brokerPaper = await upload(dispatch, 'bill_of_lading', 'bol-shipper.pdf');
    const rateCon = await upload(vendor, 'rate_confirmation', 'ratecon-lone-star-1500.pdf');
    expect([brokerPaper.status, rateCon.status]).toEqual([201, 201]);
    const handedOver = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: rivalVendorId });
    expect(handedOver.status).toBe(200);

    // The new carrier: nothing of the first carrier's time (the load was its from its creation, the dispatcher's BOL
    // included): not listed, not counted, not served, not deletable.
    const listed = await otherVendor.get(`/api/loads/${id}/documents/?${at(handedOver)}`);
    expect(listed.body.map((d: { file_name: string }) => d.file_name)).toEqual([]);
    expect((await otherVendor.get(`/api/loads/${id}/documents/counts/`)).body).toMatchObject({ rate_confirmation: 0, bill_of_lading: 0 });
    expect((await otherVendor.get(`/api/loads/${id}/`)).body).toMatchObject({ has_rate_confirmation: false, has_bill_of_lading: false });
    expect((await otherVendor.download(rateCon.body.file_url)).status).toBe(404);
    const head = await system.store.headPosition();
    expect((await otherVendor.request('DELETE', `/api/loads/${id}/documents/${rateCon.body.id}/delete/`)).status).toBe(404);
    expect(await system.store.headPosition()).toBe(head);

    // Its own upload is its own; staff see all three, the earlier carrier's marked, and the load counts the new one's.
    const own = await upload(otherVendor, 'invoice', 'rival-invoice.pdf');
    expect(own.status).toBe(201);
    expect((await otherVendor.get(`/api/loads/${id}/documents/?${at(own)}`)).body.map((d: { file_name: string }) => d.file_name)).toEqual(['rival-invoice.pdf']);
    const staffList = (await dispatch.get(`/api/loads/${id}/documents/?${at(own)}`)).body as { file_name: string; earlier_carrier?: boolean }[];
    expect(staffList.map((d) => [d.file_name, d.earlier_carrier ?? false])).toEqual([
      ['bol-shipper.pdf', true], ['ratecon-lone-star-1500.pdf', true], ['rival-invoice.pdf', false],
    ]);
    expect((await dispatch.get(`/api/loads/${id}/`)).body).toMatchObject({ has_rate_confirmation: false, has_invoice: true });
    expect((await dispatch.download(rateCon.body.file_url)).status).toBe(200);

    // Handed back: the first carrier has its documents again, and not the other's invoice.
    const handedBack = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: vendorId });
    const back = (await vendor.get(`/api/loads/${id}/documents/?${at(handedBack)}`)).body.map((d: { file_name: string }) => d.file_name);
    expect(back).toEqual(['bol-shipper.pdf', 'ratecon-lone-star-1500.pdf']);
    expect((await vendor.download(own.body.file_url)).status).toBe(404);
  });
});

describe('time travel', () => {
  it('shows a load and a vendor as they were at a chosen change, from their streams', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'travel-1', rate_amount: 900 });
    const id = created.body.id;
    const first = created.headers.get('x-event-position');
    await vendor.request('PATCH', `/api/loads/${id}/`, { status: 'picked_up', rate_amount: 950 });
    const now = await vendor.get(`/api/loads/${id}/?min_position=${first}`);
    const then = await vendor.get(`/api/loads/${id}/?as_of_position=${first}`);
    expect(then.body).toMatchObject({ status: 'open', rate_amount: 900, pickup_date: null });
    expect(now.status).toBe(200);
    const byTime = await vendor.get(`/api/loads/${id}/?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(byTime.body).toMatchObject({ status: 'picked_up', rate_amount: 950 });
    expect((await vendor.get(`/api/loads/${id}/?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
    expect((await vendor.get(`/api/loads/${id}/?as_of_position=abc`)).status).toBe(400);
    // One point in time, not two that may disagree.
    const both = await vendor.get(`/api/loads/${id}/?as_of_position=${first}&as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ non_field_errors: ['Send either as_of or as_of_position, not both.'] });
    // ISO 8601 only: new Date() reads '1' as 2001 and 'foo 2020' as 2020.
    for (const asOf of ['1', 'foo%202020', '2026-02-30', '2026-11-22T10:00:00%2B24:00', 'Nov%2022%202026']) {
      const refused = await vendor.get(`/api/loads/${id}/?as_of=${asOf}`);
      expect(refused.status, asOf).toBe(400);
      expect(refused.body, asOf).toEqual({ as_of: ['Enter a valid date and time.'] });
    }
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const asOf of [tomorrow, `${tomorrow}T00:00Z`, `${tomorrow}T01:00:00.000%2B01:00`]) {
      expect((await vendor.get(`/api/loads/${id}/?as_of=${asOf}`)).body, asOf).toMatchObject({ status: 'picked_up', rate_amount: 950 });
    }
    const vendorEvents = (await admin.get(`/api/vendors/${vendorId}/history/?page_size=200`)).body.results;
    const createdAt = vendorEvents[0].position;
    const early = await admin.get(`/api/vendors/${vendorId}/?as_of_position=${createdAt}`);
    expect(early.body).toMatchObject({ legal_name: null, status: 'pending', bank_account_number: null });
  });
});

describe('a vendor renamed after its loads were assigned', () => {
  it('shows the vendor\'s name of the moment in time travel, and its name now in a reassignment', async () => {
    const rivalVendorId = (await otherVendor.get('/api/auth/user/')).body.vendor_profile.id;
    const created = await otherVendor.post('/api/loads/', { load_number: 'rename-1', rate_amount: 700 });
    const id = created.body.id;
    const oldName = created.body.vendor_name;
    const renamed = await admin.request('PATCH', `/api/vendors/${rivalVendorId}/`, { business_name: 'Rival Freight Co' });
    expect(renamed.status).toBe(200);
    const now = await otherVendor.get(`/api/loads/${id}/?${at(renamed)}`);
    expect(now.body.vendor_name).toBe('Rival Freight Co');
    // Time travel: before the rename the name it had then, after it the new one (the load's stream has only the old).
    expect((await otherVendor.get(`/api/loads/${id}/?as_of_position=${created.headers.get('x-event-position')}`)).body.vendor_name).toBe(oldName);
    expect((await otherVendor.get(`/api/loads/${id}/?as_of=${encodeURIComponent(new Date().toISOString())}`)).body.vendor_name).toBe('Rival Freight Co');
    // A reassignment records where the load came from by the name it has now.
    const moved = await dispatch.request('PATCH', `/api/loads/${id}/`, { vendor: vendorId });
    expect(moved.status).toBe(200);
    const history = await dispatch.get(`/api/loads/${id}/history/?${at(moved)}`);
    expect(history.body.results.at(-1).summary).toEqual([`Vendor: Rival Freight Co -> ${moved.body.vendor_name}`]);
  });
});

describe('the recycle bin', () => {
  it('lists deleted records with who deleted them, to ADMIN only', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'bin-1' });
    const deleted = await vendor.request('DELETE', `/api/loads/${created.body.id}/`);
    const bin = await admin.get(`/api/recycle-bin/?${at(deleted)}`);
    expect(bin.body.loads.find((l: { id: string }) => l.id === created.body.id)).toMatchObject({ kdt_id: 'kdt_bin-1', deleted_by: 'carrier' });
    for (const refused of [dispatch, accounting, vendor]) expect((await refused.get('/api/recycle-bin/')).status).toBe(403);
    expect((await dispatch.post(`/api/recycle-bin/loads/${created.body.id}/restore/`)).status).toBe(403);
  });

  it("marks a deleted load's payment rows in the CSV export, as the screen marks them, for accounting and the ADMIN", async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'bin-csv', rate_amount: 900 });
    const id = created.body.id;
    expect((await accounting.request('PATCH', `/api/loads/${id}/`, { amount_paid: 450 })).status).toBe(200);
    const deleted = await vendor.request('DELETE', `/api/loads/${id}/`);
    const adminRows = (await admin.download(`/api/payments/log/?format=csv&${at(deleted)}`)).content.toString().trim().split('\r\n');
    expect(adminRows[0]).toBe('"Time (UTC)","Load ID","Vendor","Changed by","Tier","Field","From","To","Payment status after","Load deleted"');
    const deletedRow = adminRows.find((row) => row.includes('"kdt_bin-csv"'));
    expect(deletedRow).toMatch(/,"yes"$/);
    expect(adminRows.slice(1).filter((row) => !row.includes('"kdt_bin-csv"')).every((row) => row.endsWith(',""'))).toBe(true);
    // Accounting's export is the same: the money paid on a deleted load stays in the audit trail (before, its rows
    // were left out without a word, and a month's export changed when a load was deleted).
    const accountingRows = (await accounting.download(`/api/payments/log/?format=csv&${at(deleted)}`)).content.toString().trim().split('\r\n');
    expect(accountingRows).toEqual(adminRows);
  });

  it('restores a load with its whole history, and refuses to restore what is not deleted', async () => {
    const created = await vendor.post('/api/loads/', { load_number: 'bin-2', rate_amount: 777 });
    const id = created.body.id;
    await vendor.request('DELETE', `/api/loads/${id}/`);
    const restored = await admin.post(`/api/recycle-bin/loads/${id}/restore/`);
    expect(restored.status).toBe(200);
    const back = await vendor.get(`/api/loads/${id}/?${at(restored)}`);
    expect(back.body).toMatchObject({ kdt_id: 'kdt_bin-2', rate_amount: 777 });
    expect((await vendor.get('/api/loads/')).body.map((l: { id: string }) => l.id)).toContain(id);
    const lines = (await vendor.get(`/api/loads/${id}/history/`)).body.results.flatMap((e: { summary: string[] }) => e.summary);
    expect(lines.slice(-2)).toEqual(['Load deleted', 'Load restored']);
    expect((await admin.get(`/api/recycle-bin/?${at(restored)}`)).body.loads.map((l: { id: string }) => l.id)).not.toContain(id);
    expect((await admin.post(`/api/recycle-bin/loads/${id}/restore/`)).body).toEqual({ detail: 'This record is not deleted: it was restored already, or never deleted.' });
    expect((await admin.post(`/api/recycle-bin/loads/00000000-0000-4000-8000-000000000000/restore/`)).status).toBe(404);
    expect((await admin.post(`/api/recycle-bin/planets/${id}/restore/`)).status).toBe(404);
  });

  it('restores a deleted staff member, who can log in again', async () => {
    await activeAccount(system, 'staff', 'comeback_kid');
    const id = (await admin.get('/api/staff-accounts/')).body.find((a: { username: string }) => a.username === 'comeback_kid').id;
    const deleted = await admin.request('DELETE', `/api/staff-accounts/${id}/`);
    expect((await login(await system.client().start(), 'comeback_kid', GOOD_PASSWORD, 'staff')).status).toBe(400);
    expect((await admin.get(`/api/recycle-bin/?${at(deleted)}`)).body.staff.find((s: { id: string }) => s.id === id)).toMatchObject({ username: 'comeback_kid', deleted_by: 'admin' });
    const restored = await admin.post(`/api/recycle-bin/staff/${id}/restore/`);
    expect(restored.status).toBe(200);
    expect((await login(await system.client().start(), 'comeback_kid', GOOD_PASSWORD, 'staff')).status).toBe(200);
    expect((await admin.get(`/api/staff-accounts/?${at(restored)}`)).body.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('restores a deleted vendor with its account, which can log in again', async () => {
    const { client: returning, user } = await activeSignedIn(system, 'vendor', 'returning_carrier');
    const id = user.vendor_profile.id;
    await admin.request('DELETE', `/api/vendors/${id}/`);
    expect((await login(await system.client().start(), 'returning_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(400);
    const restored = await admin.post(`/api/recycle-bin/vendors/${id}/restore/`);
    expect(restored.status).toBe(200);
    expect((await login(await system.client().start(), 'returning_carrier', GOOD_PASSWORD, 'vendor')).status).toBe(200);
    expect((await admin.get(`/api/vendors/?${at(restored)}`)).body.map((v: { id: string }) => v.id)).toContain(id);
  });
});
