// What read-api/src/realtime/socket-server.ts emits. The UI does not depend on the server package, so the contract
// is restated here; positions are decimal strings of the event log's global position.
import type { LoadView } from '@portal/domain/loads/view';

/** Sent once the socket has joined its room: the projection's position at that moment. */
export interface Hello {
  position: string;
}

/** Rows to upsert and ids to remove (deleted, or no longer this vendor's), as of `position`. */
export interface LoadsChanged {
  position: string;
  upserts: LoadView[];
  removals: string[];
}

/** Notices were missed or too many to list: re-read everything. */
export interface LoadsResync {
  position: string;
}

const POSITION = /^\d+$/;

/** The later of two positions (either may be missing or malformed). */
export function laterPosition(current: string | null, next: unknown): string | null {
  if (typeof next !== 'string' || !POSITION.test(next)) return current;
  if (current === null || BigInt(next) > BigInt(current)) return next;
  return current;
}

/** A pushed change as far as the UI can trust it: arrays of the right shapes, anything else dropped. */
export function readLoadsChanged(message: unknown): LoadsChanged | null {
  if (message === null || typeof message !== 'object') return null;
  const { position, upserts, removals } = message as Partial<LoadsChanged>;
  if (typeof position !== 'string' || !Array.isArray(upserts) || !Array.isArray(removals)) return null;
  return {
    position,
    upserts: upserts.filter((load): load is LoadView => load !== null && typeof load === 'object' && typeof load.id === 'string'),
    removals: removals.filter((id): id is string => typeof id === 'string'),
  };
}
