import type pg from 'pg';
import { withTransaction } from '@portal/platform/db/pool';

/**
 * Ages every event of a stream, as if it had been recorded `ms` ago: the passing of time, which only a test may do to
 * the append-only event table (its guard trigger is off for this one transaction; the table's owner may do that).
 */
export async function ageStream(pool: pg.Pool, stream: string, ms: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('ALTER TABLE es_events DISABLE TRIGGER es_events_no_update');
    const aged = await client.query("UPDATE es_events SET created_at = now() - $2 * interval '1 millisecond' WHERE stream_id = $1", [stream, ms]);
    if (!aged.rowCount) throw new Error(`no events in ${stream}`);
    await client.query('ALTER TABLE es_events ENABLE TRIGGER es_events_no_update');
  });
}
