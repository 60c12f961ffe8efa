import { describe, expect, it } from 'vitest';
import { clampIndex, followIndex, positionLabel, stepIndex } from './carousel';

const docs = (...ids: string[]) => ids.map((id) => ({ id }));

describe('the carousel position', () => {
  it('steps forward and back, wrapping at both ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, -4, 3)).toBe(0);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(5, 1, 0)).toBe(0);
  });

  it('stays within the list', () => {
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(7, 3)).toBe(2);
    expect(clampIndex(1.7, 3)).toBe(1);
    expect(clampIndex(2, 0)).toBe(0);
  });

  it('follows the shown document through a re-fetch, and moves to the next one after a deletion', () => {
    // Same document, new position (one uploaded before it).
    expect(followIndex(docs('a', 'b'), 1, docs('x', 'a', 'b'))).toBe(2);
    // An upload at the end: still on the same one.
    expect(followIndex(docs('a', 'b'), 0, docs('a', 'b', 'c'))).toBe(0);
    // The shown one deleted: the next takes its place, or the last when it was the last.
    expect(followIndex(docs('a', 'b', 'c'), 1, docs('a', 'c'))).toBe(1);
    expect(followIndex(docs('a', 'b', 'c'), 2, docs('a', 'b'))).toBe(1);
    expect(followIndex(docs('a'), 0, docs())).toBe(0);
    // Nothing shown before (first load).
    expect(followIndex(docs(), 0, docs('a', 'b'))).toBe(0);
  });

  it("says where the viewer is: '2 of 5'", () => {
    expect(positionLabel(1, 5)).toBe('2 of 5');
    expect(positionLabel(9, 2)).toBe('2 of 2');
    expect(positionLabel(0, 0)).toBe('');
  });
});
