import { describe, expect, it } from 'vitest';
import { formatCalendarDay, todayIsoDate } from './calendar-days';
import { insuranceNotice } from './insurance-notice';

describe('calendar days', () => {
  it('takes today in the local zone', () => {
    expect(todayIsoDate(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
    expect(todayIsoDate(new Date(2027, 0, 5, 0, 1))).toBe('2027-01-05');
  });

  it('reads a stored day without moving it across zones', () => {
    expect(formatCalendarDay('2027-03-31')).toBe('Mar 31, 2027');
    expect(formatCalendarDay('soon')).toBe('soon');
  });
});

describe('insuranceNotice', () => {
  it('tells the vendor and staff that a policy has expired', () => {
    expect(insuranceNotice('2026-10-31', '2026-11-21')).toEqual({
      tone: 'expired',
      badge: 'Expired',
      sentence: 'This policy expired on Oct 31, 2026. Enter your current policy and upload its insurance certificate.',
    });
  });

  it('counts down the last 30 days', () => {
    expect(insuranceNotice('2026-11-21', '2026-11-21')?.badge).toBe('Expires today');
    expect(insuranceNotice('2026-11-22', '2026-11-21')?.badge).toBe('Expires tomorrow');
    expect(insuranceNotice(' 2026-12-21 ', '2026-11-21')).toEqual({
      tone: 'expiring',
      badge: 'Expires in 30 days',
      sentence: 'This policy expires in 30 days (Dec 21, 2026). Upload the renewed insurance certificate before then.',
    });
  });

  it('is silent for a policy that runs longer, an empty field, or a date still being typed', () => {
    expect(insuranceNotice('2026-12-22', '2026-11-21')).toBeNull();
    expect(insuranceNotice('', '2026-11-21')).toBeNull();
    expect(insuranceNotice('2026-1', '2026-11-21')).toBeNull();
  });
});
