import { paymentChanges } from '@portal/domain/history/describe';
import type { Projection, ProjectionContext } from '../runtime';
import { batchLoads } from '../loads/projection';

const batchRows = (context: ProjectionContext) => context.local('payment-history', () => [] as Record<string, unknown>[]);

/**
 * payment_history: one row per payment fact that changed (status, amount paid, last payment date, notes), with the
 * load, its vendor and the payment status after the change. Runs after the loads projection, so the batch holds the
 * load as it is right after this event.
 */
export const paymentHistoryProjection: Projection = {
  name: 'payment-history',
  apply(recorded, context) {
    const facts = paymentChanges(recorded.type, recorded.data);
    if (facts.length === 0) return;
    const loadId = recorded.streamId.slice('load-'.length);
    const load = batchLoads(context).get(loadId)?.state;
    if (!load) throw new Error(`load ${loadId} has no row for its payment history`);
    const rows = batchRows(context);
    let seq = 0;
    for (const fact of facts) {
      rows.push({
        position: recorded.position.toString(), seq: seq++, load_id: loadId, kdt_id: load.kdtId, vendor_id: load.vendorId,
        vendor_name: load.vendorName, at: recorded.createdAt, actor_username: recorded.metadata.actorUsername ?? null,
        actor_tier: recorded.metadata.actorTier ?? null, field: fact.field, from_value: fact.from ?? null, to_value: fact.to ?? null,
        payment_status: load.paymentStatus,
      });
    }
  },

  async flush(context) {
    const rows = batchRows(context);
    if (rows.length === 0) return;
    await context.tx.query(
      `INSERT INTO payment_history (position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status)
       SELECT position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status
       FROM jsonb_populate_recordset(NULL::payment_history, $1::jsonb)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
};
