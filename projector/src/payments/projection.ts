import { paymentChanges } from '@portal/domain/history/describe';
import { addRows, type TypedColumn } from '@portal/platform/db/copy';
import type { Projection, ProjectionContext } from '../runtime';
import { batchLoads } from '../loads/projection';
import { PAYMENTS_CHANGE, PAYMENTS_LOG_KEY } from '../notices';

const COLUMNS: readonly TypedColumn[] = [
  ['position', 'bigint'], ['seq', 'int'], ['load_id', 'uuid'], ['kdt_id', 'text'], ['vendor_id', 'uuid'], ['vendor_name', 'text'], ['at', 'timestamptz'],
  ['actor_username', 'text'], ['actor_tier', 'text'], ['field', 'text'], ['from_value', 'jsonb'], ['to_value', 'jsonb'], ['payment_status', 'text'],
  ['actor_type', 'text'],
];
/** Rows of the current page, not written yet. */
const pageRows = (context: ProjectionContext) => context.local('payment-history', () => ({ rows: [] as unknown[][] }));

/**
 * payment_history: one row per payment fact that changed (status, amount paid, last payment date, notes, rate), with the
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
    const { rows } = pageRows(context);
    context.changed({ kind: PAYMENTS_CHANGE, key: PAYMENTS_LOG_KEY, op: 'upsert' });
    let seq = 0;
    for (const fact of facts) {
      // In COLUMNS' order.
      rows.push([
        recorded.position, seq++, loadId, load.kdtId, load.vendorId, load.vendorName, recorded.createdAt,
        recorded.metadata.actorUsername ?? null, recorded.metadata.actorTier ?? null, fact.field, json(fact.from), json(fact.to), load.paymentStatus,
        recorded.metadata.actorType ?? null,
      ]);
    }
  },

  async flushPage(context) {
    // Rows are only ever added, each (position, seq) once: the transaction's checkpoint commits with them.
    const held = pageRows(context);
    const { rows } = held;
    held.rows = [];
    await addRows(context.tx, 'payment_history', COLUMNS, rows);
  },
};

/** A jsonb value (from_value, to_value): null stays SQL NULL, as before. */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
