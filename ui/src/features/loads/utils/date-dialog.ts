// The small dialog a date cell opens (vendor-side.md section 5): date required, time optional.
import { formatListDateTime, localDateTimeToIso, localParts } from '../../../lib/format-date';

export type LoadDateField = 'pickup_date' | 'delivery_date';

export const DATE_DIALOG_TITLES: Record<LoadDateField, string> = {
  pickup_date: 'Set Pickup Date & Time',
  delivery_date: 'Set Delivery Date & Time',
};

export const DATE_DIALOG_TIME_HINT = 'Date will be set without time if not provided';
export const DATE_REQUIRED = 'Date is required.';
/**
 * Shown while a date is entered without a time: the spec's hint says the date is kept, but its rule (both portals)
 * sends null without a time, so the user is told before the date is lost.
 */
export const DATE_DIALOG_CLEARS = 'Without a time, saving clears this date. Add a time to keep it.';

/** The day and time inputs' starting values ('yyyy-mm-dd', 'HH:MM') for the stored value. */
export const dateDialogInitial = (iso: string | null | undefined) => localParts(iso) ?? { date: '', time: '' };

/**
 * What the dialog sends: with a time, the day and time in the user's zone as a UTC ISO time; without a time, null.
 * Vendor and staff alike: staff-side.md section 5 saves the date only when a time is given, else sets the field to null.
 */
export function dateDialogValue(date: string, time: string): { ok: true; value: string | null } | { ok: false; error: string } {
  if (date.trim() === '') return { ok: false, error: DATE_REQUIRED };
  if (time.trim() === '') return { ok: true, value: null };
  const iso = localDateTimeToIso(date.trim(), time.trim());
  return iso === null ? { ok: false, error: 'Enter a valid date and time.' } : { ok: true, value: iso };
}

/**
 * A warning, not a refusal (the spec has no such rule, and a pick-up may be moved after its delivery is set): the time
 * about to be saved puts the delivery before the pick-up, as a day and month swapped by mistake would.
 */
export function dateOrderNotice(field: LoadDateField, value: string | null, other: string | null | undefined): string | null {
  if (!value || !other) return null;
  const at = Date.parse(value);
  const otherAt = Date.parse(other);
  if (Number.isNaN(at) || Number.isNaN(otherAt)) return null;
  if (field === 'delivery_date' && at < otherAt) return `This is before the pick-up (${formatListDateTime(other)}).`;
  if (field === 'pickup_date' && at > otherAt) return `This is after the delivery (${formatListDateTime(other)}).`;
  return null;
}
