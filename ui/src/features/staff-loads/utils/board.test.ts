import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadView } from '@portal/domain/loads/view';
import { loadFixture } from '../../loads/utils/load-fixture';
import { loadCapabilities } from '../../loads/utils/load-capabilities';
import { boardCellModes } from './board-cells';
import { countOnBoard, initialBoardFilter, isBoardFilterActive, passesBoardFilter } from './board-filter';
import { dateComparator, loadNumberComparator, statusComparator, vendorNameComparator } from './board-sort';

beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});

const staff = (tier: 'ADMIN' | 'DISPATCH_OPS' | 'ACCOUNTING' | 'PENDING') =>
  loadCapabilities({ userId: 'u', username: 'x', type: 'STAFF', tier, vendorId: null });

describe('board cells by tier', () => {
  it('ADMIN and DISPATCH_OPS change status and dates in the row and open documents', () => {
    for (const tier of ['ADMIN', 'DISPATCH_OPS'] as const) {
      expect(boardCellModes(staff(tier))).toEqual({ status: 'select', dates: 'dialog', documents: 'dialog' });
    }
  });

  it('ACCOUNTING sees status and dates read-only but opens documents', () => {
    expect(boardCellModes(staff('ACCOUNTING'))).toEqual({ status: 'badge', dates: 'text', documents: 'dialog' });
  });

  it('PENDING sees everything read-only and document cells refuse', () => {
    expect(boardCellModes(staff('PENDING'))).toEqual({ status: 'badge', dates: 'text', documents: 'refuse' });
  });
});

describe('board filter (search box and status chips)', () => {
  const load = loadFixture('1', {
    kdt_id: 'kdt_4471',
    load_number: 'kdt_4471',
    pickup_location: 'Houston, TX 77029',
    delivery_location: 'New Orleans, LA',
    vendor_name: 'Lone Star Carriers',
    status: 'picked_up',
  });

  it('is off by default: nothing typed, all four chips on', () => {
    const filter = initialBoardFilter();
    expect(isBoardFilterActive(filter)).toBe(false);
    expect(passesBoardFilter(load, filter)).toBe(true);
    expect(isBoardFilterActive({ ...filter, search: ' x ' })).toBe(true);
    expect(isBoardFilterActive({ ...filter, statuses: new Set(['open']) })).toBe(true);
  });

  it.each(['KDT_4471', '4471', 'houston', 'new orleans', 'lone star'])('matches %s case-insensitively', (search) => {
    expect(passesBoardFilter(load, { ...initialBoardFilter(), search })).toBe(true);
  });

  it('misses other text, and a load whose status chip is off', () => {
    expect(passesBoardFilter(load, { ...initialBoardFilter(), search: 'dallas' })).toBe(false);
    expect(passesBoardFilter(load, { search: '', statuses: new Set(['open', 'delivered', 'cancelled']) })).toBe(false);
  });

  it('counts the loads it leaves on the board', () => {
    const other = loadFixture('2', { kdt_id: 'kdt_4472', load_number: 'kdt_4472', status: 'open' });
    expect(countOnBoard([load, other], initialBoardFilter())).toBe(2);
    expect(countOnBoard([load, other], { ...initialBoardFilter(), search: '4471' })).toBe(1);
    expect(countOnBoard([load, other], { search: '', statuses: new Set(['delivered']) })).toBe(0);
  });
});

/** Sorts as AG Grid does: the comparator's answer, reversed when descending. */
function gridSort<T>(values: T[], comparator: (a: T, b: T, nodeA: unknown, nodeB: unknown, desc: boolean) => number, desc: boolean): T[] {
  return [...values].sort((a, b) => {
    const result = comparator(a, b, null, null, desc);
    return desc ? -result : result;
  });
}

describe('board sorting', () => {
  it('orders load numbers naturally', () => {
    expect(gridSort(['kdt_10', 'kdt_9', 'kdt_100'], loadNumberComparator, false)).toEqual(['kdt_9', 'kdt_10', 'kdt_100']);
    expect(gridSort(['kdt_10', 'kdt_9', 'kdt_100'], loadNumberComparator, true)).toEqual(['kdt_100', 'kdt_10', 'kdt_9']);
  });

  it('orders statuses by their lifecycle', () => {
    expect(gridSort<LoadView['status']>(['cancelled', 'open', 'delivered', 'picked_up'], statusComparator, false)).toEqual(['open', 'picked_up', 'delivered', 'cancelled']);
  });

  it('compares dates as timestamps, a missing one last in both directions', () => {
    const dates = ['2026-03-02T15:00:00.000Z', null, '2026-03-02T08:00:00-06:00', '2026-02-28T00:00:00.000Z'];
    expect(gridSort(dates, dateComparator, false)).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-02T08:00:00-06:00', '2026-03-02T15:00:00.000Z', null]);
    expect(gridSort(dates, dateComparator, true)).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-02T08:00:00-06:00', '2026-02-28T00:00:00.000Z', null]);
  });

  it('orders vendors alphabetically whatever the case, unassigned last in both directions', () => {
    const names = ['blue line', null, 'Acme', 'Zephyr'];
    expect(gridSort(names, vendorNameComparator, false)).toEqual(['Acme', 'blue line', 'Zephyr', null]);
    expect(gridSort(names, vendorNameComparator, true)).toEqual(['Zephyr', 'blue line', 'Acme', null]);
  });
});
