import type { PipelineProbeEvent } from '@portal/domain/pipeline-probe/events';
import type { Projection } from '../runtime';

/** Keeps the newest probes; older ones leave the read model (their events stay in the store). */
const KEEP_PROBES = 100;

export const pipelineProbeProjection: Projection = {
  name: 'pipeline-probe',
  eventTypes: new Set(['PipelineProbed']),
  async apply(event, { tx, changed }) {
    const { data } = event as unknown as PipelineProbeEvent;
    await tx.query(
      `INSERT INTO pipeline_probes (probe_id, position, requested_at) VALUES ($1, $2, $3)
       ON CONFLICT (probe_id) DO NOTHING`,
      [data.probe_id, event.position, data.requested_at],
    );
    await tx.query(
      `DELETE FROM pipeline_probes WHERE probe_id NOT IN (
         SELECT probe_id FROM pipeline_probes ORDER BY position DESC LIMIT ${KEEP_PROBES})`,
    );
    changed({ kind: 'pipeline-probe', key: data.probe_id, op: 'upsert' });
  },
};
