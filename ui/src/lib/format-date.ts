// Dates as the spec shows them: lists in en-US short month/day with 12-hour time, forms as MM-DD-YYYY.
// Everything reads and writes ISO 8601 strings; the browser's time zone is the user's.
import { isUtcMidnight } from '@portal/domain/loads/fields';

export const NOT_SET = 'Not set';

/**
 * The zone this browser shows times in (an IANA name such as America/Chicago), for the server to show history lines
 * and payments-log days in; '' when the browser cannot tell (Chromium then reports 'Etc/Unknown'), so it is not sent.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== 'Etc/Unknown' ? zone : '';
}

/**
 * What the date dialog says of the times it takes: they are this browser's, and a carrier elsewhere sees them in its
 * own zone ("Times are in your time zone: Central Standard Time (America/Chicago)."), named for `day` (its daylight
 * saving) when given.
 */
export function timeZoneNotice(day?: string): string {
  const at = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00`) : new Date();
  const long = new Intl.DateTimeFormat('en-US', { timeZoneName: 'long' }).formatToParts(Number.isNaN(at.getTime()) ? new Date() : at).find((part) => part.type === 'timeZoneName')?.value;
  const zone = browserTimeZone();
  const named = [long, zone && zone !== long ? `(${zone})` : ''].filter(Boolean).join(' ');
  return named ? `Times are in your time zone: ${named}.` : 'Times are in your time zone.';
}

/** `path` with this browser's zone as `tz` (when it can tell it), for answers that show times in the reader's zone. */
export function withBrowserZone(path: string): string {
  const zone = browserTimeZone();
  return zone ? `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(zone)}` : path;
}

const LIST_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true };
const DATE_ONLY_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
// Made once, on first use (in the browser's zone, which does not change while the page runs): toLocaleString with
// options builds a new formatter per call, about 90 µs each, which the board's search paid for every date of every
// load at each keystroke.
let listFormat: Intl.DateTimeFormat | undefined;
let dateOnlyFormat: Intl.DateTimeFormat | undefined;

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date stored without a time sits at UTC midnight (vendor-side.md section 5); it has no clock time to show. */
export function isDateOnly(iso: string | null | undefined): boolean {
  const date = toDate(iso);
  return date !== null && isUtcMidnight(date);
}

/** A stored date in one of two formats (made once each, on first use): `dateOnly` for a date without a time. */
function formatStored(iso: string | null | undefined, dateOnly: () => Intl.DateTimeFormat, withTime: () => Intl.DateTimeFormat): string {
  const date = toDate(iso);
  if (!date) return NOT_SET;
  const text = (isUtcMidnight(date) ? dateOnly() : withTime()).format(date);
  // Newer ICU puts a narrow no-break space before AM/PM; keep one spelling everywhere.
  return text.replace(/\u202f/g, ' ');
}

/** 'Nov 21, 3:05 PM' in the user's zone; a date-only value as 'Nov 21'; 'Not set' when missing. */
export function formatListDateTime(iso: string | null | undefined): string {
  return formatStored(
    iso,
    () => (dateOnlyFormat ??= new Intl.DateTimeFormat('en-US', DATE_ONLY_FORMAT)),
    () => (listFormat ??= new Intl.DateTimeFormat('en-US', LIST_FORMAT)),
  );
}

/**
 * The day of a stored date as people type one, for searches: '12-05-2026 12/05/2026 12/5/2026 2026-12-05' (the
 * forms' MM-DD-YYYY, the US slashes with and without zeros, ISO), in the user's zone (a date-only value's own day);
 * null when missing. The lists show 'Dec 5': a dispatcher typing 12/05 or 2026-12-05 found nothing.
 */
export function searchableDay(iso: string | null | undefined): string | null {
  const date = toDate(iso);
  if (!date) return null;
  const utc = isUtcMidnight(date);
  const [year, month, day] = utc ? [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()] : [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  const [mm, dd] = [String(month).padStart(2, '0'), String(day).padStart(2, '0')];
  return `${mm}-${dd}-${year} ${mm}/${dd}/${year} ${month}/${day}/${year} ${year}-${mm}-${dd}`;
}

const DETAIL_FORMAT: Intl.DateTimeFormatOptions = { ...LIST_FORMAT, year: 'numeric' };
const DETAIL_DATE_ONLY_FORMAT: Intl.DateTimeFormatOptions = { ...DATE_ONLY_FORMAT, year: 'numeric' };
let detailFormat: Intl.DateTimeFormat | undefined;
let detailDateOnlyFormat: Intl.DateTimeFormat | undefined;

/**
 * 'Nov 21, 2026, 3:05 PM' in the user's zone; a date-only value as 'Nov 21, 2026'; 'Not set' when missing. For a
 * record's own page, where a date may be last year's (a last payment), unlike the lists' current work.
 */
export function formatDetailDateTime(iso: string | null | undefined): string {
  return formatStored(
    iso,
    () => (detailDateOnlyFormat ??= new Intl.DateTimeFormat('en-US', DETAIL_DATE_ONLY_FORMAT)),
    () => (detailFormat ??= new Intl.DateTimeFormat('en-US', DETAIL_FORMAT)),
  );
}

/**
 * Milliseconds since the epoch, or null: how date columns compare. A date without a time counts from the start of the
 * day it shows, in the user's zone (as UTC midnight it would sort before the evening of the day before, west of UTC).
 */
export function timeOf(iso: string | null | undefined): number | null {
  const date = toDate(iso);
  if (!date) return null;
  if (!isUtcMidnight(date)) return date.getTime();
  const local = new Date(0);
  local.setFullYear(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  local.setHours(0, 0, 0, 0);
  return local.getTime();
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date typed as eight digits ('11302026') as MM-DD-YYYY ('11-30-2026'), as phone numbers and EINs are formatted when
 * whole; anything else stays as typed (and is checked as it is).
 */
export function formatMmDdYyyy(value: string): string {
  const typed = value.trim();
  return /^\d{8}$/.test(typed) ? `${typed.slice(0, 2)}-${typed.slice(2, 4)}-${typed.slice(4)}` : value;
}

/** 'MM-DD-YYYY' (also M/D/YYYY) to 'yyyy-mm-dd', or null when it is not a real calendar date. */
export function parseMmDdYyyy(text: string): string | null {
  const match = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A typed MM-DD-YYYY date as the ISO time of its UTC midnight, how dates without a time are stored. */
export function mmDdYyyyToIso(text: string): string | null {
  const day = parseMmDdYyyy(text);
  return day === null ? null : `${day}T00:00:00.000Z`;
}

/** The calendar day and clock time the user sees for a stored value: date-only values keep their UTC day. */
export function localParts(iso: string | null | undefined): { date: string; time: string } | null {
  const date = toDate(iso);
  if (!date) return null;
  if (isDateOnly(iso)) return { date: date.toISOString().slice(0, 10), time: '' };
  return {
    date: `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** A stored value as the MM-DD-YYYY a form shows ('' when missing). */
