import { describe, expect, it } from 'vitest';
import { actorLabel, actorParts, eventTypeLabel, formatAuditTime } from './audit-format';

describe('formatAuditTime', () => {
  it('shows an en-US date with the year and a 12-hour time, in the reader\'s zone, named', () => {
    expect(formatAuditTime('2026-03-05T15:07:00Z', 'America/Chicago')).toBe('Mar 5, 2026, 9:07 AM CST');
    expect(formatAuditTime('2026-07-01T15:07:00Z', 'America/Chicago')).toBe('Jul 1, 2026, 10:07 AM CDT');
    expect(formatAuditTime('2026-03-05T15:07:00Z', 'UTC')).toBe('Mar 5, 2026, 3:07 PM UTC');
    // The browser's own zone when none is given (a local time reads back as itself), named all the same.
    expect(formatAuditTime('2026-03-05T15:07:00')).toMatch(/^Mar 5, 2026, 3:07 PM \S+$/);
  });

  it('reads missing or broken times as a dash', () => {
    expect(formatAuditTime(null)).toBe('—');
    expect(formatAuditTime('not a time')).toBe('—');
  });
});

describe('who made a change', () => {
  it('names staff with their tier', () => {
    expect(actorLabel({ username: 'alice', type: 'STAFF', tier: 'ACCOUNTING' })).toBe('alice (Accounting)');
    expect(actorParts({ username: 'root', type: 'staff', tier: 'ADMIN' })).toEqual({ name: 'root', role: 'Admin' });
  });

  it('reads a staff member without a tier as No Tier Assigned', () => {
    expect(actorLabel({ username: 'new', type: 'STAFF', tier: null })).toBe('new (No Tier Assigned)');
  });

  it('names vendors as vendors', () => {
    expect(actorLabel({ username: 'carrier1', type: 'VENDOR', tier: null })).toBe('carrier1 (Vendor)');
  });

  it('copes without a type (the payments log sends username and tier only)', () => {
    expect(actorLabel({ username: 'alice', tier: 'ACCOUNTING' })).toBe('alice (Accounting)');
    expect(actorLabel({ username: 'someone', type: null, tier: null })).toBe('someone');
  });

  it('calls a missing actor, or the system, System', () => {
    expect(actorLabel(null)).toBe('System');
    expect(actorParts({ username: 'projector', type: 'system', tier: null })).toEqual({ name: 'System', role: null });
  });
});

describe('eventTypeLabel', () => {
  it('turns an event type into words', () => {
    expect(eventTypeLabel('LoadStatusChanged')).toBe('Load status changed');
    expect(eventTypeLabel('vendor_restored')).toBe('Vendor restored');
    expect(eventTypeLabel('')).toBe('Change');
  });
});
