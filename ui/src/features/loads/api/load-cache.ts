import type { Query, QueryClient } from '@tanstack/react-query';
import type { LoadView } from '@portal/domain/loads/view';
import { isNotFound } from '../utils/load-messages';
import { loadKeys } from './load-query-keys';

// A command's answer is the load as the server now holds it: write it into the caches rather than re-reading
// a read model that may not have caught up yet.

/** The detail, and the load's row in the list (added at the top when new). */
export function storeLoad(queryClient: QueryClient, load: LoadView): void {
  queryClient.setQueryData(loadKeys.detail(load.id), load);
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => {
    if (!list) return list;
    return list.some((row) => row.id === load.id) ? list.map((row) => (row.id === load.id ? load : row)) : [load, ...list];
  });
}

/**
 * Some of a load's fields as the server now has them (a refusal's `current`), written into whatever the caches hold
 * of it, each entry keeping its other fields: a push may have brought newer ones meanwhile.
 */
export function mergeLoadFields(queryClient: QueryClient, loadId: string, fields: Partial<LoadView>): void {
  queryClient.setQueryData<LoadView>(loadKeys.detail(loadId), (load) => (load ? { ...load, ...fields } : load));
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => list?.map((row) => (row.id === loadId ? { ...row, ...fields } : row)));
}

/** The load leaves the list; its detail cache is dropped once nothing shows it. */
export function forgetLoad(queryClient: QueryClient, loadId: string): void {
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => list?.filter((row) => row.id !== loadId));
  queryClient.removeQueries({ queryKey: loadKeys.detail(loadId), exact: true, type: 'inactive' });
  // Still shown by the page that deleted it, which is leaving: not read again now (a 404), but by whoever opens it next.
  void queryClient.invalidateQueries({ queryKey: loadKeys.detail(loadId), exact: true, refetchType: 'none' });
}

/**
 * This tab is deleting the load, or has deleted it: the server's word that it is gone is no news, and re-reading it
 * would only fail. (Forgotten with the delete mutation, minutes after its page has gone.)
 */
export function isDeletedHere(queryClient: QueryClient, loadId: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: loadKeys.deletion(loadId), exact: true })
    .some((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'success');
}

const detailLoadId = (query: Query): string => String(query.queryKey[2]);

/** Loads pushed by the server: the rows as they now are, and the ids that left this user's view. */
export interface LoadChanges {
  upserts: readonly LoadView[];
  removals: readonly string[];
}

/**
 * The list after a push, newest first like the server's: changed rows replaced in place (untouched rows keep their
 * identity, so tables re-render only what changed), new ones placed by created_at, removed ones gone.
 */
export function mergeLoadChanges(list: readonly LoadView[], { upserts, removals }: LoadChanges): LoadView[] {
  const removed = new Set(removals);
  const latest = new Map(upserts.filter((load) => !removed.has(load.id)).map((load) => [load.id, load]));
  const merged = list.filter((row) => !removed.has(row.id)).map((row) => latest.get(row.id) ?? row);
  const known = new Set(merged.map((row) => row.id));
  for (const load of latest.values()) {
    if (known.has(load.id)) continue;
    const at = merged.findIndex((row) => row.created_at < load.created_at);
    merged.splice(at === -1 ? merged.length : at, 0, load);
    known.add(load.id);
  }
  return merged;
}

/**
 * A push into every cache that shows these loads: the list, and any detail already cached (open or recent), or whose
 * read failed: a page saying "Load not found." shows the load once it is back (restored, or given to this vendor).
 */
export function applyLoadChanges(queryClient: QueryClient, changes: LoadChanges): void {
  queryClient.setQueryData<LoadView[]>(loadKeys.list(), (list) => (list ? mergeLoadChanges(list, changes) : list));
  for (const load of changes.upserts) {
    const state = queryClient.getQueryState(loadKeys.detail(load.id));
    if (state && (state.data !== undefined || state.status === 'error')) queryClient.setQueryData(loadKeys.detail(load.id), load);
  }
  // Deleted, or no longer this vendor's: an open detail re-reads and shows that it is gone. Not the page that deleted it
  // here: it leaves by itself, and may still be mounted when the push comes.
  for (const loadId of changes.removals) {
    const refetchType = isDeletedHere(queryClient, loadId) ? 'none' : 'active';
    void queryClient.invalidateQueries({ queryKey: loadKeys.detail(loadId), exact: true, refetchType });
  }
}

