import { describe, expect, it } from 'vitest';
import { afterShowMore, showingText, showMoreLabel } from './show-more';

describe('show more', () => {
  it('says how many rows are drawn of how many, never more than there are', () => {
    expect(showingText(250, 1234)).toBe('Showing 250 of 1,234');
    expect(showingText(35, 13)).toBe('Showing 13 of 13');
    expect(showMoreLabel(10, 13, 25)).toBe('Show 3 more');
    expect(showMoreLabel(250, 1234, 250)).toBe('Show 250 more');
  });

  it('keeps the focus on the button while rows remain, and gives it to the first row added when the last are drawn', () => {
    expect(afterShowMore(10, 35, 40)).toEqual({ said: 'Showing 35 of 40', focusRow: null });
    expect(afterShowMore(35, 60, 40)).toEqual({ said: 'Showing 40 of 40', focusRow: 35 });
    expect(afterShowMore(250, 500, 500)).toEqual({ said: 'Showing 500 of 500', focusRow: 250 });
  });
});
