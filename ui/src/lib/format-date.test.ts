import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatMmDdYyyy,
  browserTimeZone,
  withBrowserZone,
  formatDetailDateTime,
  formatListDateTime,
  isDateOnly,
  isoToMmDdYyyy,
  localDateTimeToIso,
  localParts,
  mmDdYyyyToIso,
  NOT_SET,
  parseMmDdYyyy,
  timeOf,
} from './format-date';

// The user's zone is the browser's; these examples are read in New York (UTC-5 in November).
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

describe('formatDetailDateTime', () => {
  it('shows the year too, a date stored without a time as its day', () => {
    expect(formatDetailDateTime('2024-11-21T20:05:00.000Z')).toBe('Nov 21, 2024, 3:05 PM');
    expect(formatDetailDateTime('2025-11-25T00:00:00.000Z')).toBe('Nov 25, 2025');
    expect(formatDetailDateTime(null)).toBe('Not set');
  });
});

describe('formatListDateTime', () => {
  it('shows en-US short month and day with a 12-hour time in the local zone', () => {
    expect(formatListDateTime('2024-11-21T20:05:00.000Z')).toBe('Nov 21, 3:05 PM');
    expect(formatListDateTime('2024-11-22T04:30:00Z')).toBe('Nov 21, 11:30 PM');
    expect(formatListDateTime('2024-07-04T16:00:00.000Z')).toBe('Jul 4, 12:00 PM');
  });

  it('shows a date stored without a time (UTC midnight) as its day, not as the evening before', () => {
    expect(formatListDateTime('2024-11-21T00:00:00.000Z')).toBe('Nov 21');
  });

  it("says 'Not set' when there is no date or it cannot be read", () => {
    expect(formatListDateTime(null)).toBe(NOT_SET);
    expect(formatListDateTime(undefined)).toBe('Not set');
    expect(formatListDateTime('')).toBe('Not set');
    expect(formatListDateTime('soon')).toBe('Not set');
  });
});

describe('isDateOnly and timeOf', () => {
  it('knows UTC midnight as a date without a time', () => {
    expect(isDateOnly('2024-11-21T00:00:00.000Z')).toBe(true);
    expect(isDateOnly('2024-11-21T00:00:01.000Z')).toBe(false);
    expect(isDateOnly(null)).toBe(false);
  });

  it('gives the time in milliseconds, null when missing', () => {
    expect(timeOf('1970-01-01T00:00:01Z')).toBe(1000);
    // A date without a time: the start of its day where the user is (New York), not UTC midnight.
    expect(timeOf('2026-11-25T00:00:00.000Z')).toBe(Date.parse('2026-11-25T05:00:00.000Z'));
    expect(timeOf(null)).toBeNull();
    expect(timeOf('nope')).toBeNull();
  });
});

describe('formatMmDdYyyy', () => {
  it('puts the dashes into a date typed as eight digits, and leaves anything else as typed', () => {
    expect(formatMmDdYyyy('11302026')).toBe('11-30-2026');
    expect(formatMmDdYyyy(' 03102026 ')).toBe('03-10-2026');
    for (const typed of ['', '1130', '113020', '11-30-2026', '11/30/2026', '113020261', 'abcdefgh']) expect(formatMmDdYyyy(typed)).toBe(typed);
  });
});

describe('parseMmDdYyyy', () => {
  it('reads MM-DD-YYYY, and M/D/YYYY, as yyyy-mm-dd', () => {
    expect(parseMmDdYyyy('11-21-2024')).toBe('2024-11-21');
    expect(parseMmDdYyyy(' 1/5/2025 ')).toBe('2025-01-05');
  });

  it('refuses what is not a calendar date', () => {
    for (const text of ['', '2024-11-21', '13-01-2024', '02-30-2024', '02-29-2023', '11-21-24', '11-21-2024x', 'Nov 21 2024']) {
      expect(parseMmDdYyyy(text), text).toBeNull();
    }
    expect(parseMmDdYyyy('02-29-2024')).toBe('2024-02-29');
  });

  it('stores a typed date at UTC midnight', () => {
    expect(mmDdYyyyToIso('11-21-2024')).toBe('2024-11-21T00:00:00.000Z');
    expect(mmDdYyyyToIso('21-11-2024')).toBeNull();
  });
});

describe('back to the form', () => {
  it('shows a stored date as MM-DD-YYYY: date-only values by their UTC day, timed ones by the local day', () => {
    expect(isoToMmDdYyyy('2024-11-21T00:00:00.000Z')).toBe('11-21-2024');
    expect(isoToMmDdYyyy('2024-11-22T03:00:00.000Z')).toBe('11-21-2024');
    expect(isoToMmDdYyyy(null)).toBe('');
  });

  it('splits a stored value into the local day and time the dialog inputs take', () => {
    expect(localParts('2024-11-21T20:05:00.000Z')).toEqual({ date: '2024-11-21', time: '15:05' });
    expect(localParts('2024-11-21T00:00:00.000Z')).toEqual({ date: '2024-11-21', time: '' });
    expect(localParts(null)).toBeNull();
  });

  it('turns a local day and time into the UTC instant', () => {
    expect(localDateTimeToIso('2024-11-21', '15:05')).toBe('2024-11-21T20:05:00.000Z');
    expect(localDateTimeToIso('2024-07-04', '09:30')).toBe('2024-07-04T13:30:00.000Z');
    expect(localDateTimeToIso('2024-11-21', '')).toBeNull();
    expect(localDateTimeToIso('11-21-2024', '15:05')).toBeNull();
  });

  it('keeps the year typed (new Date(26, ...) would be 1926) and refuses a day or time that does not exist there', () => {
    // (New York's offset in year 26 is its local mean time, 4:56:02 behind UTC.)
    expect(localDateTimeToIso('0026-12-25', '10:00')).toBe('0026-12-25T14:56:02.000Z');
    expect(localDateTimeToIso('2026-02-30', '10:00')).toBeNull();
    // New York skips 2:00-2:59 AM on 2026-03-08; the constructor would give 3:30 AM.
    expect(localDateTimeToIso('2026-03-08', '02:30')).toBeNull();
    expect(localDateTimeToIso('2026-03-08', '03:30')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('keeps a time that falls on UTC midnight a time: the same day and time read back, not the next day without one', () => {
    const iso = localDateTimeToIso('2024-11-21', '19:00')!;
    expect(Date.parse(iso) - Date.parse('2024-11-22T00:00:00.000Z')).toBe(1);
    expect(isDateOnly(iso)).toBe(false);
    expect(formatListDateTime(iso)).toBe('Nov 21, 7:00 PM');
    expect(localParts(iso)).toEqual({ date: '2024-11-21', time: '19:00' });
  });
});

describe('browserTimeZone', () => {
  it("is the browser's zone, or '' (not sent) when the browser cannot tell it ('Etc/Unknown')", () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const as = (timeZone: string) => vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone };
    });
    try {
      as('America/Chicago');
      expect(browserTimeZone()).toBe('America/Chicago');
      expect(withBrowserZone('/loads/1/payment-history/')).toBe('/loads/1/payment-history/?tz=America%2FChicago');
      expect(withBrowserZone('/loads/1/history/?page=1')).toBe('/loads/1/history/?page=1&tz=America%2FChicago');
      as('Etc/Unknown');
      expect(browserTimeZone()).toBe('');
      expect(withBrowserZone('/loads/1/history/?page=1')).toBe('/loads/1/history/?page=1');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
