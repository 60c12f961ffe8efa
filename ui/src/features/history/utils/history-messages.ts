import { ApiError } from '../../../lib/api-client';

export const HISTORY_MESSAGES = {
  title: 'History',
  empty: 'No changes recorded yet.',
  loadFailed: 'Failed to load history.',
  noPermission: 'You do not have permission to view this history.',
  notFound: 'No history found for this record.',
  viewAsOf: 'View as of this change',
  asOfFailed: 'Failed to load this version of the record.',
  asOfReadOnly: 'Read-only: the record as it was right after this change.',
} as const;

/** How an entry is named wherever it appears (its line in the history, the as-of view): its place in the whole history. */
export const changeName = (entry: { number: number }) => `Change ${entry.number}`;

export const RECORD_NOUNS = { load: 'load', vendor: 'vendor', staff: 'staff account' } as const;

/** The server's `{ detail }`, if it sent one. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return null;
  const detail = (error.body as Record<string, unknown>).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}

/** What a history panel says when its page could not be read. */
export function historyErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return HISTORY_MESSAGES.noPermission;
  if (error instanceof ApiError && error.status === 404) return HISTORY_MESSAGES.notFound;
  return serverDetail(error) ?? HISTORY_MESSAGES.loadFailed;
}

/** What the "as of" view says above a record that was deleted by then (its values are its last ones). */
export const asOfDeletedText = (noun: string) => `At this point the ${noun} was deleted: these are its values when it was deleted.`;

/** What the "as of" view says when the record cannot be shown right after the change of type `eventType`. */
export function asOfErrorText(error: unknown, noun: string, eventType = ''): string {
  if (error instanceof ApiError && error.status === 404) {
    // 404: the record did not exist yet at that point, or (for those who may not see deleted records) it is deleted.
    return /delet/i.test(eventType) ? `This ${noun} was deleted at that point.` : `This ${noun} did not exist yet at that point.`;
  }
  if (error instanceof ApiError && error.status === 403) return serverDetail(error) ?? `You do not have permission to view this ${noun}.`;
  return serverDetail(error) ?? HISTORY_MESSAGES.asOfFailed;
}
