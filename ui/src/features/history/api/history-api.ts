import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { apiClient } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/format-date';
import type { AuditActor } from '../utils/audit-format';
import { HISTORY_PAGE_SIZE } from '../utils/history-paging';
import type { VendorSnapshot } from '../utils/vendor-snapshot';

/** The records that keep a history: a load, a vendor, a staff account. */
export type HistoryKind = 'load' | 'vendor' | 'staff';

/** One change to a record, with the server's readable summary lines. */
export interface HistoryEntry {
  /** The event's position in the log: the handle for "as of this change". */
  position: string;
  /** Its place in the record's whole history, 1 = the oldest: how the screens name it. */
  number: number;
  /** Its stream's revision; a staff account's history interleaves two streams, so these repeat there. */
  revision: number;
  at: string;
  actor: AuditActor | null;
  event_type: string;
  summary: string[];
}

export interface HistoryPage {
  count: number;
  page: number;
  page_size: number;
  /** Oldest first. */
  results: HistoryEntry[];
}

const RECORD_PATHS: Record<HistoryKind, string> = { load: '/loads', vendor: '/vendors', staff: '/staff-accounts' };

const recordPath = (kind: HistoryKind, id: string) => `${RECORD_PATHS[kind]}/${encodeURIComponent(id)}/`;

export const historyKeys = {
  all: ['history'] as const,
  record: (kind: HistoryKind, id: string) => ['history', kind, id] as const,
  page: (kind: HistoryKind, id: string, page: number, pageSize: number, hideLogins = false) => ['history', kind, id, 'page', page, pageSize, hideLogins] as const,
  asOf: (kind: 'load' | 'vendor', id: string, position: string) => ['history', kind, id, 'as-of', position] as const,
};

/** One page of a record's history; `hideLogins` (a staff account's): without its sign-ins. */
export function getHistoryPage(kind: HistoryKind, id: string, page: number, pageSize: number, signal?: AbortSignal, hideLogins = false): Promise<HistoryPage> {
  // Dates with a time in the lines are shown in this browser's zone, named, as the screens show times.
  return apiClient.get<HistoryPage>(withBrowserZone(`${recordPath(kind, id)}history/?page=${page}&page_size=${pageSize}${hideLogins ? '&logins=hide' : ''}`), { signal });
}

export function historyPageQueryOptions(kind: HistoryKind, id: string, page: number, pageSize = HISTORY_PAGE_SIZE, hideLogins = false) {
  return queryOptions({
    queryKey: historyKeys.page(kind, id, page, pageSize, hideLogins),
    queryFn: ({ signal }) => getHistoryPage(kind, id, page, pageSize, signal, hideLogins),
  });
}

/** One page of a record's history; the previous page stays on screen while the next one loads. */
export function useHistoryPage(kind: HistoryKind, id: string, page: number, pageSize = HISTORY_PAGE_SIZE, hideLogins = false) {
  return useQuery({ ...historyPageQueryOptions(kind, id, page, pageSize, hideLogins), placeholderData: keepPreviousData });
}

/** Only a past answer says whether the record was deleted by then (a plain read of a deleted record is a 404). */
export interface DeletedThen {
  deleted?: boolean;
}

/** The load as it was right after the event at `position` (same shape as GET /api/loads/{id}/, plus `deleted`). */
export function getLoadAsOf(loadId: string, position: string, signal?: AbortSignal): Promise<LoadView & DeletedThen> {
  return apiClient.get<LoadView & DeletedThen>(`${recordPath('load', loadId)}?as_of_position=${encodeURIComponent(position)}`, { signal });
}

/** The vendor as staff saw it right after the event at `position`. */
export function getVendorAsOf(vendorId: string, position: string, signal?: AbortSignal): Promise<VendorSnapshot & DeletedThen> {
  return apiClient.get<VendorSnapshot & DeletedThen>(`${recordPath('vendor', vendorId)}?as_of_position=${encodeURIComponent(position)}`, { signal });
}

// The past does not change: an as-of answer is kept for as long as anything shows it.
export const useLoadAsOf = (loadId: string, position: string) =>
  useQuery({
    queryKey: historyKeys.asOf('load', loadId, position),
    queryFn: ({ signal }) => getLoadAsOf(loadId, position, signal),
    staleTime: Infinity,
  });

export const useVendorAsOf = (vendorId: string, position: string) =>
  useQuery({
    queryKey: historyKeys.asOf('vendor', vendorId, position),
    queryFn: ({ signal }) => getVendorAsOf(vendorId, position, signal),
    staleTime: Infinity,
  });
