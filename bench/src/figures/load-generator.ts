// More loads, fast: the events a vendor's "create load" appends, decided by the domain's own decider and appended
// through the event store port (many appends in flight, so group commit puts many in each transaction), then the
// projector is awaited until it has caught up. Tens of thousands of HTTP creates would take minutes for the same rows.
import { randomUUID } from 'node:crypto';
import * as loads from '@portal/domain/loads/decider';
import { loadNumberStream, loadStream, normalizeLoadNumber } from '@portal/domain/loads/fields';
import type { EventMetadata, EventStore, JsonObject } from '@portal/platform/event-store/port';
import type { Pool } from '@portal/platform/db/pool';
import { readCheckpoint } from '@portal/projector/runtime';
import { pause } from './commands';

export interface LoadOwner {
  vendorId: string;
  vendorName: string | null;
  userId: string;
  username: string;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 10, 1);

/**
 * A load's pick-up and delivery, seeded, as real boards have them: over two months, the delivery 1-3 days after the
 * pick-up, most at a time of day and some a date without a time (UTC midnight), so the board's date columns and its
 * search (which reads the dates as shown) work on real values.
 */
export function loadDates(random: () => number): { pickup_date: string; delivery_date: string } {
  const at = (day: number) => {
    const dated = FIRST_DAY + day * DAY_MS;
    return new Date(random() < 0.3 ? dated : dated + (6 + Math.floor(random() * 12)) * 3_600_000 + Math.floor(random() * 4) * 15 * 60_000).toISOString();
  };
  const pickupDay = Math.floor(random() * 60);
  return { pickup_date: at(pickupDay), delivery_date: at(pickupDay + 1 + Math.floor(random() * 3)) };
}

/**
 * Loads `b{from}` .. `b{to - 1}` for the owner's vendor, with the same fields as the HTTP creates (seeded), each as
 * its two appends: the load number reserved (expected: no stream), then LoadCreated on the load's own stream
 * (expected: no stream). Returns the new load ids.
 */
export async function generateLoads(store: EventStore, owner: LoadOwner, from: number, to: number, random: () => number, inFlight = 64): Promise<string[]> {
  const ids: string[] = [];
  let next = from;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < to) {
      const i = next++;
      const loadId = randomUUID();
      const kdtId = normalizeLoadNumber(`b${i}`);
      const metadata: EventMetadata = { actorId: owner.userId, actorUsername: owner.username, actorType: 'VENDOR', actorTier: null, correlationId: randomUUID() };
      const events = loads.decide({
        type: 'CreateLoad',
        data: {
          load_id: loadId, load_number: kdtId, kdt_id: kdtId, vendor_id: owner.vendorId, vendor_name: owner.vendorName, user_id: owner.userId,
          pickup_location: `City ${Math.floor(random() * 500)}, TX`, delivery_location: null, ...loadDates(random),
          rate_amount: Math.round(random() * 4000), now: new Date(),
        },
      }, loads.initialState());
      await store.appendToStream(loadNumberStream(kdtId), [{ type: 'LoadNumberReserved', data: { load_id: loadId, kdt_id: kdtId }, metadata }], { expectedRevision: 'no_stream' });
      await store.appendToStream(loadStream(loadId), events.map((event) => ({ type: event.type, data: event.data as unknown as JsonObject, metadata })), { expectedRevision: 'no_stream' });
      ids.push(loadId);
    }
  }));
  return ids;
}

/** Waits until the projector's checkpoint has reached the event store's head, looking every `intervalMs`. */
export async function projectorCaughtUp(store: EventStore, pool: Pool, timeoutMs = 600_000, intervalMs = 200): Promise<void> {
  const head = await store.headPosition();
  const deadline = Date.now() + timeoutMs;
  while ((await readCheckpoint(pool)) < head) {
    if (Date.now() > deadline) throw new Error(`bench: the projector did not reach position ${head} within ${timeoutMs / 1000} s`);
    await pause(intervalMs);
  }
}
