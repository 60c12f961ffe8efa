// Request bodies for loads, shared by the command API (400 field errors) and the UI forms.
import { z } from 'zod';
import { DATE_YEAR_MESSAGE, inDateYears } from '../calendar';
import { isUtcMidnight, LOAD_STATUSES, loadNumberWithoutPrefix, normalizeLoadNumber, PAYMENT_STATUSES } from './fields';

const text = (max: number) =>
  z.union([z.string().max(max, `Ensure this field has no more than ${max} characters.`), z.null()])
    .transform((value) => (value === null || value.trim() === '' ? null : value.trim()));

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * The instant an ISO 8601 date-time names, when its calendar, clock and offset parts exist (Date turns Feb 30 into
 * Mar 2, and +24:00 into an invalid date) and it falls in DATE_YEARS in UTC (a year checked before its offset
 * let 1900-01-01T00:00+01:00 through as 1899); with whether its offset is other than UTC's.
 */
function realDateTime(iso: string): { at: Date; offset: boolean } | 'not a date' | 'out of range' {
  const match = ISO_DATE_TIME.exec(iso);
  if (!match) return 'not a date';
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const [offsetHour, offsetMinute] = [Number(match[8] ?? 0), Number(match[9] ?? 0)];
  // setUTCFullYear: Date.UTC reads years 0-99 as 1900-1999.
  const calendar = new Date(0);
  calendar.setUTCFullYear(year!, month! - 1, day!);
  const real =
    calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month! - 1 && calendar.getUTCDate() === day &&
    hour! <= 23 && minute! <= 59 && second! <= 59 && offsetHour <= 23 && offsetMinute <= 59;
  const at = new Date(iso);
  if (!real || Number.isNaN(at.getTime())) return 'not a date';
  if (!inDateYears(at.getUTCFullYear())) return 'out of range';
  return { at, offset: offsetHour !== 0 || offsetMinute !== 0 };
}

/** yyyy-mm-dd means UTC midnight. */
const withTime = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);

/** An ISO 8601 date-time with a time zone, or yyyy-mm-dd meaning UTC midnight; null when it is not a real one. */
export function parseDateTime(value: string): Date | null {
  const parsed = realDateTime(withTime(value));
  return typeof parsed === 'string' ? null : parsed.at;
}

/**
 * A load's date as stored: yyyy-mm-dd, or a time at UTC midnight given in UTC, is a date without a time (vendor-side.md
 * section 5). A time given in another zone that lands on UTC midnight (6:00 PM in Chicago in winter) is a time: it is
 * kept one millisecond later, as the UI's dialog does, so no screen shows it as the next day without a time.
 */
export function storedDateTime(value: string): Date | 'not a date' | 'out of range' {
  const parsed = realDateTime(withTime(value));
  if (typeof parsed === 'string') return parsed;
  return parsed.offset && isUtcMidnight(parsed.at) ? new Date(parsed.at.getTime() + 1) : parsed.at;
}

/** A payment recorded as made after today, wherever the user is (UTC+14 is 14 hours ahead). */
export const PAYMENT_DATE_IN_FUTURE = 'The last payment date cannot be in the future.';
const LATEST_ZONE_AHEAD_MS = 14 * 3_600_000;

/** A date-time (see storedDateTime), or null. */
const dateTime = z
  .union([z.string(), z.null()])
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const parsed = storedDateTime(value.trim());
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed === 'out of range' ? DATE_YEAR_MESSAGE : 'Enter a valid date and time.' });
      return z.NEVER;
    }
    return parsed.toISOString();
  });

/** Clocks that run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A date-time of something already done (a payment made): a day not after today where the user is (a date without a
 * time is UTC midnight of its day, and UTC+14 is 14 hours ahead), an instant not after now.
 */
const pastDateTime = dateTime.superRefine((value, ctx) => {
  if (value === null) return;
  const at = Date.parse(value);
  const latest = Date.now() + (isUtcMidnight(new Date(at)) ? LATEST_ZONE_AHEAD_MS : CLOCK_SKEW_MS);
  if (at > latest) ctx.addIssue({ code: 'custom', message: PAYMENT_DATE_IN_FUTURE });
});

