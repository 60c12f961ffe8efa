import { paymentChanges } from '@portal/domain/history/describe';
import type { Load } from '@portal/domain/loads/decider';
import type { Projection } from '../runtime';

/**
 * payment_history: one row per payment fact that changed (status, amount paid, last payment date, notes), with the
 * load, its vendor and the payment status after the change. Runs after the loads projection, so the load row is current.
 */
export const paymentHistoryProjection: Projection = {
  name: 'payment-history',
  async apply(recorded, { tx }) {
    const facts = paymentChanges(recorded.type, recorded.data);
    if (facts.length === 0) return;
    const loadId = recorded.streamId.slice('load-'.length);
    const { rows } = await tx.query<{ state: Load; vendor_name: string | null }>('SELECT state, vendor_name FROM loads WHERE id = $1', [loadId]);
    const load = rows[0];
    if (!load) throw new Error(`load ${loadId} has no row for its payment history`);
    let seq = 0;
    for (const fact of facts) {
      await tx.query(
        `INSERT INTO payment_history (position, seq, load_id, kdt_id, vendor_id, vendor_name, at, actor_username, actor_tier, field, from_value, to_value, payment_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
        [
          recorded.position, seq++, loadId, load.state.kdtId, load.state.vendorId, load.vendor_name, recorded.createdAt,
          recorded.metadata.actorUsername ?? null, recorded.metadata.actorTier ?? null, fact.field,
          JSON.stringify(fact.from ?? null), JSON.stringify(fact.to ?? null), load.state.paymentStatus,
        ],
      );
    }
  },
};
