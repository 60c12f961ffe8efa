import { describe, expect, it } from 'vitest';
import { sortedAnnouncement } from './announced-sorting';

describe('sortedAnnouncement', () => {
  const columns = [{ accessorKey: 'load_number', header: 'Load ID' }, { id: 'name', header: 'Name' }, { id: 'photos', header: () => null }];

  it("says the sorted column's header and the direction, whether the column is known by its field or its id", () => {
    expect(sortedAnnouncement(columns, [{ id: 'load_number', desc: false }])).toBe('Sorted by Load ID, ascending.');
    expect(sortedAnnouncement(columns, [{ id: 'name', desc: true }])).toBe('Sorted by Name, descending.');
  });

  it('says nothing without a sort, or for a column whose header is not text', () => {
    expect(sortedAnnouncement(columns, [])).toBe('');
    expect(sortedAnnouncement(columns, [{ id: 'photos', desc: false }])).toBe('');
    expect(sortedAnnouncement(columns, [{ id: 'missing', desc: false }])).toBe('');
  });
});
