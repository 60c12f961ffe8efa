import { describe, expect, it } from 'vitest';
import { DIGEST, valueDigest } from './expected';

describe('valueDigest', () => {
  it('is 16 hex digits, the same for the same value, and differs for different ones', () => {
    for (const value of [null, '', 'Dock 4', 1850.5, 0, true, false, 'Доставка '.repeat(250)]) expect(valueDigest(value)).toMatch(DIGEST);
    expect(valueDigest('Dock 4')).toBe(valueDigest('Dock 4'));
    const values = [null, '', 'Dock 4', 'Dock 5', 'dock 4', 1850.5, '1850.5', 0, false, true, 'null'];
    expect(new Set(values.map(valueDigest)).size).toBe(values.length);
    expect(valueDigest(undefined)).toBe(valueDigest(null));
  });

  it('digests a time as its instant, however it is written', () => {
    expect(valueDigest('2026-11-24T14:00:00Z')).toBe(valueDigest('2026-11-24T14:00:00.000Z'));
    expect(valueDigest('2026-11-24T08:00:00-06:00')).toBe(valueDigest('2026-11-24T14:00:00.000Z'));
    expect(valueDigest('2026-11-24T14:00:01Z')).not.toBe(valueDigest('2026-11-24T14:00:00Z'));
    expect(valueDigest('2026-11-24')).not.toBe(valueDigest('2026-11-24T00:00:00Z'));
  });
});
