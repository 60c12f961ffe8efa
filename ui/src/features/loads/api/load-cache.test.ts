import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LoadView } from '@portal/domain/loads/view';
import { loadFixture } from '../utils/load-fixture';
import { applyLoadChanges, createLoadChangesBatcher, mergeLoadChanges } from './load-cache';
import { loadKeys } from './load-query-keys';

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