export function isoToMmDdYyyy(iso: string | null | undefined): string {
  const parts = localParts(iso);
  if (!parts) return '';
  const [year, month, day] = parts.date.split('-');
  return `${month}-${day}-${year}`;
}

/**
 * A local 'yyyy-mm-dd' day plus 'HH:MM' time (the user's zone) as an ISO time in UTC, or null if invalid, or if that
 * time does not exist there (skipped when the clocks go forward). A time that falls exactly on UTC midnight (6 PM in
 * Chicago in winter) would read back as a date without a time, shown as the next day: it is kept one millisecond
 * later, which no screen shows, so it stays the day and time the user chose.
 */
export function localDateTimeToIso(day: string, time: string): string | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return null;
  // setFullYear, not the constructor: new Date(26, ...) is 1926.
  const date = new Date(0);
  date.setFullYear(Number(dayMatch[1]), Number(dayMatch[2]) - 1, Number(dayMatch[3]));
  date.setHours(Number(timeMatch[1]), Number(timeMatch[2]), 0, 0);
  if (Number.isNaN(date.getTime())) return null;
  if (isDateOnly(date.toISOString())) date.setTime(date.getTime() + 1);
  const iso = date.toISOString();
  // Feb 30 rolls over to Mar 2, and 2:30 AM on the day the clocks skip it to 3:30: neither is what was typed.
  const back = localParts(iso);
  return back && back.date === day && back.time === time ? iso : null;
}
