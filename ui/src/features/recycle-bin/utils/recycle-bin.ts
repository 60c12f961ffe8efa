// The recycle bin (ADMIN): deleted loads, vendors and staff accounts, and how each is named and restored.
import { ApiError } from '../../../lib/api-client';
import type { HistoryKind } from '../../history/api/history-api';
import { actorLabel, type AuditActor } from '../../history/utils/audit-format';

/** Who deleted a record: an actor like the history's, or a bare username, or nobody known. */
export type DeletedBy = AuditActor | string | null;

export interface DeletedLoad {
  id: string;
  kdt_id: string;
  vendor_name: string | null;
  deleted_at: string | null;
  deleted_by: DeletedBy;
}

export interface DeletedVendor {
  id: string;
  name: string | null;
  username: string;
  deleted_at: string | null;
  deleted_by: DeletedBy;
}

export interface DeletedStaff {
  id: string;
  username: string;
  name: string | null;
  deleted_at: string | null;
  deleted_by: DeletedBy;
}

/** GET /api/recycle-bin/. */
export interface RecycleBin {
  loads: DeletedLoad[];
  vendors: DeletedVendor[];
  staff: DeletedStaff[];
}

/** The {kind} of POST /api/recycle-bin/{kind}/{id}/restore/, and the bin's key for the same list. */
export type RecycleKind = keyof RecycleBin;

export const RECYCLE_KINDS: readonly RecycleKind[] = ['loads', 'vendors', 'staff'];

export const RECYCLE_SECTIONS: Record<RecycleKind, { title: string; noun: string; empty: string }> = {
  loads: { title: 'Loads', noun: 'Load', empty: 'No deleted loads.' },
  vendors: { title: 'Vendors', noun: 'Vendor', empty: 'No deleted vendors.' },
  staff: { title: 'Staff Accounts', noun: 'Staff account', empty: 'No deleted staff accounts.' },
};

/** Whose history a bin row opens: deleted loads and vendors also read "as of" each change, staff accounts do not. */
export const HISTORY_KIND_OF: Record<RecycleKind, HistoryKind> = { loads: 'load', vendors: 'vendor', staff: 'staff' };

export const historyTitle = (kind: RecycleKind, name: string) => `History of deleted ${RECYCLE_SECTIONS[kind].noun.toLowerCase()} ${name}`;

/** The bin without one record (after it was restored). */
export function withoutRecord(bin: RecycleBin, kind: RecycleKind, id: string): RecycleBin {
  return { ...bin, [kind]: (bin[kind] as { id: string }[]).filter((row) => row.id !== id) };
}

export function deletedByLabel(deletedBy: DeletedBy | undefined): string {
  if (typeof deletedBy === 'string') return deletedBy.trim() || 'Unknown';
  if (deletedBy && typeof deletedBy === 'object') return actorLabel(deletedBy);
  return 'Unknown';
}

/** How a record is named in the confirmation and the toast: 'kdt_1001', 'Acme Freight (@acme)', 'jdoe'. */
export function recordName(kind: RecycleKind, row: DeletedLoad | DeletedVendor | DeletedStaff): string {
  if (kind === 'loads') return (row as DeletedLoad).kdt_id;
  const { name, username } = row as DeletedVendor | DeletedStaff;
  return name && name.trim() && name !== username ? `${name} (@${username})` : username;
}

export const restoredMessage = (kind: RecycleKind, name: string) => `${RECYCLE_SECTIONS[kind].noun} ${name} restored.`;

function detailOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const detail = (error.body as Record<string, unknown>).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}

/** A refused restore: the server's detail (409 'This record is not deleted: ...', 404), else a generic line. */
export function restoreErrorText(error: unknown): string {
  const detail = detailOf(error);
  if (detail) return detail;
  if (error instanceof ApiError && error.status === 404) return 'This record no longer exists.';
  return 'Failed to restore the record.';
}

/** Why the bin could not be read. */
export function binErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'You do not have permission to view the recycle bin.';
  return detailOf(error) ?? 'Failed to load the recycle bin.';
}

/** Most recently deleted first; records without a time last. */
export function byDeletedAtDesc<T extends { deleted_at: string | null }>(rows: readonly T[]): T[] {
  const time = (row: T) => {
    const value = row.deleted_at ? new Date(row.deleted_at).getTime() : Number.NaN;
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  return [...rows].sort((a, b) => time(b) - time(a));
}

/** The id of the page's history panel, which a row's History button opens below the sections (aria-controls). */
export const RECYCLE_HISTORY_ID = 'rb-history';
