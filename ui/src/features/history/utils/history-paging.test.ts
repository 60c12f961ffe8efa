import { describe, expect, it } from 'vitest';
import { pageCount, pageRangeLabel } from './history-paging';

describe('history pages', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('says which entries a page shows', () => {
    expect(pageRangeLabel(1, 50, 120)).toBe('Showing 1–50 of 120');
    expect(pageRangeLabel(3, 50, 120)).toBe('Showing 101–120 of 120');
    expect(pageRangeLabel(1, 50, 0)).toBe('');
  });
});
