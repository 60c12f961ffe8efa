import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../loads/utils/load-fixture';
import { diffRows, isEmptyTransaction } from './grid-transaction';

describe('diffRows (cache changes as one AG Grid transaction)', () => {
  const [a, b, c] = [loadFixture('a'), loadFixture('b'), loadFixture('c')];

  it('adds new rows, updates replaced ones, removes missing ones, leaves identical ones out', () => {
    const b2 = { ...b, status: 'delivered' as const };
    const d = loadFixture('d');
    expect(diffRows([a, b, c], [d, a, b2])).toEqual({ add: [d], update: [b2], remove: [c] });
  });

  it('is empty when nothing changed, whatever the order', () => {
    expect(isEmptyTransaction(diffRows([a, b, c], [c, a, b]))).toBe(true);
    expect(isEmptyTransaction(diffRows([a], [a, b]))).toBe(false);
  });
});
