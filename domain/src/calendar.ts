// Calendar rules every date field shares.

/** The years a stored date may fall in (in UTC): a load's dates, an insurance expiration. */
export const DATE_YEARS = { min: 1900, max: 2200 } as const;
export const DATE_YEAR_MESSAGE = `Enter a year between ${DATE_YEARS.min} and ${DATE_YEARS.max}.`;
/** A date field that holds no day (Feb 30 typed in a date input, which then reports no value at all). */
export const DATE_INVALID_MESSAGE = 'Enter a valid date.';

export const inDateYears = (year: number): boolean => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

/** 'Mar 31, 2027' for a stored yyyy-mm-dd (a calendar day, no zone); anything else as it is. */
export function formatCalendarDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** An IANA zone name (America/Chicago, Etc/GMT+5, UTC); not a POSIX rule like '+05' or 'EST5', whose sign PostgreSQL reads the other way. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The zone's canonical name if the runtime's time zone data knows it, else null. */
export function timeZoneName(raw: string): string | null {
  if (!ZONE_NAME.test(raw)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A `?tz=` query value as a zone this runtime knows; null for one it does not (or a repeated one), undefined when none is given. */
export function queryZone(raw: string | string[] | undefined): string | null | undefined {
  if (raw === undefined || raw === '') return undefined;
  return typeof raw === 'string' ? timeZoneName(raw) : null;
}

/**
 * The reader's zone from `?tz=` (the browser's), for what only changes how a time reads or which day "today" is;
 * UTC without one, or for one this runtime does not know (a browser that cannot tell reports 'Etc/Unknown').
 */
export const zoneOrUtc = (raw: string | string[] | undefined): string => queryZone(raw) || 'UTC';

/** Today in the reader's zone (`?tz=`, UTC without a known one), yyyy-mm-dd. */
export const readerToday = (tz: string | string[] | undefined): string => dayIn(new Date(), zoneOrUtc(tz));

/** One formatter per zone: making one per call costs more than the rest of an export's line. */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** `at` as a wall clock in `zone` (a zone name the caller has checked): its day (yyyy-mm-dd) and time (hh:mm:ss, 24-hour). */
export function wallClockIn(at: Date, zone: string): { day: string; time: string } {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    zoneClocks.set(zone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of clock.formatToParts(at)) part[type] = value;
  return { day: `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
}

/** The calendar day (yyyy-mm-dd) `at` falls on in `zone`. */
export const dayIn = (at: Date, zone: string): string => wallClockIn(at, zone).day;
