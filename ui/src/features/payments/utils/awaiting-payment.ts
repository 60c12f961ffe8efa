// The payments page's "Awaiting payment": the delivered loads not paid in full, what they still owe, how long each has waited.
import { timeOf } from '../../../lib/format-date';
import { formatUsd } from '../../../lib/money';
import type { AwaitingPayment } from '../api/payments-api';

/** An amount, or '-' when there is none. */
export const formatAmount = (amount: number | null): string => (amount === null ? '-' : formatUsd(amount));

/**
 * Whole days from the delivery to `now`, counted in the browser's own days; null without a delivery date, or with one
 * still to come (a load marked delivered before its planned date: nothing to count yet).
 */
export function daysWaiting(deliveryIso: string | null, now: Date): number | null {
  // timeOf: a delivery date without a time counts from the start of its own day here, as the board sorts it.
  const delivered = timeOf(deliveryIso);
  if (delivered === null) return null;
  const day = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const days = Math.round((day(now) - day(new Date(delivered))) / 86_400_000);
  return days < 0 ? null : days;
}

export const waitingText = (days: number | null): string => (days === null ? '-' : days === 0 ? 'Today' : `${days} day${days === 1 ? '' : 's'}`);

/** The line over the list: how many, and what they still owe in all ('1 load without a rate' when some have none). */
export function awaitingSummary(rows: readonly AwaitingPayment[]): string {
  if (rows.length === 0) return 'Every delivered load is paid.';
  const owed = rows.reduce((sum, row) => sum + (row.balance ?? 0), 0);
  const withoutRate = rows.filter((row) => row.rate_amount === null).length;
  const loads = `${rows.length.toLocaleString('en-US')} delivered load${rows.length === 1 ? '' : 's'} not paid in full`;
  const rateless = withoutRate > 0 ? ` (${withoutRate.toLocaleString('en-US')} without a rate, not counted)` : '';
  const cents = Math.round(owed * 100);
  // Listed by their payment status (Partial, Disputed...) while the amounts recorded cover the rate: not "$0.00
  // outstanding" after "not paid in full", which reads as a contradiction.
  if (cents === 0 && withoutRate < rows.length) return `${loads} by ${rows.length === 1 ? 'its' : 'their'} payment status; nothing outstanding by the amounts recorded${rateless}.`;
  return `${loads}: ${formatUsd(cents / 100)} outstanding${rateless}.`;
}
