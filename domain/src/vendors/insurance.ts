import { isCalendarDate } from './profile-rules';

/**
 * How far ahead an insurance expiration is flagged: the carrier agreement asks insurers for 30 days' notice of a
 * cancellation, so a policy ending within 30 days is one the brokerage needs a renewal for now.
 */
export const INSURANCE_NOTICE_DAYS = 30;

export type InsuranceStanding =
  /** `days` ago (1 or more). */
  | { kind: 'expired'; days: number }
  /** In `days` (0 = today, the last day it covers). */
  | { kind: 'expiring'; days: number };

const dayNumber = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

/**
 * A policy's standing on `today` (both yyyy-mm-dd, calendar days): expired, or expiring within INSURANCE_NOTICE_DAYS;
 * null when it runs longer, or when either is not a calendar day (nothing to say about a date being typed).
 */
export function insuranceStanding(expiration: string | null | undefined, today: string): InsuranceStanding | null {
  const date = (expiration ?? '').trim();
  if (!isCalendarDate(date) || !isCalendarDate(today)) return null;
  const days = dayNumber(date) - dayNumber(today);
  if (days < 0) return { kind: 'expired', days: -days };
  if (days <= INSURANCE_NOTICE_DAYS) return { kind: 'expiring', days };
  return null;
}
