// Calendar days (yyyy-mm-dd, no time and no zone): today's in the user's zone, and how one reads.

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the user's zone as yyyy-mm-dd. */
export function todayIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Mar 31, 2027' for a stored yyyy-mm-dd (a calendar day, no zone). */
export function formatCalendarDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
