// Request bodies for loads, shared by the command API (400 field errors) and the UI forms.
import { refuse, z } from '../zod';
import { DATE_YEAR_MESSAGE, inDateYears } from '../calendar';
import { isUtcMidnight, LOAD_STATUSES, loadNumberWithoutPrefix, normalizeLoadNumber, PAYMENT_STATUSES } from './fields';

const text = (max: number) =>
  z.pipe(
    z.union([z.string().check(z.maxLength(max, `Ensure this field has no more than ${max} characters.`)), z.null()]),
    z.transform((value: string | null) => (value === null || value.trim() === '' ? null : value.trim())),
  );

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
const dateTime = z.pipe(
  z.union([z.string(), z.null()]),
  z.transform((value: string | null, payload) => {
    if (value === null || value.trim() === '') return null;
    const parsed = storedDateTime(value.trim());
    if (typeof parsed === 'string') return refuse(payload, parsed === 'out of range' ? DATE_YEAR_MESSAGE : 'Enter a valid date and time.');
    return parsed.toISOString();
  }),
);

/** Clocks that run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A date-time of something already done (a payment made): a day not after today where the user is (a date without a
 * time is UTC midnight of its day, and UTC+14 is 14 hours ahead), an instant not after now.
 */
const pastDateTime = z.pipe(
  dateTime,
  z.transform((value: string | null, payload) => {
    if (value === null) return null;
    const at = Date.parse(value);
    const latest = Date.now() + (isUtcMidnight(new Date(at)) ? LATEST_ZONE_AHEAD_MS : CLOCK_SKEW_MS);
    return at > latest ? refuse(payload, PAYMENT_DATE_IN_FUTURE) : value;
  }),
);

/** A decimal sent as a number or a numeric string; empty means null. */
const decimal = (options: { min?: number; max?: number; integer?: boolean; places?: number }) =>
  z.pipe(z.union([z.number(), z.string(), z.null()]), z.transform((value: number | string | null, payload) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const number = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isFinite(number)) return refuse(payload, options.integer ? 'A whole number is required.' : 'A valid number is required.');
    if (options.integer && !Number.isInteger(number)) return refuse(payload, 'A whole number is required.');
    if (options.min !== undefined && number < options.min) return refuse(payload, `Ensure this value is greater than or equal to ${options.min}.`);
    if (options.max !== undefined && number > options.max) {
      // Grouped as people read it ('100,000,000', not '100000000').
      return refuse(payload, `Ensure this value is less than or equal to ${options.max.toLocaleString('en-US')}.`);
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
      if (tooPrecise) return refuse(payload, `Ensure that there are no more than ${options.places} decimal place${options.places === 1 ? '' : 's'}.`);
      return Math.round(scaled) / 10 ** options.places;
    }
    return number;
  }));

const money = decimal({ min: 0, max: 100_000_000, places: 2 });
const fahrenheit = decimal({ min: -100, max: 200 });
const bool = z.pipe(z.union([z.boolean(), z.enum(['true', 'false'])]), z.transform((value: boolean | 'true' | 'false') => value === true || value === 'true'));

const LOAD_NUMBER_MAX = 64;
const loadNumberTooLong = `Ensure this field has no more than ${LOAD_NUMBER_MAX} characters.`;

// The prefix alone is no number: 'kdt_' would be stored as a load whose number is empty.
export const loadNumberSchema = z
  // Missing is "required"; a number or anything else that is not text says so.
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Load Number is required.' : 'Enter the load number as text.') })
  .check(
    z.trim(),
    z.refine((value: string) => loadNumberWithoutPrefix(value) !== '', { error: 'Load Number is required.', abort: true }),
    // The stored number (kdt_id) is what is limited, whether kdt_ was typed or is added: as the UI checks it.
    z.refine((value: string) => normalizeLoadNumber(value).length <= LOAD_NUMBER_MAX, { error: loadNumberTooLong }),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, - and _.'),
  );

export const createLoadSchema = z.strictObject(
  {
    load_number: loadNumberSchema,
    kdt_id: z.optional(z.string().check(z.maxLength(LOAD_NUMBER_MAX, loadNumberTooLong))),
    vendor: z.optional(z.union([z.uuid({ error: 'Please select a vendor.' }), z.null(), z.literal('')])),
    pickup_location: z.optional(text(255)),
    pickup_date: z.optional(dateTime),
    delivery_location: z.optional(text(255)),
    delivery_date: z.optional(dateTime),
    rate_amount: z.optional(money),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'This field cannot be set when creating a load.' : undefined) },
);

export const updateLoadSchema = z.strictObject(
  {
    status: z.optional(z.enum(LOAD_STATUSES, { error: 'Select a valid status: open, picked_up, delivered or cancelled.' })),
    payment_status: z.optional(z.enum(PAYMENT_STATUSES, { error: 'Select a valid payment status: unpaid, partial, paid or disputed.' })),
    vendor: z.optional(z.uuid({ error: 'Please select a vendor.' })),
    pickup_date: z.optional(dateTime),
    delivery_date: z.optional(dateTime),
    pickup_location: z.optional(text(255)),
    pickup_contact: z.optional(text(255)),
    pickup_number: z.optional(text(100)),
    pickup_notes: z.optional(text(2000)),
    delivery_location: z.optional(text(255)),
    delivery_contact: z.optional(text(255)),
    delivery_number: z.optional(text(100)),
    delivery_notes: z.optional(text(2000)),
    rate_amount: z.optional(money),
    rate_type: z.optional(text(50)),
    miles: z.optional(decimal({ min: 0, max: 100_000, places: 1 })),
    amount_paid: z.optional(money),
    last_payment_date: z.optional(pastDateTime),
    payment_notes: z.optional(text(2000)),
    equipment_type: z.optional(text(100)),
    temperature_required: z.optional(bool),
    temperature_min: z.optional(fahrenheit),
    temperature_max: z.optional(fahrenheit),
    weight: z.optional(decimal({ min: 0, max: 200_000, places: 2 })),
    total_pieces: z.optional(decimal({ min: 0, max: 1_000_000, integer: true })),
    is_hazmat: z.optional(bool),
    special_instructions: z.optional(text(2000)),
    last_location: z.optional(text(255)),
    last_update: z.optional(dateTime),
    estimated_delivery_time: z.optional(dateTime),
    tracking_status: z.optional(text(100)),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'This field cannot be changed.' : undefined) },
);

export type CreateLoadBody = z.infer<typeof createLoadSchema>;
export type UpdateLoadBody = z.infer<typeof updateLoadSchema>;
