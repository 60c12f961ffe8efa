import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../loads/utils/load-fixture';
import { addPositions, diffRows, heldNote, isEmptyTransaction, NONE_HELD } from './grid-transaction';

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

describe('addPositions (where added rows go in an unsorted grid)', () => {
  const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((id) => loadFixture(id)) as [ReturnType<typeof loadFixture>, ReturnType<typeof loadFixture>, ReturnType<typeof loadFixture>, ReturnType<typeof loadFixture>, ReturnType<typeof loadFixture>];

  it('puts each run of added rows at its index in the list, in ascending order', () => {
    expect(addPositions([d, e, a, c, b], [b, d, e])).toEqual([{ index: 0, rows: [d, e] }, { index: 4, rows: [b] }]);
  });

  it('replays to the list order when applied run by run to the rows the grid held', () => {
    const after = [e, a, d, b, c];
    const grid = [a, b, c];
    for (const { index, rows } of addPositions(after, [e, d])) grid.splice(index, 0, ...rows);
    expect(grid).toEqual(after);
  });

  it('has nothing to place when nothing was added', () => {
    expect(addPositions([a, b], [])).toEqual([]);
  });
});

describe('heldNote', () => {
  it('says how many new and removed loads wait, and nothing when none do', () => {
    expect(heldNote(NONE_HELD)).toBe('');
    expect(heldNote({ added: 1, removed: 0 })).toBe('1 new load waiting: shown when you leave the board (pointer or keyboard).');
    expect(heldNote({ added: 0, removed: 3 })).toBe('3 removed loads waiting: shown when you leave the board (pointer or keyboard).');
    expect(heldNote({ added: 2, removed: 1 })).toBe('2 new loads and 1 removed load waiting: shown when you leave the board (pointer or keyboard).');
  });
});
