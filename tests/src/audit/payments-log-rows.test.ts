// Which rows the payments log answers: the newest 5,000 on screen (saying when there are more), every one in the CSV
// export, its times in the zone of its From and To days, and a deleted load's rows for everyone, marked.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';

let system: TestSystem;
let accounting: PortalClient;
let admin: PortalClient;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  accounting = await signIn(system, 'accounting', 'staff');
  admin = await signIn(system, 'admin', 'staff', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await system?.stop();
});

const csvLines = async (client: PortalClient, query: string) => {
  const answer = await client.download(`/api/payments/log/?format=csv&${query}`);
  expect(answer.status).toBe(200);
  return answer.content.toString('utf8').trimEnd().split('\r\n').slice(1);
};

describe('the payments log', () => {
  it('shows the newest 5,000 rows and says there are more; the CSV has every row, none twice', async () => {
    // 2,600 changes of two facts each and one of one fact, straight into the read model (the log only reads it), on a
    // day of their own; each row names its change and fact in its actor.
    const load = randomUUID();
    await system.db.pool.query(
      `INSERT INTO payment_history (position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status)
       SELECT 10000000 + n, s, $1, 'kdt_bulk', NULL, NULL, '2001-02-03T12:00:00Z', 'u' || n || '-' || s, 'ACCOUNTING', 'amount_paid', to_jsonb(n), to_jsonb(n + s), 'partial'
       FROM generate_series(1, 2601) AS n, generate_series(0, 1) AS s WHERE n < 2601 OR s = 0`,
      [load],
    );
    const day = 'from=2001-02-03&to=2001-02-03';
    const shown = await accounting.get<{ position: string }[]>(`/api/payments/log/?${day}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toHaveLength(5_000);
    expect(shown.headers.get('x-truncated')).toBe('true');
    expect(shown.body[0]!.position).toBe('10002601');
    const lines = await csvLines(accounting, day);
    expect(lines).toHaveLength(5_201);
    expect(new Set(lines).size).toBe(5_201);
    // Newest first; the two facts of the change the first read of 5,000 rows ends in the middle of are both there.
    expect(lines[0]).toContain('"u2601-0"');
    expect(lines.filter((line) => /"u102-[01]"/.test(line))).toHaveLength(2);
    expect(lines.at(-1)).toContain('"u1-1"');
    const fewer = await accounting.get(`/api/payments/log/?${day}&status=paid`);
    expect(fewer.headers.get('x-truncated')).toBeNull();
    await system.db.pool.query('DELETE FROM payment_history WHERE load_id = $1', [load]);
  });

  it('has rate changes (they change what is owed) and says when a change was a carrier\'s', async () => {
    const carrier = await signIn(system, 'carrier', 'vendor');
    const dispatch = await signIn(system, 'dispatch', 'staff');
    const load = (await carrier.post('/api/loads/', { load_number: 'rate-cut', rate_amount: 1000 })).body as { id: string; kdt_id: string; vendor: string };
    expect((await carrier.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'partial' })).status).toBe(200);
    const cut = await dispatch.request('PATCH', `/api/loads/${load.id}/`, { rate_amount: 900 });
    expect(cut.status).toBe(200);
    const at = `vendor=${load.vendor}&min_position=${cut.headers.get('x-event-position')}`;
    type Row = { kdt_id: string; summary: string; actor: { username: string; type: string | null; tier: string | null } };
    const rows = (await accounting.get<Row[]>(`/api/payments/log/?${at}`)).body.filter((row) => row.kdt_id === load.kdt_id);
    expect(rows.map((row) => [row.summary, row.actor])).toEqual([
      ['Rate amount: $1,000.00 -> $900.00', { username: 'dispatch', type: 'STAFF', tier: 'DISPATCH_OPS' }],
      ['Payment status: Unpaid -> Partial', { username: 'carrier', type: 'VENDOR', tier: null }],
    ]);
    const lines = (await csvLines(accounting, at)).filter((line) => line.includes(`"${load.kdt_id}"`)).map((line) => line.replace(/^"[^"]*",/, ''));
    expect(lines).toEqual([
      `"${load.kdt_id}","Lone Star Carriers","dispatch","Dispatch/Ops","Rate amount","1000.00","900.00","Partial",""`,
      `"${load.kdt_id}","Lone Star Carriers","carrier","Vendor","Payment status","Unpaid","Partial","Partial",""`,
    ]);
    // The load's own payment history has it too.
    const history = (await accounting.get<{ summary: string }[]>(`/api/loads/${load.id}/payment-history/`)).body.map((entry) => entry.summary);
    expect(history).toEqual(['Payment status: Unpaid -> Partial', 'Rate amount: $1,000.00 -> $900.00']);
  });

  it('exports its times in the zone its From and To days are in, and says which', async () => {
    // 11:30 pm on Nov 30 in Chicago (CST, UTC-6) is Dec 1 in UTC: a November export in Chicago days has it, stamped Nov 30.
    const load = randomUUID();
    await system.db.pool.query(
      `INSERT INTO payment_history (position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status)
       VALUES (20000000, 0, $1, 'kdt_zone', NULL, NULL, '2001-12-01T05:30:00Z', 'accounting', 'ACCOUNTING', 'last_payment_date', NULL, '"2001-11-30T22:00:00.000Z"', 'paid')`,
      [load],
    );
    try {
      const answer = await accounting.download('/api/payments/log/?format=csv&from=2001-11-01&to=2001-11-30&tz=America/Chicago');
      const [header, ...rows] = answer.content.toString('utf8').slice(1).trimEnd().split('\r\n');
      expect(header).toBe('"Time (America/Chicago)","Load ID","Vendor","Changed by","Tier","Field","From","To","Payment status after","Load deleted"');
      // The payment date's time too (4 pm in Chicago), as the screen shows it in the reader's zone.
      expect(rows).toEqual(['"2001-11-30 23:30:00","kdt_zone","","accounting","Accounting","Last payment date","","2001-11-30 16:00:00","Paid",""']);
      // In UTC days it is a December change, and stamped so.
      expect(await csvLines(accounting, 'from=2001-11-01&to=2001-11-30')).toEqual([]);
      expect(await csvLines(accounting, 'from=2001-12-01&to=2001-12-01')).toEqual(['"2001-12-01 05:30:00","kdt_zone","","accounting","Accounting","Last payment date","","2001-11-30 22:00:00","Paid",""']);
    } finally {
      await system.db.pool.query('DELETE FROM payment_history WHERE load_id = $1', [load]);
    }
  });

  it("keeps a deleted load's payment changes in everyone's log, marked", async () => {
    const carrier = await signIn(system, 'carrier', 'vendor');
    const load = (await carrier.post('/api/loads/', { load_number: 'paid-then-deleted' })).body as { id: string; kdt_id: string; vendor: string };
    const paid = await accounting.request('PATCH', `/api/loads/${load.id}/`, { payment_status: 'paid' });
    expect(paid.status).toBe(200);
    const deleted = await carrier.request('DELETE', `/api/loads/${load.id}/`);
    expect(deleted.status).toBe(204);
    // The carrier's rows only (the rows of the test above are newer and would fill the screen).
    const at = `vendor=${load.vendor}&min_position=${deleted.headers.get('x-event-position')}`;
    const kdts = async (client: PortalClient) => (await client.get<{ kdt_id: string }[]>(`/api/payments/log/?${at}`)).body.map((entry) => entry.kdt_id);
    // Accounting's month-end must not change when a load is deleted: its rows stay, marked, in the log and the CSV.
    expect(await kdts(accounting)).toContain(load.kdt_id);
    expect((await csvLines(accounting, at)).filter((line) => line.includes(load.kdt_id)).map((line) => line.endsWith(',"yes"'))).toEqual([true]);
    expect(await kdts(admin)).toContain(load.kdt_id);
    // Marked as deleted (only the ADMIN can open it, from the recycle bin); the other rows are not.
    for (const reader of [accounting, admin]) {
      const rows = (await reader.get<{ kdt_id: string; load_deleted: boolean }[]>(`/api/payments/log/?${at}`)).body;
      expect(rows.filter((entry) => entry.kdt_id === load.kdt_id).map((entry) => entry.load_deleted)).toEqual([true]);
      expect(rows.filter((entry) => entry.kdt_id !== load.kdt_id).every((entry) => entry.load_deleted === false)).toBe(true);
    }
    // Restored, it is everyone's again, and no longer marked.
    const restored = await admin.post(`/api/recycle-bin/loads/${load.id}/restore/`);
    expect(restored.status).toBe(200);
    const again = (await accounting.get<{ kdt_id: string; load_deleted: boolean }[]>(`/api/payments/log/?vendor=${load.vendor}&min_position=${restored.headers.get('x-event-position')}`)).body;
    expect(again.filter((entry) => entry.kdt_id === load.kdt_id).map((entry) => entry.load_deleted)).toEqual([false]);
  });
});
