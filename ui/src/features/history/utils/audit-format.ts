// How every audit screen (record history, payment history, payments log, recycle bin) names a time and a person.
import type { StaffTier } from '../../../lib/auth/current-user';
import { staffTierLabel } from '../../../lib/staff-tier';

/** Who did something, as the history endpoints send it; null means the system itself. The payments log sends no type. */
export interface AuditActor {
  username: string;
  type?: string | null;
  tier?: StaffTier | null;
}

const AUDIT_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  // Named, as the history lines the server writes are ('... CST'): an audit read by people in several zones, or across
  // a daylight-saving change, needs to say which time it means.
  timeZoneName: 'short',
};

/**
 * 'Nov 21, 2025, 3:05 PM CST' in the user's zone (`timeZone` only for tests), named; an audit needs the year. '—' when
 * missing or unreadable.
 */
export function formatAuditTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  // Newer ICU puts a narrow no-break space before AM/PM; keep one spelling everywhere.
  return date.toLocaleString('en-US', { ...AUDIT_TIME, timeZone }).replace(/\u202f/g, ' ');
}

export const SYSTEM_ACTOR = 'System';

/** The name and the role to show beside it: a staff tier, 'Vendor', or nothing for the system or an unknown role. */
export function actorParts(actor: AuditActor | null | undefined): { name: string; role: string | null } {
  const type = (actor?.type ?? '').toUpperCase();
  if (!actor || !actor.username || type === 'SYSTEM') return { name: SYSTEM_ACTOR, role: null };
  if (type === 'VENDOR') return { name: actor.username, role: 'Vendor' };
  if (type === 'STAFF' || actor.tier) return { name: actor.username, role: staffTierLabel(actor.tier) };
  return { name: actor.username, role: null };
}

/** 'alice (Accounting)', 'carrier1 (Vendor)' or 'System'. */
export function actorLabel(actor: AuditActor | null | undefined): string {
  const { name, role } = actorParts(actor);
  return role ? `${name} (${role})` : name;
}

/** An event type as words, for an entry the server gave no summary: 'LoadStatusChanged' -> 'Load status changed'. */
export function eventTypeLabel(eventType: string): string {
  const words = eventType
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Change';
}
