import type { PipelineProbeEvent } from '@portal/domain/pipeline-probe/events';
import type { Projection } from '../runtime';

/** Keeps the newest probes; older ones leave the read model (their events stay in the store). */
const KEEP_PROBES = 100;

interface Probe {
  probe_id: string;
  position: string;
  requested_at: string;
}

/**
 * Written at commit (`flush`), not as each event is applied: in a replay the previous transaction may still be
 * committing, and the pruning below would not see the probes it wrote (see the accounts projection).
 */
export const pipelineProbeProjection: Projection = {
  name: 'pipeline-probe',
  eventTypes: new Set(['PipelineProbed']),
  apply(event, context) {
    const { data } = event as unknown as PipelineProbeEvent;
    context.local<Probe[]>('pipeline-probe:probes', () => []).push({ probe_id: data.probe_id, position: event.position.toString(), requested_at: data.requested_at });
    context.changed({ kind: 'pipeline-probe', key: data.probe_id, op: 'upsert' });
  },
  async flush(context) {
    const probes = context.local<Probe[]>('pipeline-probe:probes', () => []).splice(0);
    if (probes.length === 0) return;
    await context.tx.query(
      `INSERT INTO pipeline_probes (probe_id, position, requested_at)
       SELECT probe_id, position, requested_at FROM jsonb_to_recordset($1::jsonb) AS p(probe_id uuid, position bigint, requested_at timestamptz)
       ON CONFLICT (probe_id) DO NOTHING`,
      [JSON.stringify(probes)],
    );
    await context.tx.query(
      `DELETE FROM pipeline_probes WHERE probe_id NOT IN (
         SELECT probe_id FROM pipeline_probes ORDER BY position DESC LIMIT ${KEEP_PROBES})`,
    );
  },
};
