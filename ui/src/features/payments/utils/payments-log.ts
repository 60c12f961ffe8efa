import type { PaymentChange } from '../api/payments-api';

/**
 * Rows by time (ties by log position), newest first unless `desc` is false. The changes one event made (one save's
 * amount, notes and date: one position) keep the order they came in, either way, as the API and the CSV list them.
 */
export function sortByTime<T extends Pick<PaymentChange, 'at' | 'position'>>(rows: readonly T[], desc: boolean): T[] {
  const time = (row: T) => {
    const value = new Date(row.at).getTime();
    return Number.isNaN(value) ? 0 : value;
  };
  const position = (row: T) => {
    try {
      return BigInt(row.position);
    } catch {
      return 0n;
    }
  };
  const way = desc ? -1 : 1;
  // A stable sort: rows of one position compare equal and stay in their order (reversing the result would flip them).
  return [...rows].sort((a, b) => {
    const byTime = time(a) - time(b);
    if (byTime !== 0) return way * byTime;
    const pa = position(a);
    const pb = position(b);
    return way * (pa < pb ? -1 : pa > pb ? 1 : 0);
  });
}

/** How many of a load's payment changes its panel shows until asked for all of them. */
export const PAYMENT_HISTORY_PREVIEW = 10;

/** The rows a panel shows: all of them, or only the newest `limit` of rows sorted oldest first (still oldest first). */
export function newestRows<T>(rows: readonly T[], showAll: boolean, limit = PAYMENT_HISTORY_PREVIEW): readonly T[] {
  return showAll || rows.length <= limit ? rows : rows.slice(rows.length - limit);
}

/** A value as a change line shows it; the server's summary is preferred, this is for its absence. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The readable line of a change: the server's summary, else 'Label: from -> to'. */
export function changeSummary(change: Pick<PaymentChange, 'summary' | 'label' | 'field' | 'from' | 'to'>): string {
  if (typeof change.summary === 'string' && change.summary.trim() !== '') return change.summary;
  return `${change.label || change.field}: ${changeValueText(change.from)} -> ${changeValueText(change.to)}`;
}

/** Vendor choices for the filter: the company name people know, else the username, alphabetically. */
export function vendorChoices(vendors: readonly { id: string; username: string; legal_name?: string | null; business_name?: string | null }[]) {
  return vendors
    .map((vendor) => ({ id: vendor.id, label: vendor.business_name || vendor.legal_name || vendor.username }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-US', { sensitivity: 'base' }));
}
