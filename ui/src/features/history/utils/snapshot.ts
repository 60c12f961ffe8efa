// A record as it was, laid out read-only: groups of labelled values.
import type { StatusTone } from '../../../components/status-badge';
import { isDateOnly } from '../../../lib/format-date';
import { formatAuditTime } from './audit-format';
import { formatUsd } from '../../../lib/money';

export interface SnapshotRow {
  label: string;
  value: string;
  /** Shown as a status badge in this tone. */
  tone?: StatusTone;
  /** The value is missing ('Not set'): shown quieter. */
  empty?: boolean;
}

export interface SnapshotGroup {
  title: string;
  rows: SnapshotRow[];
}

export const NOT_SET = 'Not set';

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

export const isBlank = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const textRow = (label: string, value: unknown): SnapshotRow =>
  isBlank(value) ? { label, value: NOT_SET, empty: true } : { label, value: String(value) };

/** A money value, whether the server sends a number or a decimal string ('1000000.00'). */
export function moneyRow(label: string, value: unknown): SnapshotRow {
  if (isBlank(value)) return { label, value: NOT_SET, empty: true };
  const amount = typeof value === 'number' ? value : Number(value);
  return { label, value: Number.isFinite(amount) ? formatUsd(amount) : String(value) };
}

export function numberRow(label: string, value: unknown, unit?: string): SnapshotRow {
  if (isBlank(value)) return { label, value: NOT_SET, empty: true };
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return { label, value: String(value) };
  return { label, value: unit ? `${plain.format(amount)} ${unit}` : plain.format(amount) };
}

export const booleanRow = (label: string, value: unknown): SnapshotRow => ({ label, value: value === true ? 'Yes' : 'No' });

/** A stored time; a date without a time ('2026-01-05', or UTC midnight) shows its calendar day only. */
export function dateRow(label: string, value: unknown): SnapshotRow {
  if (isBlank(value) || typeof value !== 'string') return { label, value: NOT_SET, empty: true };
  const plainDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (plainDay || isDateOnly(value)) {
    const date = new Date(plainDay ? `${value}T00:00:00Z` : value);
    return Number.isNaN(date.getTime()) ? { label, value } : { label, value: date.toLocaleDateString('en-US', DAY) };
  }
  const text = formatAuditTime(value);
  return { label, value: text === '—' ? value : text };
}
