import { describe, expect, it } from 'vitest';
import { tierChangeQuestion } from './tier-change';

describe('tierChangeQuestion', () => {
  it('asks before granting Admin and before an admin changes their own tier, and not otherwise', () => {
    expect(tierChangeQuestion('ADMIN', { self: false, name: 'Jordan Blake' })).toMatchObject({ title: 'Make Jordan Blake an Admin?', confirmLabel: 'Make Admin' });
    expect(tierChangeQuestion('PENDING', { self: true, name: 'Me' })).toMatchObject({
      title: 'Change your own tier?',
      message: expect.stringContaining('You will be No Tier Assigned.'),
      confirmLabel: 'Change My Tier',
    });
    for (const tier of ['DISPATCH_OPS', 'ACCOUNTING', 'PENDING'] as const) expect(tierChangeQuestion(tier, { self: false, name: 'x' })).toBeNull();
  });
});
