// The read API's kept load list and read-your-writes. A read that waited for its position must hold the caller's own
// change even when the position was learned without the batch's notice: the checkpoint is polled while reads wait (it
// can pass a batch before its notice is heard), and it is all there is while the notices' connection is lost. Before,
// such a read got the kept list without the change, and without X-Read-Model-Stale. Here the list cache hears only
// what the test tells it, over the real read model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@portal/projector/notices';
import { gunzipBody, LoadListCache } from '@portal/read-api/loads/list-cache';
import type { ProjectionPosition } from '@portal/read-api/projection-position';
import { DEMO_PASSWORD } from '../accounts/support';
import type { PortalClient } from '../support/http-client';
import { startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;
let vendor: PortalClient;
beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await system.client().start();
  expect((await vendor.post('/api/auth/login/', { username: 'carrier', password: DEMO_PASSWORD, portal: 'vendor' })).status).toBe(200);
}, 120_000);
afterAll(async () => { await system?.stop(); });

/** A projection position the test drives: what the list cache hears, and the position it knows. */
function drivenPosition() {
  const subscribers: ((notice: ChangeNotice | 'reconnected') => void)[] = [];
  const lost: (() => void)[] = [];
  const driven = {
    position: -1n,
    subscribe: (subscriber: (notice: ChangeNotice | 'reconnected') => void) => { subscribers.push(subscriber); return () => {}; },
    onLost: (listener: () => void) => { lost.push(listener); return () => {}; },
    known: () => driven.position,
    hear: (notice: ChangeNotice | 'reconnected') => { for (const subscriber of subscribers) subscriber(notice); },
    lose: () => { for (const listener of lost) listener(); },
  };
  return driven;
}

const statusIn = async (cache: LoadListCache, loadId: string, minPosition?: bigint) => {
  const list = JSON.parse((await gunzipBody(await cache.get(null, minPosition))).toString()) as { id: string; status: string }[];
  return list.find((load) => load.id === loadId)?.status;
};

async function setStatus(loadId: string, status: string): Promise<bigint> {
  const answer = await vendor.request('PATCH', `/api/loads/${loadId}/`, { status });
  expect(answer.status).toBe(200);
  await system.caughtUp();
  return BigInt(answer.headers.get('x-event-position')!);
}

/** A new open load of the vendor's, and a kept list over the read model that has read it, driven by the test. */
async function keptListWithNewLoad(loadNumber: string) {
  const { body: load } = await vendor.post('/api/loads/', { load_number: loadNumber });
  await system.caughtUp();
  const position = drivenPosition();
  position.position = await system.store.headPosition();
  const cache = new LoadListCache(system.pool, position as unknown as ProjectionPosition);
  expect(await statusIn(cache, load.id as string)).toBe('open');
  return { load: load as { id: string }, position, cache };
}

describe('the kept load list', () => {
  it('reads everything again for a read whose position passed the last notice heard, and often while notices are lost', async () => {
    const { load, position, cache } = await keptListWithNewLoad('kdt_cache-1');

    // Committed and applied, its notice not heard (yet): a plain read may be the kept list; a read at its position not.
    const picked = await setStatus(load.id, 'picked_up');
    position.position = picked;
    expect(await statusIn(cache, load.id)).toBe('open');
    expect(await statusIn(cache, load.id, picked)).toBe('picked_up');
    // Read again once: kept again from there on, up to that position.
    expect(await statusIn(cache, load.id, picked)).toBe('picked_up');

    // Its notice heard late, then the next change heard as usual: kept and patched as before.
    position.hear({ position: picked, changes: [{ kind: 'load', key: load.id, op: 'upsert' }] });
    const delivered = await setStatus(load.id, 'delivered');
    position.position = delivered;
    position.hear({ position: delivered, changes: [{ kind: 'load', key: load.id, op: 'upsert' }] });
    expect(await statusIn(cache, load.id, delivered)).toBe('delivered');

    // The notices' connection lost: nothing says what changes, so the loads are read again (readers within a quarter
    // second of each other share one read).
    position.lose();
    await setStatus(load.id, 'open');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusIn(cache, load.id)).toBe('open');
    await setStatus(load.id, 'picked_up');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusIn(cache, load.id)).toBe('picked_up');
    // Back: kept again until the next notice.
    position.hear('reconnected');
    expect(await statusIn(cache, load.id)).toBe('picked_up');
    await setStatus(load.id, 'delivered');
    expect(await statusIn(cache, load.id)).toBe('picked_up');
  });
  it('forgets the notices it heard when their connection is lost: a crash may take those batches, applied again later', async () => {
    const { load, position, cache } = await keptListWithNewLoad('kdt_cache-2');
    // A notice far ahead is heard, then the connection is lost (the database crashed with that batch) and comes back.
    position.hear({ position: position.position + 1_000n, changes: [] });
    position.lose();
    position.hear('reconnected');
    expect(await statusIn(cache, load.id)).toBe('open');
    // The batch is applied again; the read at the write's position learns it from the checkpoint, before its notice.
    const picked = await setStatus(load.id, 'picked_up');
    position.position = picked;
    expect(await statusIn(cache, load.id, picked)).toBe('picked_up');
  });
});
