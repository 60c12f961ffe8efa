import { describe, expect, it } from 'vitest';
import { csvFileName, dateFilterProblem, isPlausibleDay, filtersFromSearch, filtersProblem, filtersToSearch, hasFilters, NO_FILTERS, paymentsLogPath } from './payments-filters';

describe('payments filters in the URL', () => {
  it('reads what is valid and drops the rest', () => {
    const filters = filtersFromSearch(new URLSearchParams('from=2026-01-01&to=2026-02-30&vendor=v9&status=lost'));
    expect(filters).toEqual({ from: '2026-01-01', to: '', vendor: 'v9', status: '' });
  });

  it('writes only the filters in use', () => {
    expect(filtersToSearch({ ...NO_FILTERS, status: 'paid' }).toString()).toBe('status=paid');
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});

describe('a typed day', () => {
  it('is whole once its year is plausible', () => {
    expect(isPlausibleDay('2026-12-01')).toBe(true);
    expect(isPlausibleDay('0002-12-01')).toBe(false);
    expect(isPlausibleDay('0202-12-01')).toBe(false);
    expect(isPlausibleDay('2026-02-30')).toBe(false);
    expect(isPlausibleDay('')).toBe(false);
    expect(isPlausibleDay('2201-01-01')).toBe(false);
  });

  it('says what is wrong with a finished date instead of leaving it out silently', () => {
    expect(dateFilterProblem('2026-11-25', false)).toBeNull();
    expect(dateFilterProblem('', false)).toBeNull();
    expect(dateFilterProblem('0026-11-25', false)).toBe('Enter a year between 1900 and 2200.');
    expect(dateFilterProblem('20261-11-25', false)).toBe('Enter a year between 1900 and 2200.');
    expect(dateFilterProblem('', true)).toBe('Enter a valid date.');
  });
});

describe('the API path', () => {
  it('sends the same filters for the log and its CSV', () => {
    const filters = { from: '2026-01-01', to: '2026-01-31', vendor: 'v 1', status: 'partial' as const };
    expect(paymentsLogPath(filters, 'json', 'UTC')).toBe('/payments/log/?from=2026-01-01&to=2026-01-31&vendor=v+1&status=partial&tz=UTC');
    expect(paymentsLogPath(filters, 'csv', 'UTC')).toBe('/payments/log/?from=2026-01-01&to=2026-01-31&vendor=v+1&status=partial&tz=UTC&format=csv');
    expect(paymentsLogPath(NO_FILTERS, 'json', '')).toBe('/payments/log/');
    expect(paymentsLogPath(NO_FILTERS, 'csv', 'UTC')).toBe('/payments/log/?tz=UTC&format=csv');
  });

  it('names the browser\'s time zone, so the days and the lines\' times are those the rows are shown in', () => {
    expect(paymentsLogPath({ ...NO_FILTERS, to: '2026-01-31' }, 'json', 'America/Chicago')).toBe('/payments/log/?to=2026-01-31&tz=America%2FChicago');
    expect(paymentsLogPath({ ...NO_FILTERS, from: '2026-01-01' })).toBe(`/payments/log/?from=2026-01-01&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
    expect(paymentsLogPath({ ...NO_FILTERS, status: 'paid' }, 'json', 'America/Chicago')).toBe('/payments/log/?status=paid&tz=America%2FChicago');
    expect(paymentsLogPath(NO_FILTERS)).toBe(`/payments/log/?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
  });
});

describe('checks and names', () => {
  it('refuses a range that ends before it starts', () => {
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-02-01', to: '2026-01-01' })).toMatch(/From date/);
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });

  it('names the CSV as the server does, after every filter in use', () => {
    expect(csvFileName(NO_FILTERS)).toBe('payments-log.csv');
    expect(csvFileName({ ...NO_FILTERS, status: 'paid' })).toBe('payments-log-status-paid.csv');
    expect(csvFileName({ ...NO_FILTERS, from: '2026-01-01', to: '2026-01-31', status: 'paid' })).toBe('payments-log-status-paid-from-2026-01-01-to-2026-01-31.csv');
    expect(csvFileName({ ...NO_FILTERS, to: '2026-01-31' })).toBe('payments-log-to-2026-01-31.csv');
    expect(csvFileName({ ...NO_FILTERS, vendor: 'a1b2', status: 'partial' }, 'lone star/carrier')).toBe('payments-log-vendor-lone-star-carrier-status-partial.csv');
  });
});
