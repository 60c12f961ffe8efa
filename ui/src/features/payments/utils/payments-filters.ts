// The payments log's filters: kept in the page's URL, sent to GET /api/payments/log/ as they are, with the browser's
// time zone, so the days are the days the log's times are shown in.
import { PAYMENT_STATUSES, type PaymentStatus } from '@portal/domain/loads/fields';
import { BACKWARDS_RANGE, paymentsLogFileName } from '@portal/domain/history/payments-log';
import { DATE_INVALID_MESSAGE, DATE_YEAR_MESSAGE, inDateYears } from '@portal/domain/calendar';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { browserTimeZone } from '../../../lib/format-date';

export interface PaymentsFilters {
  /** yyyy-mm-dd or ''. */
  from: string;
  to: string;
  /** A vendor id or ''. */
  vendor: string;
  status: PaymentStatus | '';
}

export const NO_FILTERS: PaymentsFilters = { from: '', to: '', vendor: '', status: '' };

/** A day someone typing has finished: a date input reports one as soon as the year so far makes one (year 0002). */
export const isPlausibleDay = (text: string): boolean => isCalendarDate(text) && inDateYears(Number(text.slice(0, 4)));

/**
 * What is wrong with a date filter the user has finished typing (on blur or Enter), or null: a day outside the years
 * any record has (a 2-digit year typed reads as year 0026), or what the input holds is not a day at all (Feb 30).
 * Without a message, such a filter would be left out silently, and the log would look filtered when it is not.
 */
export function dateFilterProblem(text: string, unreadable: boolean): string | null {
  if (unreadable) return DATE_INVALID_MESSAGE;
  if (text === '' || isPlausibleDay(text)) return null;
  return /^\d{4,}-\d{2}-\d{2}$/.test(text) ? DATE_YEAR_MESSAGE : DATE_INVALID_MESSAGE;
}

const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

/** The filters a URL carries; anything unreadable is dropped rather than sent. */
export function filtersFromSearch(params: URLSearchParams): PaymentsFilters {
  const day = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return isCalendarDate(value) ? value : '';
  };
  const status = params.get('status') ?? '';
  return { from: day('from'), to: day('to'), vendor: params.get('vendor')?.trim() ?? '', status: isPaymentStatus(status) ? status : '' };
}

/** Only the filters in use, in a fixed order: the page URL and the API query alike. */
export function filtersToSearch(filters: PaymentsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.vendor) params.set('vendor', filters.vendor);
  if (filters.status) params.set('status', filters.status);
  return params;
}

export const hasFilters = (filters: PaymentsFilters): boolean => filtersToSearch(filters).size > 0;

/** Why the filters cannot be sent, or null. */
export function filtersProblem(filters: PaymentsFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) return BACKWARDS_RANGE;
  return null;
}

/**
 * The API path for the filters: the JSON log, or the server's CSV of the same rows. With the browser's zone: the
 * From and To days are its days, and the lines' dates with a time are shown in it, as the screens show times.
 */
export function paymentsLogPath(filters: PaymentsFilters, format: 'json' | 'csv' = 'json', timeZone = browserTimeZone()): string {
  const params = filtersToSearch(filters);
  if (timeZone) params.set('tz', timeZone);
  if (format === 'csv') params.set('format', 'csv');
  const query = params.toString();
  return `/payments/log/${query ? `?${query}` : ''}`;
}

/** The CSV's file name: the server's own (Content-Disposition), see paymentsLogFileName. */
export const csvFileName = (filters: PaymentsFilters, vendorUsername?: string): string => paymentsLogFileName(filters, vendorUsername);