/** A decimal sent as a number or a numeric string; empty means null. */
const decimal = (options: { min?: number; max?: number; integer?: boolean; places?: number }) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const number = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: options.integer ? 'A whole number is required.' : 'A valid number is required.' });
      return z.NEVER;
    }
    if (options.integer && !Number.isInteger(number)) {
      ctx.addIssue({ code: 'custom', message: 'A whole number is required.' });
      return z.NEVER;
    }
    if (options.min !== undefined && number < options.min) {
      ctx.addIssue({ code: 'custom', message: `Ensure this value is greater than or equal to ${options.min}.` });
      return z.NEVER;
    }
    if (options.max !== undefined && number > options.max) {
      // Grouped as people read it ('100,000,000', not '100000000').
      ctx.addIssue({ code: 'custom', message: `Ensure this value is less than or equal to ${options.max.toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    if (options.places !== undefined) {
      // Refused, not rounded: 12.345 typed for 12.35 (or 1234.5) is a slip the user should see, not have corrected.
      // Text is judged by its digits; a JSON number by its value, allowing a few units in the last place of binary
      // arithmetic (0.1 + 0.2), which at 100,000,000.00 is still far below a third decimal.
      const scaled = number * 10 ** options.places;
      const tooPrecise =
        typeof value === 'string'
          ? (value.trim().split('.')[1] ?? '').length > options.places
          : Math.abs(scaled - Math.round(scaled)) > 8 * Number.EPSILON * Math.max(1, Math.abs(scaled));
      if (tooPrecise) {
        ctx.addIssue({ code: 'custom', message: `Ensure that there are no more than ${options.places} decimal place${options.places === 1 ? '' : 's'}.` });
        return z.NEVER;
      }
      return Math.round(scaled) / 10 ** options.places;
    }
    return number;
  });

const money = decimal({ min: 0, max: 100_000_000, places: 2 });
const fahrenheit = decimal({ min: -100, max: 200 });
const bool = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => value === true || value === 'true');

const LOAD_NUMBER_MAX = 64;
const loadNumberTooLong = `Ensure this field has no more than ${LOAD_NUMBER_MAX} characters.`;

// The prefix alone is no number: 'kdt_' would be stored as a load whose number is empty.
export const loadNumberSchema = z
  // Missing is "required"; a number or anything else that is not text says so.
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Load Number is required.' : 'Enter the load number as text.') })
  .trim()
  .refine((value) => loadNumberWithoutPrefix(value) !== '', { error: 'Load Number is required.', abort: true })
  // The stored number (kdt_id) is what is limited, whether kdt_ was typed or is added: as the UI checks it.
  .refine((value) => normalizeLoadNumber(value).length <= LOAD_NUMBER_MAX, { error: loadNumberTooLong })
  .regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, - and _.');

export const createLoadSchema = z.strictObject(
  {
    load_number: loadNumberSchema,
    kdt_id: z.string().max(LOAD_NUMBER_MAX, loadNumberTooLong).optional(),
    vendor: z.union([z.uuid({ error: 'Please select a vendor.' }), z.null(), z.literal('')]).optional(),
    pickup_location: text(255).optional(),
    pickup_date: dateTime.optional(),
    delivery_location: text(255).optional(),
    delivery_date: dateTime.optional(),
    rate_amount: money.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'This field cannot be set when creating a load.' : undefined) },
);

export const updateLoadSchema = z.strictObject(
  {
    status: z.enum(LOAD_STATUSES, { error: 'Select a valid status: open, picked_up, delivered or cancelled.' }).optional(),
    payment_status: z.enum(PAYMENT_STATUSES, { error: 'Select a valid payment status: unpaid, partial, paid or disputed.' }).optional(),
    vendor: z.uuid({ error: 'Please select a vendor.' }).optional(),
    pickup_date: dateTime.optional(),
    delivery_date: dateTime.optional(),
    pickup_location: text(255).optional(),
    pickup_contact: text(255).optional(),
    pickup_number: text(100).optional(),
    pickup_notes: text(2000).optional(),
    delivery_location: text(255).optional(),
    delivery_contact: text(255).optional(),
    delivery_number: text(100).optional(),
    delivery_notes: text(2000).optional(),
    rate_amount: money.optional(),
    rate_type: text(50).optional(),
    miles: decimal({ min: 0, max: 100_000, places: 1 }).optional(),
    amount_paid: money.optional(),
    last_payment_date: pastDateTime.optional(),
    payment_notes: text(2000).optional(),
    equipment_type: text(100).optional(),
    temperature_required: bool.optional(),
    temperature_min: fahrenheit.optional(),
    temperature_max: fahrenheit.optional(),
    weight: decimal({ min: 0, max: 200_000, places: 2 }).optional(),
    total_pieces: decimal({ min: 0, max: 1_000_000, integer: true }).optional(),
    is_hazmat: bool.optional(),
    special_instructions: text(2000).optional(),
    last_location: text(255).optional(),
    last_update: dateTime.optional(),
    estimated_delivery_time: dateTime.optional(),
    tracking_status: text(100).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'This field cannot be changed.' : undefined) },
);

export type CreateLoadBody = z.infer<typeof createLoadSchema>;
export type UpdateLoadBody = z.infer<typeof updateLoadSchema>;
