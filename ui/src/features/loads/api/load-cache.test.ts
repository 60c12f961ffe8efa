import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LoadView } from '@portal/domain/loads/view';
import { ApiError } from '../../../lib/api-client';
import { loadFixture } from '../utils/load-fixture';
import { deleteLoadMutationOptions } from './delete-load';
import { applyLoadChanges, createLoadChangesBatcher, forgetLoad, isDeletedHere, mergeLoadChanges, mergeLoadFields, refreshLoads } from './load-cache';
import { loadKeys, LOADS_FRESH_MS } from './load-query-keys';

const at = (id: string, day: number, overrides: Partial<LoadView> = {}) =>
  loadFixture(id, { created_at: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`, ...overrides });
const ids = (rows: LoadView[]) => rows.map((row) => row.id);

describe('mergeLoadChanges (a push applied to the cached list)', () => {
  const list = [at('c', 3), at('b', 2), at('a', 1)];

  it('replaces a changed row in place and keeps the others as they were (same objects)', () => {
    const changed = at('b', 2, { status: 'delivered' });
    const merged = mergeLoadChanges(list, { upserts: [changed], removals: [] });
    expect(ids(merged)).toEqual(['c', 'b', 'a']);
    expect(merged[1]).toBe(changed);
    expect(merged[0]).toBe(list[0]);
    expect(merged[2]).toBe(list[2]);
  });

  it('places a new load by created_at, newest first like the server', () => {
    expect(ids(mergeLoadChanges(list, { upserts: [at('d', 4)], removals: [] }))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(mergeLoadChanges(list, { upserts: [at('m', 2)], removals: [] }))).toEqual(['c', 'b', 'm', 'a']);
    expect(ids(mergeLoadChanges(list, { upserts: [at('z', 0)], removals: [] }))).toEqual(['c', 'b', 'a', 'z']);
  });

  it('drops removed loads, and a load both upserted and removed stays out', () => {
    expect(ids(mergeLoadChanges(list, { upserts: [], removals: ['b'] }))).toEqual(['c', 'a']);
    expect(ids(mergeLoadChanges(list, { upserts: [at('d', 4)], removals: ['d', 'a'] }))).toEqual(['c', 'b']);
  });

  it('ignores removals of loads it never had and does not duplicate repeated upserts', () => {
    const merged = mergeLoadChanges(list, { upserts: [at('d', 4), at('d', 4, { status: 'cancelled' })], removals: ['x'] });
    expect(ids(merged)).toEqual(['d', 'c', 'b', 'a']);
    expect(merged[0]!.status).toBe('cancelled');
  });

  it('does not change the list it was given', () => {
    mergeLoadChanges(list, { upserts: [at('d', 4)], removals: ['a'] });
    expect(ids(list)).toEqual(['c', 'b', 'a']);
  });
});

describe('applyLoadChanges (the caches a push updates)', () => {
  it('updates the list and cached details, creates no detail that was not cached, and leaves an uncached list alone', () => {
    const client = new QueryClient();
    client.setQueryData(loadKeys.list(), [at('a', 1)]);
    client.setQueryData(loadKeys.detail('a'), at('a', 1));
    applyLoadChanges(client, { upserts: [at('a', 1, { status: 'picked_up' }), at('n', 5)], removals: [] });
    expect(ids(client.getQueryData<LoadView[]>(loadKeys.list())!)).toEqual(['n', 'a']);
    expect(client.getQueryData<LoadView>(loadKeys.detail('a'))!.status).toBe('picked_up');
    expect(client.getQueryData(loadKeys.detail('n'))).toBeUndefined();

    const empty = new QueryClient();
    applyLoadChanges(empty, { upserts: [at('n', 5)], removals: [] });
    expect(empty.getQueryData(loadKeys.list())).toBeUndefined();
  });

  it('marks the detail of a removed load stale so an open page re-reads it', () => {
    const client = new QueryClient();
    client.setQueryData(loadKeys.list(), [at('a', 1)]);
    client.setQueryData(loadKeys.detail('a'), at('a', 1));
    applyLoadChanges(client, { upserts: [], removals: ['a'] });
    expect(client.getQueryData<LoadView[]>(loadKeys.list())).toEqual([]);
    expect(client.getQueryState(loadKeys.detail('a'))!.isInvalidated).toBe(true);
  });
});

/** A detail page open on `loadId`: its query, active, reading through `read` (the server's answers, counted). */
function openDetail(queryClient: QueryClient, loadId: string, read: () => Promise<LoadView>) {
  const reads = vi.fn(read);
  const observer = new QueryObserver(queryClient, { queryKey: loadKeys.detail(loadId), queryFn: reads, staleTime: LOADS_FRESH_MS, retry: false });
  const close = observer.subscribe(() => undefined);
  const state = () => queryClient.getQueryState(loadKeys.detail(loadId))!;
  return { reads, state, close };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const notFound = () => Promise.reject(new ApiError(404, { detail: 'Not found.' }));

/** This tab's delete of `loadId`, as useDeleteLoad runs it; `answer` stands for the DELETE. */
function deleteHere(queryClient: QueryClient, loadId: string, answer: () => Promise<void> = async () => undefined) {
  const observer = new MutationObserver(queryClient, { ...deleteLoadMutationOptions(queryClient, loadId), mutationFn: answer });
  return observer.mutate().catch(() => undefined);
}

describe('a load deleted in this tab (its page leaves by itself, and is not re-read meanwhile)', () => {
  it('isDeletedHere: while the delete runs and once it succeeded; not after it failed', async () => {
    const queryClient = new QueryClient();
    let answer!: () => void;
    const deleting = deleteHere(queryClient, 'a', () => new Promise<void>((resolve) => (answer = resolve)));
    await settled();
    expect(isDeletedHere(queryClient, 'a')).toBe(true);
    expect(isDeletedHere(queryClient, 'b')).toBe(false);
    answer();
    await deleting;
    expect(isDeletedHere(queryClient, 'a')).toBe(true);
    await deleteHere(queryClient, 'c', () => Promise.reject(new ApiError(500, null)));
    expect(isDeletedHere(queryClient, 'c')).toBe(false);
  });

  it("forgetLoad: the page still showing it keeps it without reading it again; whoever opens it next asks the server", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(loadKeys.list(), [at('b', 2), at('a', 1)]);
    queryClient.setQueryData(loadKeys.detail('a'), at('a', 1));
    queryClient.setQueryData(loadKeys.detail('b'), at('b', 2));
    const page = openDetail(queryClient, 'a', notFound);
    forgetLoad(queryClient, 'a');
    forgetLoad(queryClient, 'b');
    await settled();
    expect(ids(queryClient.getQueryData<LoadView[]>(loadKeys.list())!)).toEqual([]);
    expect(page.reads).not.toHaveBeenCalled();
    expect(page.state()).toMatchObject({ status: 'success', isInvalidated: true });
    expect(queryClient.getQueryState(loadKeys.detail('b'))).toBeUndefined();
  });

  it('a pushed removal of it, while the delete runs or after, marks its open detail stale without re-reading it', async () => {
    const queryClient = new QueryClient();
    for (const id of ['a', 'b', 'c']) queryClient.setQueryData(loadKeys.detail(id), at(id, 1));
    const pages = { a: openDetail(queryClient, 'a', notFound), b: openDetail(queryClient, 'b', notFound), c: openDetail(queryClient, 'c', notFound) };
    let answer!: () => void;
    const deletingA = deleteHere(queryClient, 'a', () => new Promise<void>((resolve) => (answer = resolve)));
    await deleteHere(queryClient, 'b');
    applyLoadChanges(queryClient, { upserts: [], removals: ['a', 'b', 'c'] });
    await settled();
    expect(pages.a.reads).not.toHaveBeenCalled();
    expect(pages.b.reads).not.toHaveBeenCalled();
    expect(pages.a.state().isInvalidated).toBe(true);
    // Someone else's delete: the open page re-reads and shows that it is gone.
    expect(pages.c.reads).toHaveBeenCalledTimes(1);
    expect(pages.c.state().status).toBe('error');
    answer();
    await deletingA;
  });

  it('a resync does not re-read it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(loadKeys.detail('a'), at('a', 1));
    const page = openDetail(queryClient, 'a', notFound);
    await deleteHere(queryClient, 'a');
    await refreshLoads(queryClient);
    expect(page.reads).not.toHaveBeenCalled();
    expect(page.state().isInvalidated).toBe(true);
  });

  it('a removal or resync held back while the delete ran is read once the delete has failed', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(loadKeys.detail('a'), at('a', 1));
    const page = openDetail(queryClient, 'a', async () => at('a', 1, { status: 'delivered' }));
    let fail!: () => void;
    const deleting = deleteHere(queryClient, 'a', () => new Promise<void>((_, reject) => (fail = () => reject(new ApiError(500, null)))));
    await settled();
    await refreshLoads(queryClient);
    expect(page.reads).not.toHaveBeenCalled();
    fail();
    await deleting;
    await vi.waitFor(() => expect(queryClient.getQueryData<LoadView>(loadKeys.detail('a'))!.status).toBe('delivered'));
    expect(page.reads).toHaveBeenCalledTimes(1);
  });
});

describe('a load page that says "Load not found."', () => {
  it('shows the load when a push brings it (restored, or given to this vendor), without reading it again', async () => {
    const queryClient = new QueryClient();
    const page = openDetail(queryClient, 'back', notFound);
    await vi.waitFor(() => expect(page.state().status).toBe('error'));
    applyLoadChanges(queryClient, { upserts: [at('back', 2)], removals: [] });
    expect(page.state().status).toBe('success');
    expect(queryClient.getQueryData<LoadView>(loadKeys.detail('back'))!.id).toBe('back');
    expect(page.reads).toHaveBeenCalledTimes(1);
    page.close();
  });
});

describe('refreshLoads (a resync re-reads every load query)', () => {
  it('re-reads a load page that answered 404 after a reconnect, not on the first greeting, which follows its own read', async () => {
    const queryClient = new QueryClient();
    const missing = openDetail(queryClient, 'gone', notFound);
    queryClient.setQueryData(loadKeys.detail('a'), at('a', 1));
    const shown = openDetail(queryClient, 'a', async () => at('a', 1, { status: 'delivered' }));
    await vi.waitFor(() => expect(missing.state().status).toBe('error'));
    expect(missing.reads).toHaveBeenCalledTimes(1);

    await refreshLoads(queryClient, { keepNotFound: true });
    expect(missing.reads).toHaveBeenCalledTimes(1);
    expect(shown.reads).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<LoadView>(loadKeys.detail('a'))!.status).toBe('delivered');

    await refreshLoads(queryClient);
    expect(missing.reads).toHaveBeenCalledTimes(2);
    expect(shown.reads).toHaveBeenCalledTimes(2);
  });

  it('does not ask twice for a load page whose first read is still under way', async () => {
    const queryClient = new QueryClient();
    let answer!: (error: unknown) => void;
    const page = openDetail(queryClient, 'gone', () => new Promise<LoadView>((_, reject) => (answer = reject)));
    await settled();
    const refreshed = refreshLoads(queryClient, { keepNotFound: true });
    answer(new ApiError(404, null));
    await refreshed;
    expect(page.reads).toHaveBeenCalledTimes(1);
    expect(page.state().status).toBe('error');
  });
});

describe('createLoadChangesBatcher (bursts of pushes merged into the caches together)', () => {
  const seed = () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(loadKeys.list(), [at('c', 3), at('b', 2), at('a', 1)]);
    return queryClient;
  };

  it('applies the first push at once, gathers the rest of a burst and applies it once, newest change per load winning', async () => {
    const queryClient = seed();
    const batcher = createLoadChangesBatcher(queryClient, 30);
    let writes = 0;
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') writes++;
    });
    batcher.push({ upserts: [at('b', 2, { status: 'picked_up' })], removals: [] });
    expect(queryClient.getQueryData<LoadView[]>(loadKeys.list())![1]!.status).toBe('picked_up');
    expect(writes).toBe(1);
    batcher.push({ upserts: [at('b', 2, { status: 'delivered' })], removals: [] });
    batcher.push({ upserts: [at('d', 4)], removals: ['a'] });
    batcher.push({ upserts: [], removals: ['d'] });
    batcher.push({ upserts: [at('a', 1, { status: 'cancelled' })], removals: [] });
    // Not applied yet: the burst is still being gathered.
    expect(queryClient.getQueryData<LoadView[]>(loadKeys.list())![1]!.status).toBe('picked_up');
    await new Promise((resolve) => setTimeout(resolve, 60));
    const list = queryClient.getQueryData<LoadView[]>(loadKeys.list())!;
    expect(ids(list)).toEqual(['c', 'b', 'a']);
    expect(list[1]!.status).toBe('delivered');
    expect(list[2]!.status).toBe('cancelled');
    expect(writes).toBe(2);
  });

  it('flush applies what is gathered at once', () => {
    const queryClient = seed();
    const batcher = createLoadChangesBatcher(queryClient, 10_000);
    batcher.push({ upserts: [], removals: ['c'] });
    batcher.push({ upserts: [], removals: ['b'] });
    expect(ids(queryClient.getQueryData<LoadView[]>(loadKeys.list())!)).toEqual(['b', 'a']);
    batcher.flush();
    expect(ids(queryClient.getQueryData<LoadView[]>(loadKeys.list())!)).toEqual(['a']);
  });

  it('resync: pushes received while the re-read is under way are applied again over its answer, which may predate them', async () => {
    const queryClient = seed();
    const batcher = createLoadChangesBatcher(queryClient, 0);
    let answer!: () => void;
    // The re-read: its answer was assembled before the pushes below and lands after them, replacing the list.
    const resynced = batcher.resync(() => new Promise<void>((resolve) => {
      answer = () => {
        queryClient.setQueryData(loadKeys.list(), [at('c', 3), at('b', 2), at('a', 1)]);
        resolve();
      };
    }));
    batcher.push({ upserts: [at('b', 2, { status: 'picked_up' })], removals: [] });
    batcher.push({ upserts: [at('b', 2, { status: 'delivered' })], removals: ['c'] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    answer();
    await resynced;
    const list = queryClient.getQueryData<LoadView[]>(loadKeys.list())!;
    expect(ids(list)).toEqual(['b', 'a']);
    expect(list[0]!.status).toBe('delivered');
    // Once the re-read is over, pushes are not kept for any later one.
    batcher.push({ upserts: [at('a', 1, { status: 'cancelled' })], removals: [] });
    await batcher.resync(async () => void queryClient.setQueryData(loadKeys.list(), [at('a', 1)]));
    expect(queryClient.getQueryData<LoadView[]>(loadKeys.list())!.map((row) => row.status)).toEqual(['open']);
  });
});

describe('mergeLoadFields', () => {
  it("writes a refusal's fields into the detail and the list row, keeping what else a push brought meanwhile", () => {
    const queryClient = new QueryClient();
    const pushed = loadFixture('24101', { status: 'delivered', delivery_date: '2026-11-25T15:00:00.000Z', payment_status: 'unpaid' });
    const other = loadFixture('24102');
    queryClient.setQueryData(loadKeys.list(), [pushed, other]);
    queryClient.setQueryData(loadKeys.detail(pushed.id), pushed);
    mergeLoadFields(queryClient, pushed.id, { payment_status: 'disputed' });
    const expected = { ...pushed, payment_status: 'disputed' };
    expect(queryClient.getQueryData(loadKeys.detail(pushed.id))).toEqual(expected);
    expect(queryClient.getQueryData(loadKeys.list())).toEqual([expected, other]);
    // Nothing cached of a load: nothing made up.
    mergeLoadFields(queryClient, 'not-cached', { status: 'open' });
    expect(queryClient.getQueryData(loadKeys.detail('not-cached'))).toBeUndefined();
  });
});
