// The load texts of vendor-side.md section 8, word for word, and how an error answer becomes one of them.
import { LOAD_STATUS_LABELS, PAYMENT_STATUS_LABELS, type LoadStatus, type PaymentStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { ApiError } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/money';

export const LOAD_MESSAGES = {
  listFailed: 'Failed to load data. Please try again later.',
  listEmpty: 'No loads found',
  detailFailed: 'Failed to fetch load details',
  notFound: 'Load not found.',
  statusFailed: 'Failed to update status',
  paymentStatusFailed: 'Failed to update payment status',
  createFailed: 'Failed to create load.',
  deleted: 'Load deleted successfully',
  deleteFailed: 'Failed to delete load',
  deleteConfirm: 'This action will remove the load from your dashboard.',
  noChanges: 'No changes detected.',
  sectionChangedMeanwhile: 'Someone else changed this section while you were editing. Check the values marked, then save again.',
  loadNumberRequired: 'Load Number is required.',
  loadNumberUnavailable: 'Please enter an available Load Number.',
  vendorRequired: 'Please select a vendor.',
} as const;

/**
 * Ours, not the spec's: a load deleted (or, for a vendor, given to another carrier: the server answers 404 for both)
 * while its page was open, or before a page opened from what an earlier visit had read. The page keeps showing it as
 * it was, read-only, and an open section keeps what was typed. The words hold in both cases (they said "while you had
 * it open", untrue for the second).
 */
export const LOAD_GONE_MESSAGES = {
  vendorPage: 'This load has been deleted, or given to another carrier: it can no longer be changed. The page shows its last known details.',
  staffPage: 'This load has been deleted: it can no longer be changed. The page shows its last known details.',
  section: 'Your changes here cannot be saved, as the load is gone. They stay here until you leave: copy what you need.',
  pencil: 'This load can no longer be changed.',
} as const;

/** What a search or a status chip leaves of a load list, as its status region says it: '3 loads shown', or the empty list's text. */
export const loadsShownText = (shown: number): string => (shown === 0 ? LOAD_MESSAGES.listEmpty : `${shown} ${shown === 1 ? 'load' : 'loads'} shown`);

export const statusUpdated = (status: LoadStatus) => `Status updated to ${LOAD_STATUS_LABELS[status]}`;
export const paymentStatusUpdated = (status: PaymentStatus) => `Payment status updated to ${PAYMENT_STATUS_LABELS[status]}`;

const cents = (amount: unknown) => (typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : null);

/**
 * What a load marked Paid says while less than its rate is recorded as paid (nothing, or a part). Any payment status
 * may be picked (spec), so the status stands; but the numbers do not add up (the awaiting-payment list keeps such a
 * load, when an amount is recorded, as paid short). Null when they add up, or there is no rate to compare with.
 */
export function paidShortNotice(load: Pick<LoadView, 'payment_status' | 'rate_amount' | 'amount_paid'>): string | null {
  const rate = cents(load.rate_amount);
  if (load.payment_status !== 'paid' || rate === null || rate <= 0) return null;
  const paid = cents(load.amount_paid) ?? 0;
  if (paid >= rate) return null;
  return `Marked Paid with ${formatUsd(paid / 100)} of the ${formatUsd(rate / 100)} rate recorded as paid: record the amount paid under Rate & Payment.`;
}
export const sectionUpdated = (sectionLabel: string) => `${sectionLabel} Information updated successfully!`;
export const sectionUpdateFailed = (sectionLabel: string) => `Failed to update ${sectionLabel} information.`;

function bodyOf(error: unknown): unknown {
  return error instanceof ApiError ? error.body : undefined;
}

/** The answer's own words: a string body, or its detail, error or message text. */
export function errorText(error: unknown): string | null {
  const body = bodyOf(error);
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'error', 'message']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** A 400 answer's `{ field: [messages] }`, without detail/error/message. */
export function fieldMessages(error: unknown): Array<{ field: string; messages: string }> {
  const body = bodyOf(error);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>)
    .filter(([field]) => !['detail', 'error', 'message'].includes(field))
    .map(([field, value]) => ({
      field,
      messages: (Array.isArray(value) ? value : [value]).filter((item) => typeof item === 'string').join(' '),
    }))
    .filter(({ messages }) => messages !== '');
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** 'Creation failed: field: messages; field: messages', else the answer's text, else the fallback. */
export function createLoadErrorMessage(error: unknown): string {
  const fields = fieldMessages(error);
  if (fields.length > 0) return `Creation failed: ${fields.map(({ field, messages }) => `${field}: ${messages}`).join('; ')}`;
  const text = errorText(error);
  return text ? `Creation failed: ${text}` : LOAD_MESSAGES.createFailed;
}

/** One toast per server field error '{Field}: messages', else the detail, else the section's fallback. */
export function sectionSaveErrorToasts(error: unknown, sectionLabel: string, labelOf: (field: string) => string): string[] {
  const fields = fieldMessages(error);
  if (fields.length > 0) return fields.map(({ field, messages }) => `${labelOf(field)}: ${messages}`);
  return [errorText(error) ?? sectionUpdateFailed(sectionLabel)];
}

