// Calendar days (yyyy-mm-dd, no time and no zone): today's in the user's zone, and how one reads.

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the user's zone as yyyy-mm-dd. */
export function todayIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Mar 31, 2027' for a stored yyyy-mm-dd, as the server's history lines write it. */
export { formatCalendarDay } from '@portal/domain/calendar';
