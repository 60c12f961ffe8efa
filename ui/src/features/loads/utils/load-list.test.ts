import { beforeAll, describe, expect, it } from 'vitest';
import { LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import { filterLoads, hasSearchText, matchesSearch, prepareSearchTexts, sortLoads, type IdleScheduler } from './load-list';

beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

const load = (kdt: string, overrides: Partial<Parameters<typeof matchesSearch>[0]> = {}) => ({
  kdt_id: kdt,
  load_number: kdt,
  status: 'open' as LoadStatus,
  pickup_date: null as string | null,
  delivery_date: null as string | null,
  pickup_location: null as string | null,
  delivery_location: null as string | null,
  vendor_name: 'Acme Freight' as string | null,
  ...overrides,
});

const ALL = new Set(LOAD_STATUSES);
const ids = (rows: Array<{ kdt_id: string }>) => rows.map((row) => row.kdt_id);

describe('search', () => {
  const rows = [
    load('kdt_100', { pickup_location: '75201', delivery_location: 'Houston, TX' }),
    load('kdt_200', { pickup_location: 'Chicago', vendor_name: 'Blue Line LLC', pickup_date: '2024-11-21T20:05:00.000Z' }),
    load('kdt_300', { load_number: 'kdt_300', vendor_name: null }),
  ];

  it('matches id, load number, pickup and delivery location and vendor name, whatever the case', () => {
    expect(ids(filterLoads(rows, 'KDT_1', ALL))).toEqual(['kdt_100']);
    expect(ids(filterLoads(rows, 'houston', ALL))).toEqual(['kdt_100']);
    expect(ids(filterLoads(rows, 'chic', ALL))).toEqual(['kdt_200']);
    expect(ids(filterLoads(rows, 'blue line', ALL))).toEqual(['kdt_200']);
    expect(ids(filterLoads(rows, '7520', ALL))).toEqual(['kdt_100']);
  });

  it('matches a date as the table shows it', () => {
    expect(ids(filterLoads(rows, 'nov 21', ALL))).toEqual(['kdt_200']);
  });

  it('matches a day typed as people type one: MM-DD-YYYY, slashes with or without zeros, ISO, in the user\'s zone', () => {
    // 2024-11-21T20:05Z is Nov 21 in New York; a date-only value (UTC midnight) is its own day in any zone.
    const dated = [...rows, load('kdt_400', { delivery_date: '2024-12-05T00:00:00.000Z' }), load('kdt_500', { pickup_date: '2024-12-06T03:00:00.000Z' })];
    for (const typed of ['11-21-2024', '11/21/2024', '11/21', '2024-11-21']) expect(ids(filterLoads(dated, typed, ALL)), typed).toEqual(['kdt_200']);
    for (const typed of ['12-05-2024', '12/05', '12/5/2024', '2024-12-05']) expect(ids(filterLoads(dated, typed, ALL)), typed).toEqual(['kdt_400', 'kdt_500']);
    // kdt_500's 03:00 UTC on Dec 6 is Dec 5, 10 PM in New York: the day the table shows, not Dec 6.
    expect(ids(filterLoads(dated, '12/06', ALL))).toEqual([]);
  });

  it('an empty or blank search keeps everything', () => {
    expect(ids(filterLoads(rows, '  ', ALL))).toEqual(['kdt_100', 'kdt_200', 'kdt_300']);
  });

  it('finds nothing when nothing matches', () => {
    expect(filterLoads(rows, 'zzz', ALL)).toEqual([]);
  });
});

describe('search texts made ahead of the first key', () => {
  /** An idle scheduler driven by the test: each run gives the slice `idleMs` of idle time. */
  function manualIdle() {
    const pending: Parameters<IdleScheduler>[0][] = [];
    const schedule: IdleScheduler = (work) => {
      pending.push(work);
      return () => pending.splice(pending.indexOf(work), 1);
    };
    const run = (idleMs: number) => pending.shift()?.({ timeRemaining: () => idleMs });
    return { schedule, run, pending };
  }

  it('are made a slice at a time while the browser is idle, and then match as made at the key', () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => load(`kdt_${index}`, { pickup_location: `City ${index}` }));
    const idle = manualIdle();
    prepareSearchTexts(rows, idle.schedule);
    expect(rows.some(hasSearchText)).toBe(false);
    // A busy browser (no idle time left) still gets a few hundred done per slice, and is asked again for the rest.
    idle.run(0);
    const afterFirst = rows.filter(hasSearchText).length;
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThan(rows.length);
    expect(idle.pending).toHaveLength(1);
    while (idle.pending.length > 0) idle.run(0);
    expect(rows.every(hasSearchText)).toBe(true);
    expect(ids(filterLoads(rows, 'city 999', ALL))).toEqual(['kdt_999']);
  });

  it('stop when cancelled (the list was replaced)', () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => load(`kdt_${index}`));
    const idle = manualIdle();
    const cancel = prepareSearchTexts(rows, idle.schedule);
    idle.run(0);
    cancel();
    expect(idle.pending).toHaveLength(0);
    expect(rows.every(hasSearchText)).toBe(false);
  });
});

