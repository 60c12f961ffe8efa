import { describe, expect, it } from 'vitest';
import { describeEvent, exportValue, formatValue, spreadsheetTime } from './describe';

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

  it('show a date stored without a time (UTC midnight, or a bare day) as its day, and a time with its clock time in UTC', () => {
    expect(formatValue('last_payment_date', '2026-11-20')).toBe('Nov 20, 2026');
    expect(formatValue('pickup_date', '2026-11-20T00:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatValue('pickup_date', '2026-11-29T08:00:00.000Z')).toBe('Nov 29, 2026, 8:00 AM UTC');
    expect(formatValue('delivery_date', '2026-11-29T00:00:30.000Z')).toBe('Nov 29, 2026, 12:00 AM UTC');
  });

  it('show a vendor\'s days (insurance expiration, the agreement\'s date) as the load lines show a day', () => {
    expect(describeEvent('VendorProfileEdited', { changes: { insurance_expiration: { from: '2027-11-26', to: '2026-11-25' } } })).toEqual([
      'Insurance expiration: Nov 26, 2027 -> Nov 25, 2026',
    ]);
    expect(describeEvent('CarrierAgreementSigned', { date: '2026-11-26', agreement_version: '2024-01' })).toEqual([
      'Carrier agreement signed on Nov 26, 2026 (agreement version 2024-01)',
    ]);
  });

  it("show a time in the reader's zone when given, named, and a day as its day whatever the zone", () => {
    expect(formatValue('pickup_date', '2026-12-01T08:00:00.000Z', { timeZone: 'America/Chicago' })).toBe('Dec 1, 2026, 2:00 AM CST');
    expect(formatValue('pickup_date', '2026-07-01T08:00:00.000Z', { timeZone: 'America/Chicago' })).toBe('Jul 1, 2026, 3:00 AM CDT');
    expect(formatValue('pickup_date', '2026-12-01T08:00:00.000Z', { timeZone: 'Asia/Kolkata' })).toBe('Dec 1, 2026, 1:30 PM GMT+5:30');
    expect(formatValue('pickup_date', '2026-12-01T00:00:00.000Z', { timeZone: 'America/Chicago' })).toBe('Dec 1, 2026');
  });
});

describe('values for an export (what a spreadsheet reads as what they are)', () => {
  it('writes amounts as plain numbers, dates as dates, statuses by label, and nothing as an empty cell', () => {
    expect(exportValue('amount_paid', 2650)).toBe('2650.00');
    expect(exportValue('rate_amount', '1234567.5')).toBe('1234567.50');
    expect(exportValue('last_payment_date', '2026-11-20')).toBe('2026-11-20');
    expect(exportValue('last_payment_date', '2026-11-20T00:00:00.000Z')).toBe('2026-11-20');
    expect(exportValue('last_payment_date', '2026-11-20T15:04:05.678Z')).toBe('2026-11-20 15:04:05');
    expect(exportValue('payment_status', 'partial')).toBe('Partial');
    expect(exportValue('payment_status', 'constructor')).toBe('constructor');
    for (const nothing of [null, undefined, '']) expect(exportValue('amount_paid', nothing)).toBe('');
    expect(exportValue('payment_notes', 'Café, "ACH" 1/2')).toBe('Café, "ACH" 1/2');
    expect(spreadsheetTime(new Date('2026-11-26T14:39:03.653Z'))).toBe('2026-11-26 14:39:03');
  });
});
