import { beforeAll, describe, expect, it } from 'vitest';
import type { AwaitingPayment } from '../api/payments-api';
import { awaitingSummary, daysWaiting, formatAmount, waitingText } from './awaiting-payment';

const row = (overrides: Partial<AwaitingPayment>): AwaitingPayment => ({
  id: 'x', kdt_id: 'kdt_1', vendor: null, vendor_name: null, delivery_date: null, payment_status: 'unpaid',
  rate_amount: 1000, amount_paid: null, balance: 1000, last_payment_date: null, ...overrides,
});

// Read in Chicago (UTC-6 in November): a date without a time is UTC midnight, the evening before there.
beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});

describe('awaiting payment', () => {
  it('sums what is owed and says how many, leaving loads without a rate out of the sum', () => {
    expect(awaitingSummary([])).toBe('Every delivered load is paid.');
    expect(awaitingSummary([row({ balance: 1000 })])).toBe('1 delivered load not paid in full: $1,000.00 outstanding.');
    expect(awaitingSummary([row({ balance: 499.5 }), row({ balance: 0.1 }), row({ balance: 0.2 }), row({ rate_amount: null, balance: null })])).toBe(
      '4 delivered loads not paid in full: $499.80 outstanding (1 without a rate, not counted).',
    );
    // Partial by its status, the whole rate recorded as paid.
    expect(awaitingSummary([row({ payment_status: 'partial', amount_paid: 1000, balance: 0 })])).toBe(
      '1 delivered load not paid in full by its payment status; nothing outstanding by the amounts recorded.',
    );
    expect(awaitingSummary([row({ rate_amount: null, balance: null })])).toBe('1 delivered load not paid in full: $0.00 outstanding (1 without a rate, not counted).');
  });

  it("counts the days waited in the browser's days, from the delivery", () => {
    const now = new Date(2026, 10, 26, 9, 0);
    expect(daysWaiting(new Date(2026, 10, 26, 1, 0).toISOString(), now)).toBe(0);
    expect(daysWaiting(new Date(2026, 10, 25, 23, 59).toISOString(), now)).toBe(1);
    expect(daysWaiting(new Date(2026, 9, 27, 12, 0).toISOString(), now)).toBe(30);
    expect(daysWaiting(null, now)).toBeNull();
    // Delivered on the 26th, no time given: today, not yesterday evening.
    expect(daysWaiting('2026-11-26T00:00:00.000Z', now)).toBe(0);
    expect(daysWaiting('2026-11-25T00:00:00.000Z', now)).toBe(1);
    // Marked delivered before its planned day: nothing to count yet.
    expect(daysWaiting(new Date(2026, 11, 3, 10, 0).toISOString(), now)).toBeNull();
    expect([waitingText(0), waitingText(1), waitingText(30), waitingText(null)]).toEqual(['Today', '1 day', '30 days', '-']);
    expect([formatAmount(2943.12), formatAmount(null)]).toEqual(['$2,943.12', '-']);
  });
});
