// The payments log's filters: kept in the page's URL, sent to GET /api/payments/log/ as they are, with the browser's
// time zone, so the days are the days the log's times are shown in.
import { PAYMENT_STATUSES, type PaymentStatus } from '@portal/domain/loads/fields';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';

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
export const isPlausibleDay = (text: string): boolean => isCalendarDate(text) && text >= '1900-01-01';

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
  if (filters.from && filters.to && filters.from > filters.to) return 'The From date must be on or before the To date.';
  return null;
}

/** The zone this browser shows times in (an IANA name such as America/Chicago). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The API path for the filters: the JSON log, or the server's CSV of the same rows. */
export function paymentsLogPath(filters: PaymentsFilters, format: 'json' | 'csv' = 'json', timeZone = browserTimeZone()): string {
  const params = filtersToSearch(filters);
  if ((filters.from || filters.to) && timeZone) params.set('tz', timeZone);
  if (format === 'csv') params.set('format', 'csv');
  const query = params.toString();
  return `/payments/log/${query ? `?${query}` : ''}`;
}

/** A username as a part of a file name: letters, digits, '_', '.' and '-' only. */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '-');

/**
 * The server's own name for the file (Content-Disposition), after every filter in use:
 * 'payments-log-vendor-carrier-status-paid-from-2026-01-01-to-2026-01-31.csv'. The vendor is named by its username.
 */
export function csvFileName(filters: PaymentsFilters, vendorUsername?: string): string {
  const vendor = filters.vendor ? `-vendor-${fileNamePart(vendorUsername || filters.vendor)}` : '';
  const status = filters.status ? `-status-${filters.status}` : '';
  return `payments-log${vendor}${status}${filters.from ? `-from-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}.csv`;
}
