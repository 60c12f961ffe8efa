// The small dialog a date cell opens (vendor-side.md section 5): date required, time optional.
import { DATE_INVALID_MESSAGE, DATE_YEAR_MESSAGE, inDateYears } from '@portal/domain/calendar';
import { isCalendarDate } from '@portal/domain/vendors/profile-rules';
import { formatListDateTime, isDateOnly, localDateTimeToIso, localParts } from '../../../lib/format-date';

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

/** A time typed for a day on which the clocks skip it (2:30 AM when they go forward). */
export const DATE_DIALOG_SKIPPED_TIME = 'That time does not exist on this day: the clocks change. Enter another time.';
/** The date input holds something that is not a day (Feb 30 typed): it reports no value, which is not "no date". */
export const DATE_DIALOG_BAD_DATE = DATE_INVALID_MESSAGE;

/**
 * What the dialog sends: with a time, the day and time in the user's zone as a UTC ISO time; without a time, null.
 * Vendor and staff alike: staff-side.md section 5 saves the date only when a time is given, else sets the field to null.
 * The stored value (`stored`) is sent back unchanged when the day and time shown were not changed: in the hour the
 * clocks repeat, or with seconds, reading it back from the inputs would move it.
 */
export function dateDialogValue(
  date: string,
  time: string,
  stored?: string | null,
): { ok: true; value: string | null } | { ok: false; error: string } {
  if (date.trim() === '') return { ok: false, error: DATE_REQUIRED };
  if (time.trim() === '') return { ok: true, value: null };
  const shown = stored ? localParts(stored) : null;
  if (stored && shown && shown.time !== '' && shown.date === date.trim() && shown.time === time.trim()) return { ok: true, value: stored };
  const iso = localDateTimeToIso(date.trim(), time.trim());
  if (iso === null) {
    const typed = isCalendarDate(date.trim()) && /^\d{2}:\d{2}$/.test(time.trim());
    return { ok: false, error: typed ? DATE_DIALOG_SKIPPED_TIME : 'Enter a valid date and time.' };
  }
  return inDateYears(new Date(iso).getUTCFullYear()) ? { ok: true, value: iso } : { ok: false, error: DATE_YEAR_MESSAGE };
}

/**
 * A warning, not a refusal (the spec has no such rule, and a pick-up may be moved after its delivery is set): the time
 * about to be saved puts the delivery before the pick-up, as a day and month swapped by mistake would.
 */
export function dateOrderNotice(field: LoadDateField, value: string | null, other: string | null | undefined): string | null {
  if (!value || !other) return null;
  const order = compareForOrder(value, other);
  if (order === null) return null;
  if (field === 'delivery_date' && order < 0) return `This is before the pick-up (${formatListDateTime(other)}).`;
  if (field === 'pickup_date' && order > 0) return `This is after the delivery (${formatListDateTime(other)}).`;
  return null;
}

/**
 * Negative when `a` is before `b`. When either is a date without a time, by the days shown (a delivery on Nov 26
 * without a time is not before a pick-up at 10 AM that day); otherwise by the instants.
 */
function compareForOrder(a: string, b: string): number | null {
  const [dayA, dayB] = [localParts(a), localParts(b)];
  if (!dayA || !dayB) return null;
  if (isDateOnly(a) || isDateOnly(b)) return dayA.date < dayB.date ? -1 : dayA.date > dayB.date ? 1 : 0;
  return Date.parse(a) - Date.parse(b);
}

/** A date change refused because someone else set the date meanwhile (409): what it is now ('' when none). */
/**
 * A save that failed (the network, the server, a refusal): said in the dialog, which stays open with the date and time
 * as typed, so Save tries again. The spec only logs it, and the dialog closed as if it had saved: a driver would believe
 * a pick-up time was recorded that was not.
 */
export const dateNotSaved = (detail: string | null) =>
  detail ? `The date was not saved: ${detail}` : 'The date was not saved: the server could not be reached. Save again to retry.';

export const dateChangedMeanwhile = (now: string) =>
  `Someone else ${now ? `set this date to ${now}` : 'cleared this date'} meanwhile. Save again to replace it with yours.`;
