import { describe, expect, it } from 'vitest';
import { INSURANCE_NOTICE_DAYS, insuranceStanding } from './insurance';

describe('insuranceStanding', () => {
  it('says how many days ago a policy expired', () => {
    expect(insuranceStanding('2026-11-20', '2026-11-21')).toEqual({ kind: 'expired', days: 1 });
    expect(insuranceStanding('2025-11-21', '2026-11-21')).toEqual({ kind: 'expired', days: 365 });
  });

  it('flags a policy that ends within the 30 days of notice, today included', () => {
    expect(INSURANCE_NOTICE_DAYS).toBe(30);
    expect(insuranceStanding('2026-11-21', '2026-11-21')).toEqual({ kind: 'expiring', days: 0 });
    expect(insuranceStanding('2026-12-21', '2026-11-21')).toEqual({ kind: 'expiring', days: 30 });
    // Across a month end and a leap day.
    expect(insuranceStanding('2028-03-01', '2028-02-28')).toEqual({ kind: 'expiring', days: 2 });
  });

  it('says nothing of a policy running longer, or of a date that is not a calendar day', () => {
    expect(insuranceStanding('2026-12-22', '2026-11-21')).toBeNull();
    expect(insuranceStanding('2026-02-30', '2026-11-21')).toBeNull();
    expect(insuranceStanding('2026-11', '2026-11-21')).toBeNull();
    expect(insuranceStanding('', '2026-11-21')).toBeNull();
    expect(insuranceStanding(null, '2026-11-21')).toBeNull();
    expect(insuranceStanding('2026-11-20', 'today')).toBeNull();
  });
});