describe('status chips', () => {
  const rows = LOAD_STATUSES.map((status, index) => load(`kdt_${index}`, { status }));

  it('all on shows every load', () => {
    expect(filterLoads(rows, '', ALL)).toHaveLength(4);
  });

  it('shows only the loads whose status is on, combined with the search', () => {
    expect(ids(filterLoads(rows, '', new Set<LoadStatus>(['open', 'delivered'])))).toEqual(['kdt_0', 'kdt_2']);
    expect(ids(filterLoads(rows, 'kdt_2', new Set<LoadStatus>(['open'])))).toEqual([]);
    expect(filterLoads(rows, '', new Set())).toEqual([]);
  });
});

describe('sorting', () => {
  const rows = [
    load('kdt_10', { status: 'delivered', pickup_date: '2024-11-21T15:00:00.000Z', delivery_date: null }),
    load('kdt_9', { status: 'open', pickup_date: '2024-11-21T09:00:00.000Z', delivery_date: '2024-11-25T00:00:00.000Z' }),
    load('kdt_100', { status: 'cancelled', pickup_date: null, delivery_date: '2024-11-23T12:00:00.000Z' }),
    load('kdt_A1', { status: 'picked_up', pickup_date: '2023-01-01T00:00:00.000Z', delivery_date: '2024-12-01T08:00:00.000Z' }),
  ];

  it('keeps the server order with no sort, without changing the input', () => {
    const copy = [...rows];
    expect(ids(sortLoads(rows, []))).toEqual(['kdt_10', 'kdt_9', 'kdt_100', 'kdt_A1']);
    expect(rows).toEqual(copy);
  });

  it('sorts load numbers naturally, both ways', () => {
    expect(ids(sortLoads(rows, [{ id: 'load_number', desc: false }]))).toEqual(['kdt_9', 'kdt_10', 'kdt_100', 'kdt_A1']);
    expect(ids(sortLoads(rows, [{ id: 'load_number', desc: true }]))).toEqual(['kdt_A1', 'kdt_100', 'kdt_10', 'kdt_9']);
  });

  it('sorts status in lifecycle order', () => {
    expect(ids(sortLoads(rows, [{ id: 'status', desc: false }]))).toEqual(['kdt_9', 'kdt_A1', 'kdt_10', 'kdt_100']);
    expect(ids(sortLoads(rows, [{ id: 'status', desc: true }]))).toEqual(['kdt_100', 'kdt_10', 'kdt_A1', 'kdt_9']);
  });

  it('sorts dates by time, not by their text, with missing dates last either way', () => {
    expect(ids(sortLoads(rows, [{ id: 'pickup_date', desc: false }]))).toEqual(['kdt_A1', 'kdt_9', 'kdt_10', 'kdt_100']);
    expect(ids(sortLoads(rows, [{ id: 'pickup_date', desc: true }]))).toEqual(['kdt_10', 'kdt_9', 'kdt_A1', 'kdt_100']);
    expect(ids(sortLoads(rows, [{ id: 'delivery_date', desc: false }]))).toEqual(['kdt_100', 'kdt_9', 'kdt_A1', 'kdt_10']);
    expect(ids(sortLoads(rows, [{ id: 'delivery_date', desc: true }]))).toEqual(['kdt_A1', 'kdt_9', 'kdt_100', 'kdt_10']);
  });

  it('puts a date without a time at the start of the day it shows, after the evening before (New York)', () => {
    const days = [
      load('kdt_day', { delivery_date: '2026-11-25T00:00:00.000Z' }), // Nov 25, no time
      load('kdt_eve', { delivery_date: '2026-11-25T02:00:00.000Z' }), // Nov 24, 9:00 PM
      load('kdt_morning', { delivery_date: '2026-11-25T10:00:00.000Z' }), // Nov 25, 5:00 AM
    ];
    expect(ids(sortLoads(days, [{ id: 'delivery_date', desc: false }]))).toEqual(['kdt_eve', 'kdt_day', 'kdt_morning']);
    expect(ids(sortLoads(days, [{ id: 'delivery_date', desc: true }]))).toEqual(['kdt_morning', 'kdt_day', 'kdt_eve']);
  });

  it('compares instants across offsets', () => {
    const offsets = [load('kdt_a', { pickup_date: '2024-11-21T10:00:00-05:00' }), load('kdt_b', { pickup_date: '2024-11-21T14:00:00Z' })];
    expect(ids(sortLoads(offsets, [{ id: 'pickup_date', desc: false }]))).toEqual(['kdt_b', 'kdt_a']);
  });

  it('breaks ties with the next sort, then the server order; ignores unknown columns', () => {
    const tied = [load('kdt_2', { status: 'open' }), load('kdt_1', { status: 'open' }), load('kdt_3', { status: 'cancelled' })];
    expect(ids(sortLoads(tied, [{ id: 'status', desc: false }]))).toEqual(['kdt_2', 'kdt_1', 'kdt_3']);
    expect(ids(sortLoads(tied, [{ id: 'status', desc: false }, { id: 'load_number', desc: false }]))).toEqual(['kdt_1', 'kdt_2', 'kdt_3']);
    expect(ids(sortLoads(tied, [{ id: 'photos', desc: false }]))).toEqual(['kdt_2', 'kdt_1', 'kdt_3']);
  });
});
