// GET /api/payments/awaiting/: the delivered loads not paid in full, longest waiting first, with what each still owes;
// for accounting and the ADMIN only.
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

interface Awaiting {
  id: string;
  kdt_id: string;
  delivery_date: string | null;
  payment_status: string;
  rate_amount: number | null;
  amount_paid: number | null;
  balance: number | null;
}

describe('loads awaiting payment', () => {
  it('lists the delivered loads not paid in full, the longest waiting first, with the balance; nothing else', async () => {
    const carrier = (await admin.get<{ id: string; username: string }[]>('/api/vendors/')).body.find((vendor) => vendor.username === 'carrier')!;
    const make = async (number: string, patch: Record<string, unknown>) => {
      const created = await admin.post<{ id: string }>('/api/loads/', { load_number: `aw_${number}`, kdt_id: `aw_${number}`, vendor: carrier.id, rate_amount: 2000 });
      expect(created.status).toBe(201);
      const changed = await admin.request('PATCH', `/api/loads/${created.body.id}/`, patch);
      expect(changed.status, number).toBe(200);
      return created.body.id;
    };
    const late = await make('late', { status: 'delivered', delivery_date: '2026-10-01T15:00:00.000Z' });
    const partial = await make('partial', { status: 'delivered', delivery_date: '2026-11-01T15:00:00.000Z' });
    await accounting.request('PATCH', `/api/loads/${partial}/`, { amount_paid: 1500.5, payment_status: 'partial' });
    const over = await make('over', { status: 'delivered', delivery_date: '2026-11-02T15:00:00.000Z' });
    await accounting.request('PATCH', `/api/loads/${over}/`, { amount_paid: 2500, payment_status: 'disputed' });
    const paid = await make('paid', { status: 'delivered', delivery_date: '2026-09-01T15:00:00.000Z' });
    await accounting.request('PATCH', `/api/loads/${paid}/`, { payment_status: 'paid' });
    const paidInFull = await make('paidfull', { status: 'delivered', delivery_date: '2026-09-01T16:00:00.000Z' });
    await accounting.request('PATCH', `/api/loads/${paidInFull}/`, { amount_paid: 2000, payment_status: 'paid' });
    // Marked Paid after $1,325 of $2,000 was recorded: the $675 gap stays on the list (before, it vanished from it).
    const short = await make('short', { status: 'delivered', delivery_date: '2026-11-03T15:00:00.000Z' });
    await accounting.request('PATCH', `/api/loads/${short}/`, { amount_paid: 1325, payment_status: 'partial' });
    expect((await accounting.request('PATCH', `/api/loads/${short}/`, { payment_status: 'paid' })).status).toBe(200);
    await make('open', { pickup_notes: 'not delivered yet' });
    const deleted = await make('deleted', { status: 'delivered', delivery_date: '2026-09-02T15:00:00.000Z' });
    expect((await admin.request('DELETE', `/api/loads/${deleted}/`)).status).toBe(204);
    await system.caughtUp();

    const answer = await accounting.get<Awaiting[]>('/api/payments/awaiting/');
    expect(answer.status).toBe(200);
    const mine = answer.body.filter((row) => row.kdt_id.startsWith('kdt_aw_'));
    expect(mine.map((row) => row.kdt_id)).toEqual(['kdt_aw_late', 'kdt_aw_partial', 'kdt_aw_over', 'kdt_aw_short']);
    expect(mine.map((row) => [row.payment_status, row.rate_amount, row.amount_paid, row.balance])).toEqual([
      ['unpaid', 2000, null, 2000],
      ['partial', 2000, 1500.5, 499.5],
      ['disputed', 2000, 2500, 0],
      ['paid', 2000, 1325, 675],
    ]);
    expect(mine[0]!.id).toBe(late);
    // Every row is a delivered load not paid, oldest delivery first (demo loads included).
    const dates = answer.body.map((row) => row.delivery_date ?? '9999');
    expect(dates).toEqual([...dates].sort());
    // Paid only when an amount below the rate is recorded.
    for (const row of answer.body) if (row.payment_status === 'paid') expect(row.amount_paid).toBeLessThan(row.rate_amount!);
    expect((await admin.get('/api/payments/awaiting/')).status).toBe(200);
  });

  it('is refused to other staff tiers and to vendors, in the error shape', async () => {
    const dispatch = await signIn(system, 'dispatch', 'staff');
    const vendor = await signIn(system, 'carrier', 'vendor');
    for (const client of [dispatch, vendor]) {
      const refused = await client.get('/api/payments/awaiting/');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'You do not have permission to view payment history.' });
    }
    expect((await system.client().get('/api/payments/awaiting/')).status).toBe(401);
  });
});
