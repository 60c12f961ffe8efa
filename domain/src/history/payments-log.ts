/** A username as a part of a file name: letters, digits, '_', '.' and '-' only. */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '-');

/**
 * The payments log's CSV file name, after every filter in use (the vendor by username when known), as the read API
 * names it (Content-Disposition) and the UI names its download: payments-log-vendor-carrier-status-paid-from-2026-11-01.csv.
 */
export function paymentsLogFileName(
  filters: { from?: string | null; to?: string | null; vendor?: string | null; status?: string | null },
  vendorUsername?: string,
): string {
  const vendor = filters.vendor ? `-vendor-${fileNamePart(vendorUsername || filters.vendor)}` : '';
  const status = filters.status ? `-status-${filters.status}` : '';
  return `payments-log${vendor}${status}${filters.from ? `-from-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}.csv`;
}

/** A payments-log range that ends before it starts: refused by the API, and shown by the filter bar before it is sent. */
export const BACKWARDS_RANGE = 'The From date must be on or before the To date.';
