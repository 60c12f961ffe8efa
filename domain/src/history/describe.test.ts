import { describe, expect, it } from 'vitest';
import { describeEvent, formatValue } from './describe';

describe('history lines', () => {
  it('name a load status and a payment status as the screens do, not by their codes', () => {
    expect(describeEvent('LoadStatusChanged', { from: 'open', to: 'picked_up' })).toContain('Status: Open -> Picked Up');
    expect(describeEvent('LoadPaymentStatusChanged', { from: 'unpaid', to: 'partial' })).toEqual(['Payment status: Unpaid -> Partial']);
    expect(formatValue('payment_status', 'disputed')).toBe('Disputed');
    expect(formatValue('status', 'cancelled')).toBe('Cancelled');
  });

  it('keep a value that is no known code as it is', () => {
    expect(formatValue('status', 'active')).toBe('active');
    expect(formatValue('payment_status', 'constructor')).toBe('constructor');
    expect(formatValue('payment_status', null)).toBe('(none)');
  });
});
