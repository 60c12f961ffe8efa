// What the portal says about a policy that has expired or ends within the notice period (domain's insuranceStanding).
import { insuranceStanding } from '@portal/domain/vendors/insurance';
import { formatCalendarDay, todayIsoDate } from './calendar-days';

export interface InsuranceNotice {
  tone: 'expired' | 'expiring';
  /** Short, beside the date (staff vendor detail). */
  badge: string;
  /** A sentence under the vendor's own date field. */
  sentence: string;
}

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

export function insuranceNotice(expiration: string | null | undefined, today: string = todayIsoDate()): InsuranceNotice | null {
  const standing = insuranceStanding(expiration, today);
  if (!standing) return null;
  const day = formatCalendarDay(expiration!.trim());
  if (standing.kind === 'expired') {
    return {
      tone: 'expired',
      badge: 'Expired',
      sentence: `This policy expired on ${day}. Enter your current policy and upload its insurance certificate.`,
    };
  }
  const when = inDays(standing.days);
  return {
    tone: 'expiring',
    badge: `Expires ${when}`,
    sentence: `This policy expires ${when} (${day}). Upload the renewed insurance certificate before then.`,
  };
}
