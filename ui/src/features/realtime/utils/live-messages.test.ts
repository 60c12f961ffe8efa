import { describe, expect, it } from 'vitest';
import { laterPosition, readLoadsChanged } from './live-messages';

describe('positions', () => {
  it('keeps the later of two decimal positions, beyond the safe integer range', () => {
    expect(laterPosition(null, '5')).toBe('5');
    expect(laterPosition('9', '10')).toBe('10');
    expect(laterPosition('10', '9')).toBe('10');
    expect(laterPosition('9007199254740993', '9007199254740992')).toBe('9007199254740993');
  });

  it('ignores what is not a position', () => {
    expect(laterPosition('7', '-1')).toBe('7');
    expect(laterPosition('7', 8)).toBe('7');
    expect(laterPosition(null, undefined)).toBeNull();
  });
});

describe('readLoadsChanged', () => {
  it('keeps rows with an id and string removals, drops the rest', () => {
    expect(readLoadsChanged({ position: '3', upserts: [{ id: 'a' }, null, { nope: 1 }], removals: ['b', 4] })).toEqual({
      position: '3',
      upserts: [{ id: 'a' }],
      removals: ['b'],
    });
    expect(readLoadsChanged({ position: 3, upserts: [], removals: [] })).toBeNull();
  });
});
