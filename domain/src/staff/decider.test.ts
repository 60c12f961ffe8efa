import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, StaffError } from './decider';
import type { StaffEvent } from './events';

const created = (tier: 'ADMIN' | 'PENDING', builtin = false): StaffEvent => ({
  type: 'StaffProfileCreated',
  data: { user_id: 's-1', tier, first_name: 'Sam', last_name: 'Lee', email: 'sam@b.co', builtin },
});

describe('staff decider', () => {
  it('changes a tier and records from and to', () => {
    expect(decide({ type: 'ChangeTier', data: { to: 'ACCOUNTING' } }, evolve(initialState(), created('PENDING')))).toEqual([
      { type: 'StaffTierChanged', data: { user_id: 's-1', from: 'PENDING', to: 'ACCOUNTING' } },
    ]);
  });

  it('records nothing when the tier is already the chosen one', () => {
    expect(decide({ type: 'ChangeTier', data: { to: 'PENDING' } }, evolve(initialState(), created('PENDING')))).toEqual([]);
  });

  it('never demotes the built-in admin', () => {
    const state = evolve(initialState(), created('ADMIN', true));
    expect(() => decide({ type: 'ChangeTier', data: { to: 'DISPATCH_OPS' } }, state)).toThrow(StaffError);
  });

  it('refuses a tier change for a profile that does not exist', () => {
    expect(() => decide({ type: 'ChangeTier', data: { to: 'ADMIN' } }, initialState())).toThrow(StaffError);
  });
});
