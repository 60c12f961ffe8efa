import { describe, expect, it } from 'vitest';
import { LOAD_STATUSES } from '@portal/domain/loads/fields';
import { readBoardView, saveBoardView } from './board-view';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe('the board view kept for the tab', () => {
  it('comes back as it was saved, for the same user only', () => {
    const storage = new MemoryStorage();
    saveBoardView('u1', { filter: { search: 'dallas', statuses: new Set(['open', 'delivered']) }, sort: [{ colId: 'load_number', sort: 'desc' }] }, storage);
    const view = readBoardView('u1', storage);
    expect(view.filter.search).toBe('dallas');
    expect([...view.filter.statuses]).toEqual(['open', 'delivered']);
    expect(view.sort).toEqual([{ colId: 'load_number', sort: 'desc' }]);
    expect(readBoardView('u2', storage)).toEqual({ filter: { search: '', statuses: new Set(LOAD_STATUSES) }, sort: [] });
  });

  it('is the default view when nothing or something unreadable is stored, keeping what is valid', () => {
    const storage = new MemoryStorage();
    expect(readBoardView('u1', storage).sort).toEqual([]);
    storage.setItem('staff-board-view:u1', '{not json');
    expect(readBoardView('u1', storage).filter.search).toBe('');
    storage.setItem('staff-board-view:u1', JSON.stringify({ search: 7, statuses: ['open', 'lost'], sort: [{ colId: 'status', sort: 'sideways' }, { colId: 'status', sort: 'asc' }] }));
    const view = readBoardView('u1', storage);
    expect(view.filter.search).toBe('');
    expect([...view.filter.statuses]).toEqual(['open']);
    expect(view.sort).toEqual([{ colId: 'status', sort: 'asc' }]);
  });

  it('works without storage at all', () => {
    expect(readBoardView('u1', undefined).sort).toEqual([]);
    expect(() => saveBoardView('u1', { filter: { search: '', statuses: new Set() }, sort: [] }, undefined)).not.toThrow();
  });
});