/**
 * Pushes applied to the caches at most once per `windowMs`: the first push after a quiet spell is applied at once, the
 * ones that follow within the window are gathered (the newest change per load wins, as applying them one by one would)
 * and applied together at its end. Merging into a list of tens of thousands of loads costs the same for one change as
 * for a hundred, so a burst of pushes costs a few merges instead of one each.
 *
 * `resync` re-reads the caches (`refresh`) and then applies again every push received since the re-read began. Pushes
 * keep coming while a re-read is under way and are applied as they come, but the re-read's answer replaces the cache
 * when it lands, and it may have been assembled before some of them: without this those rows would show their older
 * state until they next changed. Applying them again is safe whichever is newer: any later change to the same load
 * is pushed after them, so the newest push per load is the load as it now is.
 */
export function createLoadChangesBatcher(queryClient: QueryClient, windowMs = 40) {
  let pending = new Map<string, LoadView | null>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlush = -Infinity;
  /** Pushes received since each re-read under way began (newest per load). */
  const sinceResync = new Set<Map<string, LoadView | null>>();

  const toChanges = (changes: Map<string, LoadView | null>): LoadChanges => {
    const upserts: LoadView[] = [];
    const removals: string[] = [];
    for (const [id, load] of changes) {
      if (load) upserts.push(load);
      else removals.push(id);
    }
    return { upserts, removals };
  };

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    lastFlush = Date.now();
    if (pending.size === 0) return;
    const changes = toChanges(pending);
    pending = new Map();
    applyLoadChanges(queryClient, changes);
  };

  return {
    push(changes: LoadChanges): void {
      for (const gathered of [pending, ...sinceResync]) {
        for (const load of changes.upserts) gathered.set(load.id, load);
        for (const id of changes.removals) gathered.set(id, null);
      }
      if (timer !== null) return;
      const wait = lastFlush + windowMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    /** Applies what is gathered now. */
    flush,
    /** Re-reads through `refresh`, then applies again the pushes received meanwhile (see above). */
    async resync(refresh: () => Promise<void>): Promise<void> {
      flush();
      const since = new Map<string, LoadView | null>();
      sinceResync.add(since);
      try {
        await refresh();
      } finally {
        sinceResync.delete(since);
        flush();
        if (since.size > 0) applyLoadChanges(queryClient, toChanges(since));
      }
    },
  };
}

/**
 * Re-read every load query from the server (once connected, after a reconnect, or when the server says notices were
 * missed), except a load this tab deleted (see `isDeletedHere`). With `keepNotFound` (the connection's first greeting,
 * which comes next to the page's own first reads), a load the server has just answered 404 for (there is none, or it
 * is not this vendor's) is not asked about again: as with retries, a 4xx is the answer. After a reconnect it is, as
 * the load may have been restored or given to this vendor during the gap.
 */
export function refreshLoads(queryClient: QueryClient, { keepNotFound = false }: { keepNotFound?: boolean } = {}): Promise<void> {
  const deletedHere = (query: Query) => isDeletedHere(queryClient, detailLoadId(query));
  const justNotFound = (query: Query) => keepNotFound && query.state.status === 'error' && isNotFound(query.state.error);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loadKeys.list() }),
    queryClient.invalidateQueries({ queryKey: loadKeys.details(), predicate: (query) => !deletedHere(query) && !justNotFound(query) }),
    // Marked stale all the same: read again if the delete fails, or by whoever opens the load next.
    queryClient.invalidateQueries({ queryKey: loadKeys.details(), predicate: deletedHere, refetchType: 'none' }),
  ]).then(() => undefined);
}
