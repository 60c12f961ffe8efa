import { describe, expect, it } from 'vitest';
import { canViewPayments } from './payments-access';
import { changeSummary, newestRows, sortByTime, vendorChoices } from './payments-log';

const row = (position: string, at: string) => ({ position, at });

describe('sortByTime', () => {
  const rows = [row('5', '2026-01-02T10:00:00Z'), row('9', '2026-01-03T10:00:00Z'), row('7', '2026-01-02T10:00:00Z')];

  it('puts the newest first, ties by log position', () => {
    expect(sortByTime(rows, true).map((r) => r.position)).toEqual(['9', '7', '5']);
  });

  it('or the oldest first', () => {
    expect(sortByTime(rows, false).map((r) => r.position)).toEqual(['5', '7', '9']);
  });

  it("keeps one event's changes in the order they came, newest first or not (as the API and the CSV list them)", () => {
    const save = [
      { position: '12', at: '2026-01-04T10:00:00Z', field: 'amount_paid' },
      { position: '12', at: '2026-01-04T10:00:00Z', field: 'payment_notes' },
      { position: '12', at: '2026-01-04T10:00:00Z', field: 'last_payment_date' },
    ];
    const older = { position: '3', at: '2026-01-01T10:00:00Z', field: 'payment_status' };
    expect(sortByTime([...save, older], true).map((r) => r.field)).toEqual(['amount_paid', 'payment_notes', 'last_payment_date', 'payment_status']);
    expect(sortByTime([older, ...save], false).map((r) => r.field)).toEqual(['payment_status', 'amount_paid', 'payment_notes', 'last_payment_date']);
  });

  it('compares positions as numbers, not text', () => {
    expect(sortByTime([row('10', '2026-01-01T00:00:00Z'), row('9', '2026-01-01T00:00:00Z')], false).map((r) => r.position)).toEqual(['9', '10']);
  });
});

describe('newestRows', () => {
  const rows = Array.from({ length: 55 }, (_, index) => index + 1);

  it('keeps only the newest ten of rows sorted oldest first, still oldest first', () => {
    expect(newestRows(rows, false)).toEqual([46, 47, 48, 49, 50, 51, 52, 53, 54, 55]);
  });

  it('keeps them all when asked, or when there are no more than the limit', () => {
    expect(newestRows(rows, true)).toHaveLength(55);
    expect(newestRows(rows.slice(0, 10), false)).toHaveLength(10);
    expect(newestRows([], false)).toEqual([]);
  });
});

describe('changeSummary', () => {
  it("prefers the server's line", () => {
    expect(changeSummary({ summary: 'Payment status: unpaid -> partial', label: 'Payment status', field: 'payment_status', from: 'unpaid', to: 'partial' })).toBe(
      'Payment status: unpaid -> partial',
    );
  });

  it('builds one when the server sent none', () => {
    expect(changeSummary({ summary: '', label: 'Amount paid', field: 'amount_paid', from: null, to: 500 })).toBe('Amount paid: (empty) -> 500');
  });
});

describe('vendor filter choices', () => {
  it('uses the company name people know, alphabetically', () => {
    const choices = vendorChoices([
      { id: '1', username: 'zed', legal_name: null, business_name: null },
      { id: '2', username: 'acme', legal_name: 'Acme LLC', business_name: 'Acme Freight' },
      { id: '3', username: 'bo', legal_name: 'bolt co', business_name: null },
    ]);
    expect(choices).toEqual([
      { id: '2', label: 'Acme Freight' },
      { id: '3', label: 'bolt co' },
      { id: '1', label: 'zed' },
    ]);
  });
});

describe('who sees payments', () => {
  it('is accounting and admins', () => {
    expect(canViewPayments('ACCOUNTING')).toBe(true);
    expect(canViewPayments('ADMIN')).toBe(true);
    expect(canViewPayments('DISPATCH_OPS')).toBe(false);
    expect(canViewPayments('PENDING')).toBe(false);
    expect(canViewPayments(undefined)).toBe(false);
  });
});
